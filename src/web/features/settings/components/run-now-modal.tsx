import { Alert, Button, Group, List, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import type { RoundAutomationPreview } from '../../../../contracts/round-automation';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { useRoundAutomationPreview } from '../../../api/round-automation';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type RoundChanges = { name: string; days: number; visits: number };

/** The preview's changed days summed per round, in the order the run goes through them. */
function sumByRound(preview: RoundAutomationPreview): RoundChanges[] {
  const byRound = new Map<number, RoundChanges>();
  for (const day of preview.changed_days) {
    const round = byRound.get(day.round_id) ?? { name: day.round_name, days: 0, visits: 0 };
    byRound.set(day.round_id, { ...round, days: round.days + 1, visits: round.visits + day.visits_changed });
  }
  return [...byRound.values()];
}

function describeWindow(preview: RoundAutomationPreview): string {
  const by = preview.optimise_by === 'optimal' ? 'Optimal' : 'Preferred';
  const days = plural(preview.days_in_advance, 'day', 'days');
  if (preview.from === null || preview.to === null) return `Optimise by ${by}, ${days} in advance.`;
  return `Optimise by ${by}: ${formatDayMonthYear(preview.from)} to ${formatDayMonthYear(preview.to)} (${days} in advance).`;
}

function PreviewFigures({ preview }: { preview: RoundAutomationPreview }) {
  const rounds = sumByRound(preview);
  return (
    <Stack gap="sm">
      {!preview.enabled && (
        // The heading as bold body text: Mantine's yellow title colour is too light for its background (axe).
        <Alert color="yellow">
          <Text size="sm" fw={700}>
            Route automation is off
          </Text>
          <Text size="sm">
            No daily run happens. Run now orders and publishes once, with the settings below.
          </Text>
        </Alert>
      )}
      <Text size="sm">{describeWindow(preview)}</Text>
      <Text fw={500}>
        {preview.visits_changed === 0
          ? `Nothing to publish: ${plural(preview.rounds, 'round', 'rounds')} and ${plural(preview.days, 'day', 'days')} checked, every visit already has these times.`
          : `Publishes new times for ${plural(preview.visits_changed, 'visit', 'visits')} on ${plural(preview.changed_days.length, 'day', 'days')} of ${plural(rounds.length, 'round', 'rounds')} (${plural(preview.rounds, 'round', 'rounds')} and ${plural(preview.days, 'day', 'days')} checked). The CRM gets the new times.`}
      </Text>
      {rounds.length > 0 && (
        <Table withTableBorder striped aria-label="Changes by round">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Round</Table.Th>
              <Table.Th>Days</Table.Th>
              <Table.Th>Visits Changed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rounds.map((round) => (
              <Table.Tr key={round.name}>
                <Table.Td>{round.name}</Table.Td>
                <Table.Td>{round.days}</Table.Td>
                <Table.Td>{round.visits}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {preview.errors.length > 0 && (
        <Alert color="yellow">
          <Text size="sm" fw={700}>{`${plural(preview.errors.length, 'day', 'days')} left as they are`}</Text>
          <List size="xs">
            {preview.errors.map((error, index) => (
              <List.Item key={`${index}-${error}`}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

type RunNowModalProps = { onConfirm: () => void; onClose: () => void };

/**
 * Run now's confirmation: what the run would change (worked out by the server the run's way, nothing published),
 * then Publish or Cancel. Publishing is offered only when something would change.
 */
export function RunNowModal({ onConfirm, onClose }: RunNowModalProps) {
  const preview = useRoundAutomationPreview();
  const changes = preview.data?.visits_changed ?? 0;
  return (
    <Modal opened onClose={onClose} title="Run route automation now?" size="lg">
      <Stack gap="md">
        {preview.isPending && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Working out what the run would change...</Text>
          </Group>
        )}
        <ErrorNotice text={preview.error?.message} />
        {preview.data && <PreviewFigures preview={preview.data} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {preview.data && changes === 0 ? 'OK' : 'Cancel'}
          </Button>
          {changes > 0 && (
            <Button onClick={onConfirm}>{`Publish ${plural(changes, 'visit', 'visits')}`}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
