import type { DayPlanRouteSummary } from '../../../contracts/day-plans';
import { formatClockMinutes, parseClockMinutes } from '../../../domain/round-schedule';
import type { TravelMatrix } from '../travel/service';

/**
 * The day planner's time model, shared by the problem given to the solver, the "before" figures and the times an
 * applied plan publishes, so the three agree: a route leaves its base at the pickup time; every leg costs its
 * travel (whole minutes) plus the account's contingency, as the rounds screen's schedule counts it; a stop lasts
 * its visit's duration; arriving before the client's window means waiting for it. Minutes count from midnight.
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

export const emptySummary: DayPlanRouteSummary = {
  stops: 0,
  portions: 0,
  km: 0,
  minutes: 0,
  first: null,
  last: null,
  late: 0,
};

/** The figures of several routes together: sums, the earliest first arrival and the latest last one. */
export function sumSummaries(summaries: DayPlanRouteSummary[]): DayPlanRouteSummary {
  const pick = (values: (string | null)[], choose: (a: string, b: string) => string) =>
    values.reduce<string | null>(
      (best, value) => (value === null ? best : best === null ? value : choose(best, value)),
      null,
    );
  return {
    stops: summaries.reduce((sum, item) => sum + item.stops, 0),
    portions: summaries.reduce((sum, item) => sum + item.portions, 0),
    km: Math.round(summaries.reduce((sum, item) => sum + item.km, 0) * 10) / 10,
    minutes: summaries.reduce((sum, item) => sum + item.minutes, 0),
    first: pick(
      summaries.map((item) => item.first),
      (a, b) => (a < b ? a : b),
    ),
    last: pick(
      summaries.map((item) => item.last),
      (a, b) => (a > b ? a : b),
    ),
    late: summaries.reduce((sum, item) => sum + item.late, 0),
  };
}

function meanOffDiagonal(matrix: TravelMatrix, values: number[]): number {
  const offDiagonal = matrix.size * (matrix.size - 1);
  return offDiagonal > 0 ? values.reduce((sum, value) => sum + value, 0) / offDiagonal : 0;
}

/** The mean travel time between two of the day's places: with toWeights, a minute of driving costs 1 / this. */
export function meanLegMinutes(matrix: TravelMatrix): number {
  return meanOffDiagonal(matrix, matrix.mins);
}

/**
 * The solver's weights for the account's time share (percent; the km share is the rest), each unit divided by its
 * mean over the day's matrix so that neither dominates by its scale alone (as the round optimiser weighs them).
 * One average leg then costs 1.
 */
export function toWeights(
  matrix: TravelMatrix,
  timeSharePercent: number,
): { time: number; distance: number } {
  const meanMins = meanLegMinutes(matrix);
  const meanKms = meanOffDiagonal(matrix, matrix.kms);
  return {
    time: meanMins > 0 ? timeSharePercent / 100 / meanMins : 0,
    distance: meanKms > 0 ? (1 - timeSharePercent / 100) / meanKms : 0,
  };
}
