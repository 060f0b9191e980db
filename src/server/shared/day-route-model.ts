import type { DayPlanRouteSummary } from '../../contracts/day-plans';
import { formatClockMinutes, parseClockMinutes } from '../../domain/round-schedule';
import type { TravelMatrix } from './travel-matrix';

/**
 * The day planner's time model, shared by the problem given to the solver, the "before" figures, the times an
 * applied plan publishes and the volunteer hours, so they all agree: a route leaves its base at the pickup time;
 * every leg costs its travel (whole minutes) plus the account's contingency, as the rounds screen's schedule counts
 * it; a stop lasts its visit's duration; arriving before the client's window means waiting for it. Minutes count
 * from midnight.
 */

export type DayRound = {
  id: number;
  name: string;
  address: string;
  pickupTime: string;
  latestReturnTime: string | null;
};

/** A stop of the day: where (a matrix node, null without a location) and what it asks of the route. */
export type DayStop = {
  node: number | null;
  durationMins: number;
  portions: number;
  windowEarliest: string | null;
  windowLatest: string | null;
};

/** Travel between the day's places: its matrix and the node of each address. */
export type DayTravel = { matrix: TravelMatrix; contingencyMins: number };

export type SimulatedRoute = {
  /** Arrival (service start) per stop, minutes from midnight. */
  arrivals: number[];
  summary: DayPlanRouteSummary;
};

const cell = (matrix: TravelMatrix, values: number[], from: number, to: number) =>
  values[from * matrix.size + to] ?? 0;

/** Minutes from midnight of an HH:MM, or null. */
export function toMinutes(hhmm: string | null): number | null {
  return hhmm === null ? null : parseClockMinutes(hhmm);
}

/** Drives a round through its stops in order, by the model above: the arrivals and the route's figures. */
export function simulateRoute(travel: DayTravel, baseNode: number, round: DayRound, stops: DayStop[]) {
  const { matrix, contingencyMins } = travel;
  const pickup = parseClockMinutes(round.pickupTime);
  let time = pickup;
  let node = baseNode;
  let km = 0;
  let late = 0;
  const arrivals = stops.map((stop) => {
    // A stop without a location is counted where it falls, with no travel to or from it.
    if (stop.node !== null) {
      time += cell(matrix, matrix.mins, node, stop.node);
      km += cell(matrix, matrix.kms, node, stop.node);
      node = stop.node;
    }
    time = Math.max(time + contingencyMins, toMinutes(stop.windowEarliest) ?? -Infinity);
    const latest = toMinutes(stop.windowLatest);
    if (latest !== null && time > latest) late += 1;
    const arrival = time;
    time += stop.durationMins;
    return arrival;
  });
  const back = stops.length > 0 ? time + contingencyMins + cell(matrix, matrix.mins, node, baseNode) : pickup;
  if (stops.length > 0) km += cell(matrix, matrix.kms, node, baseNode);
  const summary: DayPlanRouteSummary = {
    stops: stops.length,
    portions: stops.reduce((sum, stop) => sum + stop.portions, 0),
    km: Math.round(km * 10) / 10,
    minutes: Math.round(back - pickup),
    first: arrivals.length > 0 ? formatClockMinutes(arrivals[0] ?? 0) : null,
    last: arrivals.length > 0 ? formatClockMinutes(arrivals[arrivals.length - 1] ?? 0) : null,
    late,
  };
  return { arrivals, summary } satisfies SimulatedRoute;
}
