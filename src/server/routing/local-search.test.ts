import { describe, expect, it } from 'vitest';
import { searchTour } from './iterated-local-search';
import { createRandom } from './prng';
import { computeTourCost, productionSettings } from './solve-tour';
import { checkIsTourFromBase, createRandomMatrix } from './test-matrices';
import {
  applyReversal,
  applySegmentExchange,
  createTourState,
  priceReversalInside,
  refreshPrefixSums,
} from './tour-state';

const limits = { deadline: Infinity, maxKicks: 400, yieldEveryMs: 5, clock: () => 0 };

function priceTour(costs: Float64Array, size: number, tour: Int32Array): number {
  return computeTourCost({ costs, size }, Array.from(tour));
}

describe('tour state moves', () => {
  it('prices a reversal exactly on an asymmetric matrix, also across the array end', () => {
    const size = 17;
    const costs = createRandomMatrix(size, 11, false);
    const random = createRandom(3);
    const state = createTourState(
      costs,
      size,
      false,
      Array.from({ length: size }, (_, index) => index),
    );
    for (let move = 0; move < 300; move += 1) {
      const first = random.nextInt(size);
      const last = random.nextInt(size);
      const before = state.tour[(first - 1 + size) % size]!;
      const after = state.tour[(last + 1) % size]!;
      if (before === state.tour[last] || first === last) continue;
      const firstNode = state.tour[first]!;
      const lastNode = state.tour[last]!;
      const delta =
        costs[before * size + lastNode]! +
        costs[firstNode * size + after]! -
        costs[before * size + firstNode]! -
        costs[lastNode * size + after]! +
        priceReversalInside(state, first, last);
      applyReversal(state, first, last, delta);
      expect(state.cost).toBeCloseTo(priceTour(costs, size, state.tour), 6);
    }
    refreshPrefixSums(state);
    expect(state.cost).toBeCloseTo(priceTour(costs, size, state.tour), 9);
  });

  it('swaps two segments without reversing them', () => {
    const state = createTourState(new Float64Array(64), 8, false, [0, 1, 2, 3, 4, 5, 6, 7]);
    applySegmentExchange(state, 1, 3, 6, 0);
    expect(Array.from(state.tour)).toEqual([0, 1, 4, 5, 6, 2, 3, 7]);
    expect(Array.from(state.tour).every((node, index) => state.pos[node] === index)).toBe(true);
  });
});

describe('searchTour (the heuristic path)', () => {
  it('returns a permutation whose tracked cost equals an independent recomputation (14 to 40 nodes)', async () => {
    for (let size = 14; size <= 40; size += 2) {
      for (const isSymmetric of [true, false]) {
        const costs = createRandomMatrix(size, size * 7, isSymmetric);
        const result = await searchTour(costs, size, productionSettings, { ...limits, seed: size });
        const order = result.order;
        expect(new Set(order).size).toBe(size);
        expect(order.every((node) => node >= 0 && node < size)).toBe(true);
        expect(result.cost).toBeCloseTo(computeTourCost({ costs, size }, order), 6);
      }
    }
  });

  it('improves on the unoptimised order and keeps every node, the base included', async () => {
    const size = 30;
    const costs = createRandomMatrix(size, 77, false);
    const result = await searchTour(costs, size, productionSettings, { ...limits, seed: 1 });
    const rotated = [
      ...result.order.slice(result.order.indexOf(0)),
      ...result.order.slice(0, result.order.indexOf(0)),
    ];
    expect(checkIsTourFromBase(rotated, size)).toBe(true);
    const identity = computeTourCost(
      { costs, size },
      Array.from({ length: size }, (_, index) => index),
    );
    expect(result.cost).toBeLessThan(identity);
  });

  it('is repeatable for a seed', async () => {
    const size = 35;
    const costs = createRandomMatrix(size, 5, false);
    const first = await searchTour(costs, size, productionSettings, { ...limits, seed: 9 });
    const second = await searchTour(costs, size, productionSettings, { ...limits, seed: 9 });
    expect(second).toEqual(first);
  });
});
