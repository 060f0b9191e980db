import { describe, expect, it } from 'vitest';
import type { WorkloadBalance } from '../../../contracts/accounts';
import { createRandom } from '../../routing/prng';
import { checkVrptwSolution } from '../../routing/vrptw/check';
import { solveVrptwSync } from '../../routing/vrptw/solve';
import type { DayRound } from '../../shared/day-route-model';
import type { TravelMatrix } from '../../shared/travel-matrix';
import { buildDayProblem, type PlannedStop, type Vehicle } from './day-problem';

/**
 * Three rounds leaving one kitchen (node 0) and 24 stops in a suburb 15 minutes away (seeded points, 1 minute per
 * 0.5 km): one round serving them all drives least, as each round out adds its own trip there and back.
 */
function suburbDay() {
  const random = createRandom(11);
  const points = [[0, 0], ...Array.from({ length: 24 }, () => [7 + random.next() * 3, random.next() * 3])];
  const size = points.length;
  const matrix: TravelMatrix = { size, kms: [], mins: [] };
  for (const [x1 = 0, y1 = 0] of points) {
    for (const [x2 = 0, y2 = 0] of points) {
      const km = Math.round(Math.hypot(x1 - x2, y1 - y2) * 10) / 10;
      matrix.kms.push(km);
      matrix.mins.push(Math.round(km * 2));
    }
  }
  const round: DayRound = {
    id: 1,
    name: 'Canterbury',
    address: 'kitchen',
    pickupTime: '09:00',
    latestReturnTime: '17:00',
  };
  const vehicles: Vehicle[] = [1, 2, 3].map((id) => ({
    round: { ...round, id, name: `Round ${String(id)}` },
    baseNode: 0,
    capacity: null,
  }));
  const stops: PlannedStop[] = Array.from({ length: size - 1 }, (_, index) => ({
    node: index + 1,
    durationMins: 5 + random.nextInt(6),
    portions: 1,
    windowEarliest: null,
    windowLatest: null,
    usualVehicle: null,
    onlyVehicle: null,
  }));
  return { travel: { matrix, contingencyMins: 2 }, vehicles, stops };
}

/** The plan's routes for the setting: stops per round and the longest round's minutes (pickup to return). */
function planWith(balance: WorkloadBalance) {
  const { travel, vehicles, stops } = suburbDay();
  const problem = buildDayProblem(travel, vehicles, stops, 50, balance);
  const solution = solveVrptwSync(problem, { seed: 3, maxIterations: 3000, timeBudgetMs: 600_000 });
  expect(checkVrptwSolution(problem, solution)).toEqual([]);
  expect(solution.unassigned).toEqual([]);
  const pickup = 9 * 60;
  return {
    stops: solution.routes.map((route) => route.visits.length).sort((a, b) => b - a),
    longest: Math.max(...solution.routes.map((route) => route.returnTime - pickup)),
    travel: solution.travelTime,
  };
}

describe('workload balance in the day plan', () => {
  it('off: one round takes every stop, the others none (least driving)', () => {
    expect(planWith('off').stops).toEqual([24, 0, 0]);
  });

  it('some and strong share the stops out, each ending sooner than the one before, for a little more driving', () => {
    const off = planWith('off');
    const some = planWith('some');
    const strong = planWith('strong');
    expect(some.longest).toBeLessThan(off.longest * 0.75);
    expect(strong.longest).toBeLessThan(some.longest);
    expect(some.stops.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect(strong.stops).not.toContain(0);
    expect(some.travel).toBeGreaterThan(off.travel);
  });
});
