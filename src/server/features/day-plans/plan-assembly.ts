import type { DayPlan, DayPlanRoute, DayPlanStop } from '../../../contracts/day-plans';
import { formatStopAddress } from '../../../domain/client-address';
import { formatClockMinutes } from '../../../domain/round-schedule';
import type { VrptwSolution } from '../../routing/vrptw/types';
import type { Vehicle } from './day-problem';
import { simulateRoute, toMinutes, type DayRound } from '../../shared/day-route-model';
import { emptySummary, sumSummaries } from './day-routes';
import { describeRoutePastMidnight } from './day-past-midnight';
import type { DayPlaces } from '../../shared/day-places';
import type { PlanVisitRow } from '../../shared/day-portions';

function toPlanStop(visit: PlanVisitRow, arrival: number): DayPlanStop {
  const latest = toMinutes(visit.client.windowLatest);
  const { latitude, longitude } = visit.client;
  return {
    visit_id: visit.id,
    client: { id: visit.client.id, name: visit.client.name },
    address: formatStopAddress(visit.client),
    location: latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : null,
    usual_round_id: visit.client.roundId,
    portions: visit.portions,
    arrival: formatClockMinutes(arrival),
    is_late: latest !== null && arrival > latest,
  };
}

/**
 * The plan as the screen compares it: per round, "before" (the visits it carries now, in their current order by
 * time, driven by the same model) and "after" (the solver's routes, stops in driving order), with totals; the
 * visits no route takes with their reason (no location for those the maps cannot place). A route that would run
 * past midnight says so in words: Apply refuses it.
 */
export function assemblePlan(input: {
  date: string;
  rounds: DayRound[];
  offRoundIds: Set<number>;
  vehicles: Vehicle[];
  places: DayPlaces;
  dayVisits: PlanVisitRow[];
  /** The visits given to the solver, in its visit order. */
  located: PlanVisitRow[];
  solution: VrptwSolution;
}): DayPlan {
  const { places, solution, located } = input;
  const vehicleIndex = new Map(input.vehicles.map((vehicle, index) => [vehicle.round.id, index]));
  const routes: DayPlanRoute[] = input.rounds.flatMap((round) => {
    const carried = input.dayVisits.filter((visit) => visit.dayRoundId === round.id);
    const vehicle = vehicleIndex.get(round.id);
    if (vehicle === undefined && carried.length === 0) return [];
    const baseNode = places.baseNodeOf(round);
    const before = simulateRoute(places.travel, baseNode, round, carried.map(places.stopOf)).summary;
    const planned = (vehicle === undefined ? [] : (solution.routes[vehicle]?.visits ?? [])).flatMap(
      (index) => {
        const visit = located[index];
        return visit ? [visit] : [];
      },
    );
    const after = simulateRoute(places.travel, baseNode, round, planned.map(places.stopOf));
    return [
      {
        round_id: round.id,
        round_name: round.name,
        is_off: input.offRoundIds.has(round.id),
        before,
        after: planned.length > 0 ? after.summary : emptySummary,
        stops: planned.map((visit, index) => toPlanStop(visit, after.arrivals[index] ?? 0)),
        past_midnight: describeRoutePastMidnight(places, planned, after.arrivals),
      },
    ];
  });
  const toUnassigned = (visit: PlanVisitRow, reason: DayPlan['unassigned'][number]['reason']) => ({
    visit_id: visit.id,
    client: { id: visit.client.id, name: visit.client.name },
    usual_round_id: visit.client.roundId,
    reason,
  });
  const locatedIds = new Set(located.map((visit) => visit.id));
  const unassigned = [
    ...solution.unassigned.flatMap(({ visit, reason }) => {
      const row = located[visit];
      return row ? [toUnassigned(row, reason)] : [];
    }),
    ...input.dayVisits
      .filter((visit) => !locatedIds.has(visit.id))
      .map((visit) => toUnassigned(visit, 'no_location')),
  ];
  return {
    date: input.date,
    routes,
    unassigned,
    totals: {
      before: sumSummaries(routes.map((route) => route.before)),
      after: sumSummaries(routes.map((route) => route.after)),
    },
  };
}
