import type { DayPlanRouteSummary } from '../../../contracts/day-plans';
import type { TravelMatrix } from '../../shared/travel-matrix';

/**
 * The day planner's figures over several routes and the solver's weights; the route model itself (`simulateRoute`)
 * is in src/server/shared/day-route-model.ts, shared with the volunteer hours.
 */

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
