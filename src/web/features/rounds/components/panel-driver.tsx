import { Badge, Text } from '@mantine/core';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { useRoster } from '../../../api/roster';

/**
 * The round's driver of the day in its panel's header, from the roster (Drivers > Roster); a day with visits and
 * nobody to drive them says so. Nothing while loading, or on a day without visits (no slot).
 */
export function PanelDriver({ roundId, date }: { roundId: number; date: string }) {
  const day = formatDayMonthYear(date);
  const roster = useRoster(day, day);
  const slot = roster.data?.slots.find((candidate) => candidate.round_id === roundId);
  if (!slot) return null;
  if (slot.driver) return <Text size="sm">Driver: {slot.driver.name}</Text>;
  return (
    <Badge color="red" variant="filled">
      No driver
    </Badge>
  );
}
