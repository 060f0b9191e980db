import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { VisitOutcome } from '../../../../contracts/visits';
import { formatStopTimes } from '../../../../domain/round-panel';
import { isSuccess, unexpectedErrorMessage } from '../../../lib/api-client';
import { usePublishVisits } from '../api';
import { buildPublishBody, listChangedVisits, type PanelVisit } from '../panel-model';

type PublishModalProps = {
  visits: readonly PanelVisit[];
  onPublished: (outcomes: VisitOutcome[], message: string) => void;
  onClose: () => void;
};

/** 'Publish Changes': the changed visits' original and updated times; confirming sends only those (spec 7). */
export function PublishModal({ visits, onPublished, onClose }: PublishModalProps) {
  const publish = usePublishVisits();
  const [errorText, setErrorText] = useState<string | null>(null);
  const changed = listChangedVisits(visits);

  async function confirm() {
    setErrorText(null);
    try {
      const response = await publish.mutateAsync(buildPublishBody(visits));
      if (isSuccess(response) && response.data) {
        onPublished(response.data, response.meta.message);
        onClose();
      } else {
        setErrorText(response.meta.message || unexpectedErrorMessage);
      }
    } catch {
      setErrorText(unexpectedErrorMessage);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Publish Changes"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">The updated times of these visits are sent to the care-management system.</Text>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>Original Times</Table.Th>
              <Table.Th>Updated Times</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changed.map((visit) => (
              <Table.Tr key={visit.id}>
                <Table.Td>{visit.client.name}</Table.Td>
                <Table.Td>
                  {formatStopTimes({ start: visit.original_start, end: visit.original_end })}
                </Table.Td>
                <Table.Td>{formatStopTimes(visit)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {errorText && (
          <Alert color="red" withCloseButton closeButtonLabel="Dismiss" onClose={() => setErrorText(null)}>
            {errorText}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={publish.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={publish.isPending} disabled={changed.length === 0}>
            Publish
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
