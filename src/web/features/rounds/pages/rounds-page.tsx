import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { defaultContingencyMins } from '../../../../domain/round-schedule';
import { listPanelDates, shiftPanelDate } from '../../../../domain/round-panel';
import { getAccountToday } from '../../../../domain/today';
import { formatDayMonthYear, parseDayMonthYear } from '../../../../domain/weeks';
import { isIsoDate } from '../../../../domain/zoned-time';
import { getFilters, setFilters, useSession } from '../../../lib/session-store';
import { RoundDayOverview } from '../components/round-day-overview';
import { RoundPanel } from '../components/round-panel';
import { useUnpublishedGuard } from '../use-unpublished-guard';

/** The session store's filters entry for this screen: the round and date last shown. */
const filtersName = 'rounds';
const savedFiltersSchema = z.object({ round: z.number().int(), date: z.string() });
type Shown = z.infer<typeof savedFiltersSchema>;

function readSavedFilters(): Shown | null {
  const parsed = savedFiltersSchema.safeParse(getFilters(filtersName));
  return parsed.success && isIsoDate(parsed.data.date) ? parsed.data : null;
}

export function RoundsPage() {
  const { account } = useSession();
  const rounds = account?.rounds ?? [];
  const contingencyMins = account?.travel_contingency_mins ?? defaultContingencyMins;
  const [saved] = useState(readSavedFilters);
  const savedRound = rounds.find((round) => round.id === saved?.round);
  const [roundChoice, setRoundChoice] = useState(String(savedRound?.id ?? 0));
  const [dateText, setDateText] = useState(() => formatDayMonthYear(saved?.date ?? getAccountToday(rounds)));
  const [dateError, setDateError] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(savedRound && saved ? saved : null);
  const guard = useUnpublishedGuard();

  const shownRound = rounds.find((round) => round.id === shown?.round);

  function show(next: Shown) {
    const isSame = next.round === shown?.round && next.date === shown.date;
    // Other days or another round replace the panels: their unpublished changes would go without a word.
    if (!isSame && !guard.confirmDiscard()) {
      // Kept: the form goes back to what the panels show.
      if (shown) {
        setDateText(formatDayMonthYear(shown.date));
        setRoundChoice(String(shown.round));
      }
      return;
    }
    setShown(next);
    setDateText(formatDayMonthYear(next.date));
    setFilters(filtersName, next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const round = Number(roundChoice);
    if (round === 0) return;
    const date = parseDayMonthYear(dateText.trim());
    if (!date) {
      setDateError('Please enter a date as DD-MM-YYYY.');
      return;
    }
    setDateError(null);
    show({ round, date });
  }

  function move(direction: -1 | 1) {
    if (shown) show({ ...shown, date: shiftPanelDate(shown.date, direction) });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group gap="md" align="center">
          <Title order={1}>Rounds</Title>
          <Button component={Link} to="/rounds/plan" variant="default">
            Plan Day
          </Button>
        </Group>
        <form onSubmit={submit} noValidate aria-label="Choose round and date">
          <Group gap="sm" align="flex-start">
            <NativeSelect
              label="Round"
              value={roundChoice}
              onChange={(event) => setRoundChoice(event.currentTarget.value)}
              data={[
                { value: '0', label: 'Select Round' },
                ...rounds.map((round) => ({ value: String(round.id), label: round.name })),
              ]}
              w={220}
            />
            <TextInput
              label="Date"
              placeholder="DD-MM-YYYY"
              value={dateText}
              error={dateError}
              onChange={(event) => setDateText(event.currentTarget.value)}
              w={150}
            />
            <Button type="submit" mt={25} disabled={roundChoice === '0'}>
              Show
            </Button>
          </Group>
        </form>
      </Group>
      {shownRound && shown ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <ActionIcon variant="default" size="lg" aria-label="Previous 4 days" onClick={() => move(-1)}>
              &lt;
            </ActionIcon>
            <Text fw={600}>{shownRound.name}</Text>
            <ActionIcon variant="default" size="lg" aria-label="Next 4 days" onClick={() => move(1)}>
              &gt;
            </ActionIcon>
          </Group>
          <Group gap="xs" align="flex-start" wrap="nowrap" style={{ overflowX: 'auto' }}>
            {listPanelDates(shown.date).map((date) => (
              <RoundPanel
                key={`${shownRound.id}-${date}`}
                round={shownRound}
                date={date}
                contingencyMins={contingencyMins}
                onUnpublishedChanges={guard.reportChanges}
              />
            ))}
          </Group>
          <RoundDayOverview round={shownRound} rounds={rounds} date={shown.date} />
        </Stack>
      ) : (
        <Text>Please select a round.</Text>
      )}
    </Stack>
  );
}
