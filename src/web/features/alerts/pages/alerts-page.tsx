import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Alert } from '../../../../contracts/alerts';
import { getAccountTimeZone } from '../../../../domain/today';
import { useSession } from '../../../lib/session-store';
import { describeApiError } from '../../../lib/api-client';
import { useAlerts, type AlertStatus } from '../../../api/alerts';
import { AlertsTable } from '../components/alerts-table';
import { CheckCard } from '../components/check-card';
import { RecordAttemptModal } from '../components/record-attempt-modal';
import { ResolveAlertModal } from '../components/resolve-alert-modal';

const emptyTexts: Record<AlertStatus, string> = {
  open: 'No open checks. Not home, refused and concern outcomes from drivers show here.',
  resolved: 'No resolved checks yet.',
};

/**
 * The Welfare checks board: every not-home, refused and concern outcome stays open here, with its clock, its next
 * step, the contacts to call and every attempt, until a person resolves it with what was found and a note.
 */
export function AlertsPage() {
  const { account } = useSession();
  const [status, setStatus] = useState<AlertStatus>('open');
  const alerts = useAlerts(status);
  const [resolving, setResolving] = useState<Alert | null>(null);
  const [recording, setRecording] = useState<Alert | null>(null);
  const rounds = account?.rounds ?? [];
  const fallbackZone = getAccountTimeZone(rounds);
  const getTimeZone = (roundId: number | null) =>
    rounds.find((round) => round.id === roundId)?.timezone ?? fallbackZone;
  // Read at each render: the list is asked for again every 30 s, and the clocks move on with it.
  const nowMs = alerts.dataUpdatedAt || Date.now();

  return (
    <Stack gap="md">
      <Title order={1}>Welfare checks</Title>
      <SegmentedControl
        aria-label="Show checks"
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
      {status === 'open' &&
        alerts.data?.map((alert) => (
          <CheckCard
            key={alert.id}
            alert={alert}
            timeZone={getTimeZone(alert.round?.id ?? null)}
            nowMs={nowMs}
            onRecordAttempt={setRecording}
            onResolve={setResolving}
          />
        ))}
      {status === 'resolved' && alerts.data && alerts.data.length > 0 && (
        <AlertsTable alerts={alerts.data} getTimeZone={getTimeZone} />
      )}
      {resolving && <ResolveAlertModal alert={resolving} onClose={() => setResolving(null)} />}
      {recording && <RecordAttemptModal alert={recording} onClose={() => setRecording(null)} />}
    </Stack>
  );
}
