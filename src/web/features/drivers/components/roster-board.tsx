import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import type { RosterSlot } from '../../../../contracts/drivers';
import { getWeekdayName } from '../../../../domain/calendar-names';
import { getAccountToday } from '../../../../domain/today';
import { formatDayMonthYear, parseDayMonthYear, snapToMonday } from '../../../../domain/weeks';
import { addDays, getIsoWeekday } from '../../../../domain/zoned-time';
import { useSession } from '../../../lib/session-store';
import { useDrivers } from '../../../api/drivers';
import { useRoster } from '../../../api/roster';
import { boardWeeks, buildBoardWeeks, getBoardSpan, listGaps } from '../roster-board-model';
import { PatternForm } from './pattern-form';
import { RemindersSent } from './reminders-sent';
import { SlotDialog } from './slot-dialog';
import classes from './roster-board.module.css';

/** "Mon 23-11" for a YYYY-MM-DD date. */
const formatShortDay = (date: string) =>
  `${getWeekdayName(getIsoWeekday(date) - 1, 'short')} ${formatDayMonthYear(date).slice(0, 5)}`;

function SlotButton({
  slot,
  roundName,
  onOpen,
}: {
  slot: RosterSlot;
  roundName: string;
  onOpen: () => void;
}) {
  const date = parseDayMonthYear(slot.date) ?? '';
  const label = slot.driver ? slot.driver.name : slot.is_released ? 'Released' : 'Unfilled';
  return (
    <UnstyledButton
      className={slot.driver ? classes.slot : `${classes.slot} ${classes.gap}`}
      onClick={onOpen}
      aria-label={`${roundName}, ${formatShortDay(date)}: ${label}`}
    >
      {label}
      {slot.kind === 'substitute' && (
        <Text span size="xs">
          {' '}
          (substitute)
        </Text>
      )}
    </UnstyledButton>
  );
}

/** Drivers > Roster: weeks down, rounds across, each slot with its driver; the gaps first and counted per week. */
export function RosterBoard() {
  const { account } = useSession();
  const rounds = account?.rounds ?? [];
  const today = getAccountToday(rounds);
  const [firstMonday, setFirstMonday] = useState(() => snapToMonday(today));
  const span = getBoardSpan(firstMonday);
  const roster = useRoster(span.from, span.to);
  const drivers = useDrivers();
  const [open, setOpen] = useState<RosterSlot | null>(null);
  const [isAddingPattern, setIsAddingPattern] = useState(false);
  const roundName = (id: number) => rounds.find((round) => round.id === id)?.name ?? 'A round';
  const slots = roster.data?.slots ?? [];
  const weeks = buildBoardWeeks(slots, firstMonday);
  const gaps = listGaps(slots);
  const activeDrivers = (drivers.data ?? [])
    .filter((driver) => driver.is_active)
    .map((driver) => ({ value: String(driver.id), label: driver.name }));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={() => setFirstMonday(addDays(firstMonday, -7 * boardWeeks))}>
            Earlier Weeks
          </Button>
          <Button variant="default" onClick={() => setFirstMonday(snapToMonday(today))}>
            This Week
          </Button>
          <Button variant="default" onClick={() => setFirstMonday(addDays(firstMonday, 7 * boardWeeks))}>
            Later Weeks
          </Button>
        </Group>
        <Button onClick={() => setIsAddingPattern(true)}>Add Pattern</Button>
      </Group>
      {roster.isPending && <Text>Loading...</Text>}
      {roster.isError && <ErrorNotice text={`The roster could not be read: ${roster.error.message}`} />}
      {roster.data && (
        <Paper withBorder p="sm" className={gaps.length > 0 ? classes.gapsPanel : undefined}>
          <Title order={2} size="h4">
            {gaps.length === 0
              ? `No gaps from ${span.from} to ${span.to}`
              : `${String(gaps.length)} ${gaps.length === 1 ? 'gap' : 'gaps'} from ${span.from} to ${span.to}`}
          </Title>
          {gaps.length > 0 && (
            <Group gap="xs" mt="xs" aria-label="Gaps" role="list">
              {gaps.map((gap) => (
                <div role="listitem" key={`${gap.date}-${String(gap.round_id)}`}>
                  <SlotButton slot={gap} roundName={roundName(gap.round_id)} onOpen={() => setOpen(gap)} />
                  <Text size="xs">
                    {roundName(gap.round_id)}, {formatShortDay(parseDayMonthYear(gap.date) ?? '')}
                  </Text>
                </div>
              ))}
            </Group>
          )}
        </Paper>
      )}
      {roster.data &&
        weeks.map((week) => (
          <section key={week.monday} aria-label={`Week of ${formatDayMonthYear(week.monday)}`}>
            <Group gap="xs" mb={4}>
              <Title order={2} size="h4">
                Week of {formatDayMonthYear(week.monday)}
              </Title>
              {week.gapCount === 0 ? (
                <Text size="sm">No gaps</Text>
              ) : (
                <Badge color="red">{`${String(week.gapCount)} ${week.gapCount === 1 ? 'gap' : 'gaps'}`}</Badge>
              )}
            </Group>
            {week.days.length === 0 ? (
              <Text size="sm" c="dimmed">
                No visits this week.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={160 + rounds.length * 150}>
                <Table withTableBorder withColumnBorders verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Day</Table.Th>
                      {rounds.map((round) => (
                        <Table.Th key={round.id}>{round.name}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {week.days.map((day) => (
                      <Table.Tr key={day.date}>
                        <Table.Th scope="row" fw={500}>
                          {formatShortDay(day.date)}
                        </Table.Th>
                        {rounds.map((round) => {
                          const slot = day.slots.get(round.id);
                          return (
                            <Table.Td key={round.id}>
                              {slot && (
                                <SlotButton slot={slot} roundName={round.name} onOpen={() => setOpen(slot)} />
                              )}
                            </Table.Td>
                          );
                        })}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </section>
        ))}
      <RemindersSent today={today} />
      {open && <SlotDialog slot={open} roundName={roundName(open.round_id)} onClose={() => setOpen(null)} />}
      {isAddingPattern && (
        <Modal opened size="lg" onClose={() => setIsAddingPattern(false)} title="Add Pattern">
          <PatternForm driverId={null} drivers={activeDrivers} onDone={() => setIsAddingPattern(false)} />
        </Modal>
      )}
    </Stack>
  );
}
