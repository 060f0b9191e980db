import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import type { VisitOutcome } from '../../../../contracts/visits';
import { formatStopTimes } from '../../../../domain/round-panel';
import { describeApiError } from '../../../lib/api-client';
import { OutcomeLists } from './visit-write-status';
import { usePublishVisits } from '../../../api/round-visits';
import { buildPublishBody, listChangedVisits, nothingChangedText, type PanelVisit } from '../panel-model';

type PublishModalProps = {
  visits: readonly PanelVisit[];
  /** Why a visit the coordinator did not move changes (by visit id), shown under its updated times. */
  retimeReasons: ReadonlyMap<number, string>;
  onPublished: (outcomes: VisitOutcome[], message: string) => void;
  onClose: () => void;
};

/**
 * 'Publish Changes': the changed visits' original and updated times, with the reason a visit changes that the
 * coordinator did not move; confirming sends only those.
 */
export function PublishModal({ visits, retimeReasons, onPublished, onClose }: PublishModalProps) {
  const publish = usePublishVisits();
  const [errorText, setErrorText] = useState<string | null>(null);
  // Kept from the answer: once published, the panel's list of changed visits no longer holds them.
  const [result, setResult] = useState<{ total: number; notDone: VisitOutcome[] } | null>(null);
  const changed = listChangedVisits(visits);

  async function confirm() {
    setErrorText(null);
    try {
      const { outcomes, message } = await publish.mutateAsync(buildPublishBody(visits));
      onPublished(outcomes, message);
      const left = outcomes.filter((outcome) => !outcome.is_done);
      if (left.length === 0) onClose();
      else setResult({ total: outcomes.length, notDone: left });
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Publish Changes"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {result ? (
        <Stack gap="md">
          <Alert color="gray" role="status" title="Not every change is published yet">
            {`${result.total - result.notDone.length} of ${result.total} visits were published.`}
          </Alert>
          <OutcomeLists outcomes={result.notDone} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {changed.length === 0 ? (
            <Text size="sm">{nothingChangedText}</Text>
          ) : (
            <Text size="sm">The updated times of these visits are sent to the care-management system.</Text>
          )}
          <Table striped withTableBorder hidden={changed.length === 0}>
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
                  <Table.Td>
                    {formatStopTimes(visit)}
                    {retimeReasons.has(visit.id) && (
                      <Text size="xs" c="dimmed">
                        {retimeReasons.get(visit.id)}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={publish.isPending}>
              Cancel
            </Button>
            <Button
              onClick={() => void confirm()}
              loading={publish.isPending}
              disabled={changed.length === 0}
            >
              Publish
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
