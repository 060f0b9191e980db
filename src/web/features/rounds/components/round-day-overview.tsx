import { Badge, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import type { Round } from '../../../../contracts/accounts';
import { pickRoundColour } from '../../../../domain/round-colours';
import { formatPanelDate } from '../../../../domain/round-panel';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { describeApiError } from '../../../lib/api-client';
import { useMapTileUrl } from '../../../api/public-config';
import { useRoundVisits } from '../../../api/round-visits';
import { useRoundsOffOnDate, useSetRoundDayOff } from '../../../api/rounds';
import { RoundDayMap } from './round-day-map';

type RoundDayOverviewProps = {
  round: Round;
  /** The account's rounds, for the round's colour (its place in the list). */
  rounds: Round[];
  /** The selected day, YYYY-MM-DD. */
  date: string;
};

/**
 * The selected day of the shown round: whether the round is out (a switch that asks first) and its route on a
 * map. A round off for the day keeps its visits; the day planner spreads them over the rounds that are out.
 */
export function RoundDayOverview({ round, rounds, date }: RoundDayOverviewProps) {
  const daysOff = useRoundsOffOnDate(date);
  const setDayOff = useSetRoundDayOff(round.id, date);
  const visits = useRoundVisits(round.id, date, { isLive: false });
  const tileUrl = useMapTileUrl();
  const [asking, setAsking] = useState<boolean | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const isOff = daysOff.data?.some((day) => day.round_id === round.id) ?? false;
  const shownDate = formatDayMonthYear(date);
  const colour = pickRoundColour(rounds.findIndex((candidate) => candidate.id === round.id));

  async function confirm(nextIsOff: boolean) {
    setErrorText(null);
    try {
      await setDayOff.mutateAsync(nextIsOff);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
    setAsking(null);
  }

  return (
    <Stack gap="xs">
      <Group gap="md">
        <Switch
          label={`Round off on ${formatPanelDate(date)}`}
          checked={isOff}
          disabled={daysOff.isPending || setDayOff.isPending}
          onChange={(event) => setAsking(event.currentTarget.checked)}
        />
        {isOff && (
          <Badge color="red" variant="light">
            Off on {shownDate}
          </Badge>
        )}
      </Group>
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      <RoundDayMap
        roundName={round.name}
        date={date}
        visits={visits.data?.visits ?? []}
        colour={colour}
        tileUrl={tileUrl.data ?? null}
      />
      {asking !== null && (
        <Modal
          opened
          onClose={() => setAsking(null)}
          title={asking ? 'Round Off This Day' : 'Round Out This Day'}
        >
          <Stack gap="md">
            <Text>
              {asking
                ? `Mark ${round.name} off on ${shownDate}? The day planner will spread its visits over the rounds that are out.`
                : `Put ${round.name} back out on ${shownDate}?`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button
                color={asking ? 'red' : 'blue'}
                loading={setDayOff.isPending}
                onClick={() => void confirm(asking)}
              >
                {asking ? 'Mark Off' : 'Put Back Out'}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
