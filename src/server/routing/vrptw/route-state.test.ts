import { describe, expect, it } from 'vitest';
import { createRandom } from '../prng';
import { buildModel } from './model';
import { createRouteState, insertionDelta, insertVisit, refreshRoute, type RouteState } from './route-state';
import { createSmallProblem } from './test-instances';

/** A copy of the per-route figures a search reads, for comparing two states. */
function snapshot(state: RouteState) {
  const copy = (lists: number[][]) => lists.map((list) => list.slice());
  return {
    routes: copy(state.routes),
    starts: copy(state.starts),
    latestStarts: copy(state.latestStarts),
    loads: Array.from(state.loads),
    works: Array.from(state.works),
    routeOf: Array.from(state.routeOf),
    positionOf: Array.from(state.positionOf),
  };
}

describe('insertVisit', () => {
  it('leaves a route exactly as a full refresh would, at every feasible place, with and without balance', () => {
    let insertions = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      // Every other problem weighs the routes' balance (a weight that makes it matter next to the legs).
      const model = buildModel({
        ...createSmallProblem(seed, 7, 2),
        balanceWeight: seed % 2 === 0 ? 0.01 : 0,
      });
      const random = createRandom(seed);
      const state = createRouteState(model);
      for (let visit = 0; visit < model.visitCount; visit += 1) {
        const vehicle = random.nextInt(model.vehicleCount);
        const route = state.routes[vehicle]!;
        const feasible = [];
        for (let position = 1; position < route.length; position += 1) {
          const delta = insertionDelta(state, visit, vehicle, position);
          if (delta < Infinity) feasible.push({ position, delta });
        }
        if (feasible.length === 0) continue;
        const { position, delta } = feasible[random.nextInt(feasible.length)]!;
        const costBefore = state.routeCosts[vehicle]!;
        insertVisit(state, visit, vehicle, position, delta);
        insertions += 1;
        const incremental = snapshot(state);
        const incrementalCost = state.routeCosts[vehicle]!;
        expect(refreshRoute(state, vehicle)).toBe(-1);
        // The work sums the same legs in another order: equal up to rounding.
        expect(incremental.works[vehicle]).toBeCloseTo(state.works[vehicle]!, 9);
        expect({ ...incremental, works: [] }).toEqual({ ...snapshot(state), works: [] });
        expect(incrementalCost).toBeCloseTo(state.routeCosts[vehicle]!, 9);
        expect(incrementalCost).toBeCloseTo(costBefore + delta, 9);
      }
    }
    // Enough places were feasible for the comparison to mean something.
    expect(insertions).toBeGreaterThan(60);
  });
});
