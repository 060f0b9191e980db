import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Account, Round } from '../../../../contracts/accounts';
import type { RoundClient } from '../../../../contracts/rounds';
import { useRoundClients } from '../../../api/rounds';
import { ErrorNotice } from '../../../components/error-notice';
import { PreferredOrderList } from './preferred-order-list';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

/** Every user: the order a round's clients are delivered in, used by the rounds screen's Order button. */
export function PreferredOrderSection({ account }: { account: Account }) {
  const [roundChoice, setRoundChoice] = useState('0');
  const round = account.rounds.find((candidate) => String(candidate.id) === roundChoice) ?? null;
  const clients = useRoundClients(round?.id ?? null);

  return (
    <SettingsSection title="Preferred Round Delivery Order">
      <NativeSelect
        label="Round"
        value={roundChoice}
        onChange={(event) => setRoundChoice(event.currentTarget.value)}
        data={[
          { value: '0', label: 'Select Round' },
          ...account.rounds.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
        ]}
        w={260}
      />
      {round === null && <Text size="sm">Please select a round.</Text>}
      {round && clients.isPending && <Text size="sm">Loading...</Text>}
      {round && <ErrorNotice text={clients.error?.message} />}
      {round && clients.data && (
        <OrderEditor
          key={`${round.id}-${clients.dataUpdatedAt}`}
          account={account}
          round={round}
          clients={clients.data}
        />
      )}
    </SettingsSection>
  );
}

type OrderEditorProps = { account: Account; round: Round; clients: RoundClient[] };

function OrderEditor({ account, round, clients }: OrderEditorProps) {
  const accountSave = useAccountSave(account.id);
  const [order, setOrder] = useState(clients);

  function save() {
    // Other rounds' orders are kept: the whole map is sent with this round's entry replaced.
    void accountSave.save({
      preferred_delivery_order: {
        ...account.preferred_delivery_order,
        [round.name]: order.map((client) => client.key),
      },
    });
  }

  if (order.length === 0) return <Text size="sm">This round has no clients.</Text>;
  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm" c="dimmed">
        Drag a client, or use its up and down buttons, to change the order.
      </Text>
      <PreferredOrderList clients={order} onReorder={setOrder} />
      <SavedBanner isShown={accountSave.isSaved} />
      <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
      <Group>
        <Button onClick={save} loading={accountSave.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
