import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { DayPlan } from '../../../../../contracts/day-plans';
import { formatDayMonthYear } from '../../../../../domain/weeks';
import { isEmptyPlan, type ShownRoute } from '../plan-model';
import { PlanComparison } from './plan-comparison';
import { PlanMap } from './plan-map';
import { PlanStopLists } from './plan-stop-lists';
import { UnassignedList } from './unassigned-list';

type PlanResultProps = {
  date: string;
  plan: DayPlan;
  routes: readonly ShownRoute[];
  plannedRoundIds: ReadonlySet<number>;
  movedCount: number;
  /** Stops moved by hand wait for a re-plan before the plan can be applied. */
  isReplanNeeded: boolean;
  isBusy: boolean;
  colourOf: (roundId: number) => string;
  roundNameOf: (roundId: number | null) => string;
  tileUrl: string | null;
  onMove: (visitId: number, roundId: number) => void;
  onApply: () => void;
};

/**
 * A proposed plan: the comparison, the map, the visits not placed and each round's stops, with Apply. A round that
 * would run past midnight says so in the server's words, and the plan cannot be applied (the server refuses it too).
 */
export function PlanResult(props: PlanResultProps) {
  const { date, plan, routes } = props;
  const pastMidnight = plan.routes.filter((route) => route.past_midnight !== null);
  if (isEmptyPlan(plan))
    return <Text>No visits on {formatDayMonthYear(date)}: there is nothing to plan.</Text>;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text fw={500}>
          {props.movedCount} {props.movedCount === 1 ? 'stop moves' : 'stops move'} from their usual round.
        </Text>
        <Button
          onClick={props.onApply}
          disabled={props.isReplanNeeded || props.isBusy || pastMidnight.length > 0}
        >
          Apply
        </Button>
      </Group>
      {props.isReplanNeeded && (
        <Alert color="yellow" role="status">
          Stops were moved by hand: Re-plan to fit them in and update the times and figures before applying.
        </Alert>
      )}
      {pastMidnight.map((route) => (
        <Alert key={route.round_id} color="red" role="alert" title={route.round_name}>
          {route.past_midnight}
        </Alert>
      ))}
      <Title order={2} size="h3">
        Before and After
      </Title>
      <PlanComparison plan={plan} plannedRoundIds={props.plannedRoundIds} />
      <PlanMap date={date} routes={routes} colourOf={props.colourOf} tileUrl={props.tileUrl} />
      <UnassignedList unassigned={plan.unassigned} roundNameOf={props.roundNameOf} />
      <Title order={2} size="h3">
        Stops by Round
      </Title>
      <PlanStopLists
        routes={routes}
        roundNameOf={props.roundNameOf}
        colourOf={props.colourOf}
        onMove={props.onMove}
        isBusy={props.isBusy}
      />
    </Stack>
  );
}
