import { Alert, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { Account, Round, RoundInput } from '../../../../contracts/accounts';
import { defaultTimezone } from '../../../../domain/timezones';
import { isSuccess, unexpectedErrorMessage } from '../../../lib/api-client';
import { useUpdateAccount } from '../api';
import { ErrorNotice } from './error-notice';
import { RoundEditModal, roundUpdatedText } from './round-edit-modal';
import { SettingsSection } from './settings-section';

const newRound: RoundInput = {
  name: 'New Round',
  address: '',
  pickup_time: '09:00',
  timezone: defaultTimezone,
};

function toRoundInput(round: Round): RoundInput {
  return {
    id: round.id,
    name: round.name,
    address: round.address,
    pickup_time: round.pickup_time,
    timezone: round.timezone,
  };
}

/** Admins' table of the account's delivery rounds, with the Edit modal and Add Round (spec: Settings > Rounds). */
export function DeliveryRoundsSection({ account }: { account: Account }) {
  const updateAccount = useUpdateAccount();
  const [editing, setEditing] = useState<Round | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [isAdded, setIsAdded] = useState(false);

  /** The whole list is sent: the rounds kept have their ids, a new one has none. Answers the failure, if any. */
  async function saveRounds(rounds: RoundInput[]): Promise<string | null> {
    try {
      const response = await updateAccount.mutateAsync({ accountId: account.id, body: { rounds } });
      return isSuccess(response) ? null : response.meta.message || unexpectedErrorMessage;
    } catch {
      return unexpectedErrorMessage;
    }
  }

  function saveRound(changed: RoundInput) {
    return saveRounds(
      account.rounds.map((round) => (round.id === changed.id ? changed : toRoundInput(round))),
    );
  }

  async function addRound() {
    setErrorText(null);
    setIsAdded(false);
    const failure = await saveRounds([...account.rounds.map(toRoundInput), newRound]);
    if (failure === null) setIsAdded(true);
    else setErrorText(failure);
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
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {account.rounds.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>No rounds yet.</Table.Td>
            </Table.Tr>
          )}
          {account.rounds.map((round) => (
            <Table.Tr key={round.id}>
              <Table.Td>{round.name}</Table.Td>
              <Table.Td>{round.pickup_time}</Table.Td>
              <Table.Td>{round.address || <Text c="dimmed">Not set</Text>}</Table.Td>
              <Table.Td>{round.timezone}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Edit ${round.name}`}
                  onClick={() => setEditing(round)}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isAdded && (
        <Alert
          color="teal"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setIsAdded(false)}
        >
          {roundUpdatedText}
        </Alert>
      )}
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      <Group>
        <Button onClick={() => void addRound()} loading={updateAccount.isPending && editing === null}>
          Add Round
        </Button>
      </Group>
      {editing && <RoundEditModal round={editing} onSave={saveRound} onClose={() => setEditing(null)} />}
    </SettingsSection>
  );
}
