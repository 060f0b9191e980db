import { Button, ColorSwatch, Group, Stack, Table, Text, Title } from '@mantine/core';
import { EditRowButton } from '../../../components/edit-row-button';
import { useId, useState } from 'react';
import type { Label } from '../../../../contracts/meals';
import { labelColour } from '../../../../domain/labels';
import { describeApiError } from '../../../lib/api-client';
import { useCreateLabel, useLabels } from '../../../api/meal-labels';
import { ErrorNotice } from '../../../components/error-notice';
import { LabelEditModal } from './label-edit-modal';

const sectionTitle = 'Meal Labels';

/** The account's meal labels with their colours; Add Label, and Edit in a modal. */
export function MealLabelsSection() {
  const titleId = useId();
  const labels = useLabels();
  const createLabel = useCreateLabel();
  const [editing, setEditing] = useState<Label | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);

  async function addLabel() {
    setErrorText(null);
    try {
      await createLabel.mutateAsync(undefined);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <Stack component="section" gap="md" aria-labelledby={titleId}>
      <Group justify="space-between" maw={560}>
        <Title order={3} id={titleId}>
          {sectionTitle}
        </Title>
        <Button onClick={() => void addLabel()} loading={createLabel.isPending}>
          Add Label
        </Button>
      </Group>
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      {labels.isPending && <Text>Loading...</Text>}
      <ErrorNotice text={labels.error?.message} />
      {labels.isSuccess && (
        <Table striped withTableBorder maw={560} aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Colour</Table.Th>
              <Table.Th>Label</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {labels.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>No labels found</Table.Td>
              </Table.Tr>
            )}
            {labels.data.map((label) => (
              <Table.Tr key={label.key}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={labelColour(label.colour, 'meals')} size={20} aria-hidden />
                    <Text size="sm" ff="monospace">
                      {label.colour}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{label.name}</Table.Td>
                <Table.Td>
                  <EditRowButton name={label.name} onEdit={() => setEditing(label)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && <LabelEditModal key={editing.key} label={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
