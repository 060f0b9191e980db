import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Alert } from '../../../../contracts/alerts';
import { getAccountTimeZone } from '../../../../domain/today';
import { useSession } from '../../../lib/session-store';
import { describeApiError } from '../../../lib/api-client';
import { useAlerts, type AlertStatus } from '../../../api/alerts';
import { AlertsTable } from '../components/alerts-table';
import { ResolveAlertModal } from '../components/resolve-alert-modal';

const emptyTexts: Record<AlertStatus, string> = {
  open: 'No open alerts. Not home, refused and concern outcomes from drivers show here.',
  resolved: 'No resolved alerts yet.',
};

/** Alerts: every not-home, refused and concern outcome stays open here until someone resolves it with a note. */
export function AlertsPage() {
  const { account } = useSession();
  const [status, setStatus] = useState<AlertStatus>('open');
  const alerts = useAlerts(status);
  const [resolving, setResolving] = useState<Alert | null>(null);
  const rounds = account?.rounds ?? [];
  const fallbackZone = getAccountTimeZone(rounds);
  const getTimeZone = (roundId: number | null) =>
    rounds.find((round) => round.id === roundId)?.timezone ?? fallbackZone;

  return (
    <Stack gap="md">
      <Title order={1}>Alerts</Title>
      <SegmentedControl
        aria-label="Show alerts"
        w={260}
        value={status}
        onChange={(value) => setStatus(value === 'resolved' ? 'resolved' : 'open')}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
        ]}
      />
      {alerts.isPending && <Text>Loading...</Text>}
      {alerts.isError && (
        <Text c="red.9" role="alert">
          {describeApiError(alerts.error)}
        </Text>
      )}
      {alerts.data?.length === 0 && <Text>{emptyTexts[status]}</Text>}
      {alerts.data && alerts.data.length > 0 && (
        <AlertsTable
          alerts={alerts.data}
          getTimeZone={getTimeZone}
          onResolve={status === 'open' ? setResolving : undefined}
        />
      )}
      {resolving && <ResolveAlertModal alert={resolving} onClose={() => setResolving(null)} />}
    </Stack>
  );
}
