import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isFutureDate } from '../../../../../domain/round-panel';
import { getAccountToday } from '../../../../../domain/today';
import { formatDayMonthYear, parseDayMonthYear } from '../../../../../domain/weeks';
import { addDays } from '../../../../../domain/zoned-time';
import { useSession } from '../../../../lib/session-store';
import { useNextDeliveryDay } from '../../../../api/reports';
import { useDrivers } from '../../../../api/drivers';
import { useRoster } from '../../../../api/roster';
import { useRoundsOffOnDate } from '../../../../api/rounds';
import { findRoundsWithoutDriver } from '../plan-model';
import { DayPlanner } from '../components/day-planner';
import { useLeaveGuard } from '../../../../lib/use-leave-guard';

/** The rounds off on the date and those nobody drives, then the planner for it (fresh for each date). */
function PlannerForDate({
  date,
  onDirtyChange,
}: {
  date: string;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const { account } = useSession();
  const rounds = account?.rounds ?? [];
  const daysOff = useRoundsOffOnDate(date);
  const day = formatDayMonthYear(date);
  const roster = useRoster(day, day);
  const drivers = useDrivers();
  if (rounds.length === 0) return <Text>No rounds yet: add them in Settings &gt; Rounds.</Text>;
  if (daysOff.isPending || roster.isPending || drivers.isPending) return <Text>Loading...</Text>;
  if (daysOff.isError)
    return (
      <Alert color="red">
        The rounds off on {formatDayMonthYear(date)} could not be read: {daysOff.error.message}
      </Alert>
    );
  const offRoundIds = daysOff.data.map((entry) => entry.round_id);
  // The roster unread (an error), every round counts as driven: the coordinator still chooses.
  const noDriverIds = findRoundsWithoutDriver(
    rounds,
    roster.data?.slots ?? [],
    drivers.data?.some((driver) => driver.is_active) ?? false,
  ).filter((id) => !offRoundIds.includes(id));
  const noDriverNames = rounds.filter((round) => noDriverIds.includes(round.id)).map((round) => round.name);
  return (
    <Stack gap="sm">
      {noDriverNames.length > 0 && (
        <Alert color="orange" title="Rounds without a driver">
          Nobody drives {noDriverNames.join(', ')} on {day}, so{' '}
          {noDriverNames.length === 1 ? 'it starts' : 'they start'} unticked. Tick one to plan it anyway, or
          find a driver in Drivers &gt; Roster.
        </Alert>
      )}
      <DayPlanner
        date={date}
        rounds={rounds}
        offRoundIds={offRoundIds}
        noDriverRoundIds={noDriverIds}
        onDirtyChange={onDirtyChange}
      />
    </Stack>
  );
}

const unappliedPlanText = 'The plan is not applied. Leave it without applying?';
const pastDateMessage = 'Only days after today can be planned.';

/**
 * Plan Day: spreads a day's visits over the rounds that are out (a round off, or one overloaded), compares the
 * plan with the usual rounds, and applies it for that day only. Plans are for days after the account's today, and
 * mostly for the next delivery day: the screen opens on it (on tomorrow when it cannot be read).
 */
export function PlanDayPage() {
  const { account } = useSession();
  const today = getAccountToday(account?.rounds ?? []);
  const nextDeliveryDay = useNextDeliveryDay();
  if (nextDeliveryDay.isPending) return <Text>Loading...</Text>;
  return <PlanDayScreen today={today} firstDate={nextDeliveryDay.data?.date ?? addDays(today, 1)} />;
}

function PlanDayScreen({ today, firstDate }: { today: string; firstDate: string }) {
  const [date, setDate] = useState(firstDate);
  const [dateText, setDateText] = useState(() => formatDayMonthYear(date));
  const [dateError, setDateError] = useState<string | null>(null);
  const [isDirty, setIsDirty] = useState(false);
  const onDirtyChange = useCallback((next: boolean) => setIsDirty(next), []);
  const { confirmDiscard } = useLeaveGuard(isDirty, unappliedPlanText);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = parseDayMonthYear(dateText.trim());
    if (!next) {
      setDateError('Please enter a date as DD-MM-YYYY.');
      return;
    }
    if (!isFutureDate(next, today)) {
      setDateError(pastDateMessage);
      return;
    }
    setDateError(null);
    if (next === date || !confirmDiscard()) return;
    setIsDirty(false);
    setDate(next);
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Anchor component={Link} to="/rounds" size="sm">
            Back to Rounds
          </Anchor>
          <Title order={1}>Plan Day</Title>
        </Stack>
        <form onSubmit={submit} noValidate aria-label="Choose date">
          <Group gap="sm" align="flex-start">
            <TextInput
              label="Date"
              placeholder="DD-MM-YYYY"
              value={dateText}
              error={dateError}
              onChange={(event) => setDateText(event.currentTarget.value)}
              w={150}
            />
            <Button type="submit" mt={25}>
              Show
            </Button>
          </Group>
        </form>
      </Group>
      <Text size="sm" c="dimmed">
        Spreads {formatDayMonthYear(date)}&apos;s visits over the rounds that are out, within their
        capacities, the clients&apos; delivery windows and the rounds&apos; latest return times.
      </Text>
      <PlannerForDate key={date} date={date} onDirtyChange={onDirtyChange} />
    </Stack>
  );
}
