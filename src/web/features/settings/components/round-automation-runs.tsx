import { Alert, Button, Group, List, Loader, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { successColor } from '../../../components/success-notice';
import { useState } from 'react';
import type { RoundAutomationRun } from '../../../../contracts/round-automation';
import { formatShownDateTime } from '../../../../domain/shown-time';
import { getAccountTimeZone } from '../../../../domain/today';
import { useSession } from '../../../lib/session-store';
import { describeApiError } from '../../../lib/api-client';
import { useRoundAutomationRuns, useRunRoundAutomation } from '../../../api/round-automation';
import { ErrorNotice } from '../../../components/error-notice';
import { RunNowModal } from './run-now-modal';

function describeRun(run: RoundAutomationRun): string {
  return `${run.rounds} rounds, ${run.days} days, ${run.visits_changed} visits changed`;
}

const statusLabels: Record<RoundAutomationRun['status'], string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  partly_failed: 'Partly failed',
  failed: 'Failed',
};

/** A run's errors: the count, and the messages behind a 'Show all' toggle, as a run can have dozens. */
function RunErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return <Text size="sm">None</Text>;
  return (
    <Spoiler maxHeight={22} showLabel="Show all" hideLabel="Hide">
      <Text size="sm" fw={500}>{`${errors.length} ${errors.length === 1 ? 'error' : 'errors'}`}</Text>
      <List size="xs">
        {errors.map((error, index) => (
          <List.Item key={`${index}-${error}`}>{error}</List.Item>
        ))}
      </List>
    </Spoiler>
  );
}

/**
 * 'Run now' and the last runs of the round automation job, each with its outcome. 'Run now' first shows what the
 * run would change and asks (RunNowModal); the server answers the run with it still going; the runs list is read every 2 s while a run is going (useRouteAutomationRuns), with
 * its counts so far, and the started run's outcome shows once the list has it finished.
 */
export function RoundAutomationRuns() {
  const runs = useRoundAutomationRuns();
  // A run's start is shown in the account's time (DD-MM-YYYY HH:MM), never the browser's.
  const timeZone = getAccountTimeZone(useSession().account?.rounds ?? []);
  const runNow = useRunRoundAutomation();
  const [startedRunId, setStartedRunId] = useState<number | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const started = startedRunId === null ? undefined : runs.data?.find((entry) => entry.id === startedRunId);
  const isStartedRunGoing = startedRunId !== null && (started === undefined || started.status === 'running');
  const outcome = started && started.status !== 'running' ? started : null;
  const isAnyRunGoing = runs.data?.some((entry) => entry.status === 'running') ?? false;

  async function run() {
    setIsConfirming(false);
    setErrorText(null);
    setStartedRunId(null);
    try {
      const started = await runNow.mutateAsync();
      setStartedRunId(started.id);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <Stack gap="sm" mt="md">
      <Group justify="space-between">
        <Title order={4}>Recent Runs</Title>
        <Button
          variant="default"
          onClick={() => setIsConfirming(true)}
          loading={runNow.isPending || isStartedRunGoing}
          disabled={isAnyRunGoing}
        >
          Run now
        </Button>
      </Group>
      {(runNow.isPending || isStartedRunGoing) && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{`Ordering and publishing the rounds...${started && started.days > 0 ? ` ${started.days} days done.` : ''} The run goes on if you leave this page.`}</Text>
        </Group>
      )}
      {outcome && (
        <Alert
          color={
            outcome.status === 'failed' ? 'red' : outcome.status === 'partly_failed' ? 'yellow' : successColor
          }
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setStartedRunId(null)}
        >
          <Text size="sm">{`Run ${statusLabels[outcome.status].toLowerCase()}: ${describeRun(outcome)}.`}</Text>
          {outcome.errors.length > 0 && <RunErrors errors={outcome.errors} />}
        </Alert>
      )}
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      {isConfirming && <RunNowModal onConfirm={() => void run()} onClose={() => setIsConfirming(false)} />}
      {runs.isPending && <Text size="sm">Loading...</Text>}
      <ErrorNotice text={runs.error?.message} />
      {runs.data && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Started</Table.Th>
              <Table.Th>Trigger</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Rounds</Table.Th>
              <Table.Th>Days</Table.Th>
              <Table.Th>Visits Changed</Table.Th>
              <Table.Th>Errors</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>No runs yet.</Table.Td>
              </Table.Tr>
            )}
            {runs.data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatShownDateTime(entry.started_at, timeZone)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {entry.trigger === 'manual' ? 'Run now' : 'Daily'}
                </Table.Td>
                <Table.Td>{statusLabels[entry.status]}</Table.Td>
                <Table.Td>{entry.rounds}</Table.Td>
                <Table.Td>{entry.days}</Table.Td>
                <Table.Td>{entry.visits_changed}</Table.Td>
                <Table.Td>
                  <RunErrors errors={entry.errors} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
