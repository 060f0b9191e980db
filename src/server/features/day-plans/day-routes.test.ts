import { describe, expect, it } from 'vitest';
import { createRandom } from '../../routing/prng';
import { checkVrptwSolution } from '../../routing/vrptw/check';
import { solveVrptwSync } from '../../routing/vrptw/solve';
import { simulateRoute, type DayRound } from '../../shared/day-route-model';
import type { TravelMatrix } from '../../shared/travel-matrix';
import { buildDayProblem, type PlannedStop } from './day-problem';
import { sumSummaries, toWeights } from './day-routes';

/** Places on a line, 1 km apart, 2 minutes per km (node 0 the base). */
function lineMatrix(size: number): TravelMatrix {
  const kms: number[] = [];
  const mins: number[] = [];
  for (let from = 0; from < size; from += 1) {
    for (let to = 0; to < size; to += 1) {
      kms.push(Math.abs(from - to));
      mins.push(2 * Math.abs(from - to));
    }
  }
  return { size, kms, mins };
}

const round: DayRound = {
  id: 1,
  name: 'North',
  address: 'base',
  pickupTime: '09:00',
  latestReturnTime: null,
};
const stop = (
  node: number | null,
  windowEarliest: string | null = null,
  windowLatest: string | null = null,
) => ({
  node,
  durationMins: 10,
  portions: 2,
  windowEarliest,
  windowLatest,
});

describe('simulateRoute', () => {
  it('times each leg as travel plus contingency and each stop as its duration, waiting for a window', () => {
    const travel = { matrix: lineMatrix(4), contingencyMins: 2 };
    const { arrivals, summary } = simulateRoute(travel, 0, round, [
      stop(1),
      stop(3, '10:00', '11:00'),
      stop(null),
      stop(2, null, '09:30'),
    ]);
    // 09:00 + 2 + 2 = 09:04; +10 +4 +2 = 09:20, waits to 10:00; the unplaced stop at 10:12; then 10:26 (late).
    expect(arrivals).toEqual([544, 600, 612, 626]);
    expect(summary).toEqual({
      stops: 4,
      portions: 8,
      km: 6,
      minutes: 636 + 2 + 4 - 540,
      first: '09:04',
      last: '10:26',
      late: 1,
    });
  });

  it('gives an empty route no figures, and sums routes', () => {
    const travel = { matrix: lineMatrix(2), contingencyMins: 2 };
    const empty = simulateRoute(travel, 0, round, []).summary;
    expect(empty).toMatchObject({ stops: 0, km: 0, minutes: 0, first: null, last: null });
    const one = simulateRoute(travel, 0, round, [stop(1)]).summary;
    expect(sumSummaries([empty, one, { ...one, first: '08:00', last: '12:00' }])).toMatchObject({
      stops: 2,
      km: 4,
      first: '08:00',
      last: '12:00',
    });
  });

  it('weighs minutes and km by their means, an average leg costing 1', () => {
    const weights = toWeights(lineMatrix(3), 25);
    // Means over the 6 off-diagonal cells: 8/6 km and 16/6 minutes.
    expect(weights.time).toBeCloseTo(0.25 / (16 / 6));
    expect(weights.distance).toBeCloseTo(0.75 / (8 / 6));
  });
});

describe('buildDayProblem', () => {
  it("gives service starts equal to simulateRoute's arrivals for the solver's order", () => {
    const random = createRandom(7);
    const size = 12;
    const kms: number[] = [];
    const mins: number[] = [];
    const points = Array.from({ length: size }, () => [random.next() * 10, random.next() * 10]);
    for (const [x1 = 0, y1 = 0] of points) {
      for (const [x2 = 0, y2 = 0] of points) {
        const km = Math.round(Math.hypot(x1 - x2, y1 - y2) * 10) / 10;
        kms.push(km);
        mins.push(Math.ceil(km * 2));
      }
    }
    const travel = { matrix: { size, kms, mins }, contingencyMins: 3 };
    const rounds: DayRound[] = [round, { ...round, id: 2, pickupTime: '09:30', latestReturnTime: '13:00' }];
    const vehicles = rounds.map((each, index) => ({ round: each, baseNode: index, capacity: 12 }));
    const stops: PlannedStop[] = Array.from({ length: size - 2 }, (_, index) => ({
      ...stop(index + 2, index % 3 === 0 ? '10:00' : null, index % 3 === 0 ? '11:30' : null),
      node: index + 2,
      usualVehicle: index % 2,
      onlyVehicle: index === 4 ? 1 : null,
    }));
    const problem = buildDayProblem(travel, vehicles, stops, 50, 'some');
    const solution = solveVrptwSync(problem, { maxIterations: 500, timeBudgetMs: 60_000 });
    expect(checkVrptwSolution(problem, solution)).toEqual([]);
    expect(solution.unassigned).toEqual([]);
    for (const route of solution.routes) {
      const vehicle = vehicles[route.vehicle];
      if (!vehicle) throw new Error('no vehicle');
      const simulated = simulateRoute(
        travel,
        vehicle.baseNode,
        vehicle.round,
        route.visits.map((index) => stops[index] ?? stop(null)),
      );
      expect(simulated.arrivals).toEqual(route.serviceStarts);
      if (route.visits.length > 0) {
        expect(simulated.summary.minutes).toBe(route.returnTime - 9 * 60 - (route.vehicle === 0 ? 0 : 30));
      }
    }
  });
});
