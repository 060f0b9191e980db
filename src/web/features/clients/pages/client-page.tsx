import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { keepsClientsLocally } from '../../../../contracts/accounts';
import { formatStopAddress } from '../../../../domain/client-address';
import { addressUnplacedText } from '../../../../domain/client-identity';
import { useSession } from '../../../lib/session-store';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { ErrorNotice } from '../../../components/error-notice';
import { useLabels } from '../../../api/meal-labels';
import { useClient, usePrevNext } from '../../../api/clients';
import { useMapTileUrl } from '../../../api/public-config';
import { readSavedClientList } from '../client-filters-store';
import { ClientDetailsForm } from '../components/client-details-form';
import { ClientMap } from '../components/client-map';
import { ClientMessages } from '../components/client-messages';
import { ClientNeighbours } from '../components/client-neighbours';
import { ContactsPanel } from '../components/contacts-panel';
import { SourceDetails } from '../components/source-details';
import { FundingPanel } from '../components/funding-panel';
import { HoldStatus, HoldsPanel } from '../components/holds-panel';
import { MealSelection } from '../components/meal-selection';
import { currentWeekId } from '../../../lib/calendar';

export const unsavedChangesText = 'You have unsaved changes. Leave them without saving?';

/**
 * Tracks unsaved changes of the screen's parts and asks before they are lost (the shared leave guard). The parts
 * are read at the moment of leaving: Save and Close marks its part saved in the same event as it leaves.
 */
function useUnsavedGuard() {
  const dirtyParts = useRef(new Set<string>());
  const [isDirty, setIsDirty] = useState(false);
  const markDirty = useCallback((part: string, isPartDirty: boolean) => {
    if (isPartDirty) dirtyParts.current.add(part);
    else dirtyParts.current.delete(part);
    setIsDirty(dirtyParts.current.size > 0);
  }, []);
  const readIsDirty = useCallback(() => dirtyParts.current.size > 0, []);
  const forgetChanges = useCallback(() => dirtyParts.current.clear(), []);
  useLeaveGuard(isDirty, unsavedChangesText, { readIsDirty, onLeave: forgetChanges });
  // Another week drops only the meal choices' changes, so only they are asked about.
  const confirmLeave = useCallback(
    (part: string) => !dirtyParts.current.has(part) || window.confirm(unsavedChangesText),
    [],
  );
  return { markDirty, confirmLeave };
}

/** The message the new-client dialog passed on when the client was added with a caveat (address not checked). */
function readAddedNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('addedNotice' in state)) return null;
  return typeof state.addedNotice === 'string' ? state.addedNotice : null;
}

/** One client: neighbours, the CRM's details, what the product maintains, the map and the meal selection. */
export function ClientPage() {
  const { clientId } = useParams();
  if (!clientId) {
    return (
      <Stack gap="sm">
        <Title order={1}>Client</Title>
        <Text>
          Choose a client from the{' '}
          <Anchor component={Link} to="/clients">
            clients list
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }
  if (!/^\d{1,9}$/.test(clientId)) {
    return (
      <Stack gap="sm">
        <Title order={1}>Client</Title>
        <ErrorNotice text="Client not found." />
      </Stack>
    );
  }
  return <ClientScreen key={clientId} clientId={Number(clientId)} />;
}

function ClientScreen({ clientId }: { clientId: number }) {
  const [weekId, setWeekId] = useState(currentWeekId);
  const client = useClient(clientId, weekId);
  const saved = readSavedClientList();
  const neighbours = usePrevNext(clientId, saved, saved.page);
  const labels = useLabels();
  const tileUrl = useMapTileUrl();
  const account = useSession().account;
  const rounds = account?.rounds ?? [];
  const isLocal = account ? keepsClientsLocally(account.source_system) : false;
  const navigate = useNavigate();
  const addedNotice = readAddedNotice(useLocation().state);
  const { markDirty, confirmLeave } = useUnsavedGuard();
  const markDetailsDirty = useCallback((isDirty: boolean) => markDirty('details', isDirty), [markDirty]);
  const markMealsDirty = useCallback((isDirty: boolean) => markDirty('meals', isDirty), [markDirty]);
  const markFundingDirty = useCallback((isDirty: boolean) => markDirty('funding', isDirty), [markDirty]);
  const close = useCallback(() => void navigate('/clients'), [navigate]);

  if (client.isPending) return <Text>Loading...</Text>;
  if (client.isError && !client.data) {
    return (
      <Stack gap="sm">
        <Title order={1}>Client</Title>
        <ErrorNotice text={client.error.message} />
      </Stack>
    );
  }
  const data = client.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1}>{data.name}</Title>
          <HoldStatus clientId={data.client_id} />
        </Group>
        <ClientNeighbours neighbours={neighbours.data} />
      </Group>
      <SimpleGrid cols={2} spacing="lg">
        <Stack gap="md">
          {addedNotice && (
            <Alert color="yellow" role="status">
              {addedNotice}
            </Alert>
          )}
          {!isLocal && <SourceDetails client={data} />}
          <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="client-details-title">
            <Title order={2} size="h4" id="client-details-title" mb="xs">
              Client Details
            </Title>
            <ClientDetailsForm
              key={data.client_id}
              client={data}
              rounds={rounds}
              labels={labels.data ?? []}
              isLocal={isLocal}
              onDirtyChange={markDetailsDirty}
              onSavedAndClose={close}
            />
          </Paper>
          <HoldsPanel clientId={data.client_id} />
          <ContactsPanel client={data} />
          <ClientMessages clientId={data.client_id} clientName={data.name} />
          <FundingPanel clientId={data.client_id} onDirtyChange={markFundingDirty} />
        </Stack>
        <Stack gap="sm">
          {data.address_unplaced && (
            <Alert color="yellow" role="status">
              {addressUnplacedText}
            </Alert>
          )}
          <ClientMap
            latitude={data.latitude}
            longitude={data.longitude}
            tileUrl={tileUrl.data ?? null}
            address={formatStopAddress(data)}
          />
        </Stack>
      </SimpleGrid>
      <MealSelection
        client={client.isPlaceholderData ? null : data}
        weekId={weekId}
        onWeekChange={setWeekId}
        confirmLeave={() => confirmLeave('meals')}
        onDirtyChange={markMealsDirty}
        onSavedAndClose={close}
      />
    </Stack>
  );
}
