import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { EditRowButton } from '../../../components/edit-row-button';
import { useState } from 'react';
import type { Account, Round, RoundInput } from '../../../../contracts/accounts';
import { describeApiError } from '../../../lib/api-client';
import { useDeleteRound, useUpdateAccount } from '../../../api/accounts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RoundEditModal } from './round-edit-modal';
import { SettingsSection } from './settings-section';

export const roundDeletedText = 'Round deleted.';

function toRoundInput(round: Round): RoundInput {
  return {
    id: round.id,
    name: round.name,
    address: round.address,
    pickup_time: round.pickup_time,
    timezone: round.timezone,
    capacity: round.capacity,
    latest_return_time: round.latest_return_time,
  };
}

/**
 * Admins' table of the account's delivery rounds, with the Add Round and Edit dialogs (each saves only on Save)
 * and Delete, which asks first.
 */
export function DeliveryRoundsSection({ account }: { account: Account }) {
  const updateAccount = useUpdateAccount();
  const deleteRound = useDeleteRound(account.id);
  // 'new' is the Add Round dialog.
  const [editing, setEditing] = useState<Round | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Round | null>(null);

  /** The whole list is sent: the rounds kept have their ids, a new one has none. Answers the failure, if any. */
  async function saveRounds(rounds: RoundInput[]): Promise<string | null> {
    try {
      await updateAccount.mutateAsync({ accountId: account.id, body: { rounds } });
      return null;
    } catch (error) {
      return describeApiError(error);
    }
  }

  function saveRound(changed: RoundInput) {
    const kept = account.rounds.map((round) => (round.id === changed.id ? changed : toRoundInput(round)));
    return saveRounds(changed.id === undefined ? [...kept, changed] : kept);
  }

  return (
    <SettingsSection title="Delivery Rounds">
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Pick Up Time</Table.Th>
            <Table.Th>Pick Up Address</Table.Th>
            <Table.Th>Timezone</Table.Th>
            <Table.Th>Capacity</Table.Th>
            <Table.Th>Latest Return</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {account.rounds.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>No rounds yet.</Table.Td>
            </Table.Tr>
          )}
          {account.rounds.map((round) => (
            <Table.Tr key={round.id}>
              <Table.Td>{round.name}</Table.Td>
              <Table.Td>{round.pickup_time}</Table.Td>
              <Table.Td>{round.address || <Text c="dimmed">Not set</Text>}</Table.Td>
              <Table.Td>{round.timezone}</Table.Td>
              <Table.Td>{round.capacity ?? <Text c="dimmed">No limit</Text>}</Table.Td>
              <Table.Td>{round.latest_return_time ?? <Text c="dimmed">None</Text>}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <EditRowButton name={round.name} onEdit={() => setEditing(round)} />
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    aria-label={`Delete ${round.name}`}
                    onClick={() => setDeleting(round)}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button onClick={() => setEditing('new')}>Add Round</Button>
      </Group>
      {editing && (
        <RoundEditModal
          round={editing === 'new' ? null : editing}
          onSave={saveRound}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Round"
          question={`Delete the round ${deleting.name}? This cannot be undone.`}
          confirmLabel="Delete"
          confirmColor="red"
          success={{ text: roundDeletedText, closeDelay: 'saved' }}
          isPending={deleteRound.isPending}
          runAction={() => deleteRound.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </SettingsSection>
  );
}
