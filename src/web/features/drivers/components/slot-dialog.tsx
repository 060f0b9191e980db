import { Badge, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { RosterSlot } from '../../../../contracts/drivers';
import { formatLongDate } from '../../../../domain/calendar-names';
import { parseDayMonthYear } from '../../../../domain/weeks';
import { ErrorNotice } from '../../../components/error-notice';
import { describeApiError } from '../../../lib/api-client';
import { useAssignSlot, useRosterSuggestions } from '../../../api/roster';

const kindText: Record<RosterSlot['kind'], string> = {
  recurring: 'Regular driver',
  one_time: 'One-time driver',
  substitute: 'Substitute',
  unfilled: 'Unfilled',
};

/** A slot of the board: who drives it, the drivers who could, best first with reasons; assign in one click. */
export function SlotDialog({
  slot,
  roundName,
  onClose,
}: {
  slot: RosterSlot;
  roundName: string;
  onClose: () => void;
}) {
  const suggestions = useRosterSuggestions(slot.round_id, slot.date);
  const assign = useAssignSlot();
  const [error, setError] = useState<string | null>(null);

  async function put(driverId: number | null) {
    try {
      await assign.mutateAsync({ roundId: slot.round_id, date: slot.date, driverId });
      onClose();
    } catch (caught) {
      setError(describeApiError(caught));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={`${roundName}, ${formatLongDate(parseDayMonthYear(slot.date) ?? '')}`}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={500}>{slot.driver ? `Driver: ${slot.driver.name}` : 'Nobody drives this day yet.'}</Text>
          <Badge color={slot.driver ? 'dark' : 'red'}>
            {slot.is_released ? 'Released' : kindText[slot.kind]}
          </Badge>
        </Group>
        <ErrorNotice text={error} onDismiss={() => setError(null)} />
        <Text fw={500}>Who could drive</Text>
        {suggestions.isPending && <Text size="sm">Loading...</Text>}
        {suggestions.isError && (
          <ErrorNotice text={`The suggestions could not be read: ${suggestions.error.message}`} />
        )}
        {suggestions.data?.suggestions.length === 0 && (
          <Text size="sm">No other active driver is free that day.</Text>
        )}
        {suggestions.data?.suggestions.map((suggestion) => (
          <Paper key={suggestion.driver.id} withBorder p="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={500}>{suggestion.driver.name}</Text>
                <Text size="xs" c="dimmed">
                  {suggestion.driver.phone}
                </Text>
                <List size="sm" aria-label={`Why ${suggestion.driver.name}`}>
                  {suggestion.reasons.map((reason) => (
                    <List.Item key={reason}>{reason}</List.Item>
                  ))}
                </List>
              </Stack>
              <Button
                size="compact-sm"
                disabled={assign.isPending}
                onClick={() => void put(suggestion.driver.id)}
              >
                Assign {suggestion.driver.name}
              </Button>
            </Group>
          </Paper>
        ))}
        <Group justify="flex-end">
          {slot.driver && (
            <Button variant="default" color="red" disabled={assign.isPending} onClick={() => void put(null)}>
              Leave Unfilled
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
