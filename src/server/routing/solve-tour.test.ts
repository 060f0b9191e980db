import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTourCost, productionMaxKicks, productionTimeBudgetMs, solveTour } from './solve-tour';
import { checkIsTourFromBase, createRandomMatrix, findBruteForceCost } from './test-matrices';

describe('solveTour, exact for small rounds', () => {
  it('equals brute force on random symmetric and asymmetric matrices of 1 to 9 nodes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9 }),
        fc.integer(),
        fc.boolean(),
        async (size, seed, isSymmetric) => {
          const problem = { costs: createRandomMatrix(size, seed, isSymmetric), size };
          const solution = await solveTour(problem);
          expect(solution.isExact).toBe(true);
          expect(checkIsTourFromBase(solution.order, size)).toBe(true);
          expect(solution.cost).toBeCloseTo(computeTourCost(problem, solution.order), 9);
          expect(solution.cost).toBeCloseTo(findBruteForceCost(problem.costs, size), 9);
        },
      ),
      { numRuns: 60, seed: 42 },
    );
  });

  it('solves 12 stops (13 nodes) exactly', async () => {
    const problem = { costs: createRandomMatrix(13, 5, false), size: 13 };
    const solution = await solveTour(problem);
    expect(solution.isExact).toBe(true);
    expect(checkIsTourFromBase(solution.order, 13)).toBe(true);
  });

  it('hands 14 nodes to the heuristic', async () => {
    const solution = await solveTour({ costs: createRandomMatrix(14, 5, false), size: 14 }, { maxKicks: 50 });
    expect(solution.isExact).toBe(false);
  });

  it('counts a one-node tour as free and a two-node tour as there and back', async () => {
    expect(await solveTour({ costs: new Float64Array([0]), size: 1 })).toEqual({
      order: [0],
      cost: 0,
      isExact: true,
    });
    const there = await solveTour({ costs: Float64Array.from([0, 2.5, 4, 0]), size: 2 });
    expect(there).toEqual({ order: [0, 1], cost: 6.5, isExact: true });
  });

  it('rejects a matrix of the wrong length or with costs that are not finite', async () => {
    await expect(solveTour({ costs: new Float64Array(5), size: 2 })).rejects.toThrow(/4/);
    const costs = Float64Array.from([0, 1, Infinity, 0]);
    await expect(solveTour({ costs, size: 2 })).rejects.toThrow(/finite/);
    await expect(solveTour({ costs: Float64Array.from([0, NaN, 1, 0]), size: 2 })).rejects.toThrow(/finite/);
  });
});

describe('solveTour, heuristic', () => {
  it('finds the brute-force optimum of small rounds too when forced to search', async () => {
    for (const [size, seed, isSymmetric] of [
      [7, 1, true],
      [8, 2, false],
      [9, 3, false],
      [9, 4, true],
    ] as const) {
      const problem = { costs: createRandomMatrix(size, seed, isSymmetric), size };
      const solution = await solveTour(problem, {
        isHeuristicForced: true,
        maxKicks: 2000,
        timeBudgetMs: 60_000,
      });
      expect(solution.isExact).toBe(false);
      expect(solution.cost).toBeCloseTo(findBruteForceCost(problem.costs, size), 9);
    }
  });

  it('returns a tour from the base whose cost matches an independent recomputation (14 to 40 nodes)', async () => {
    for (let size = 14; size <= 40; size += 13) {
      for (const isSymmetric of [true, false]) {
        const problem = { costs: createRandomMatrix(size, size, isSymmetric), size };
        const solution = await solveTour(problem, { maxKicks: 300 });
        expect(checkIsTourFromBase(solution.order, size)).toBe(true);
        expect(solution.cost).toBe(computeTourCost(problem, solution.order));
      }
    }
  });

  it('gives the same tour for the same seed', async () => {
    const problem = { costs: createRandomMatrix(60, 9, false), size: 60 };
    const options = { seed: 7, maxKicks: 400, timeBudgetMs: 60_000 };
    const first = await solveTour(problem, options);
    const second = await solveTour(problem, options);
    expect(second.order).toEqual(first.order);
    const other = await solveTour(problem, { ...options, seed: 8 });
    expect(checkIsTourFromBase(other.order, 60)).toBe(true);
  });

  it('stops at its time budget, on its own clock', async () => {
    const problem = { costs: createRandomMatrix(200, 3, true), size: 200 };
    // A clock that moves 1 ms each time it is read: with no kick limit only the budget can end the search.
    let reads = 0;
    const clock = () => (reads += 1);
    const solution = await solveTour(problem, { timeBudgetMs: 50, maxKicks: Number.MAX_SAFE_INTEGER, clock });
    expect(reads).toBeGreaterThanOrEqual(50);
    expect(reads).toBeLessThan(60);
    expect(checkIsTourFromBase(solution.order, 200)).toBe(true);
  });

  it('rejects with an AbortError when the signal is already aborted', async () => {
    const problem = { costs: createRandomMatrix(30, 3, false), size: 30 };
    await expect(solveTour(problem, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    const small = { costs: createRandomMatrix(5, 3, false), size: 5 };
    await expect(solveTour(small, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('stops at its next look at the signal with an AbortError when aborted mid-run', async () => {
    const problem = { costs: createRandomMatrix(150, 4, false), size: 150 };
    const controller = new AbortController();
    // The clock moves 1 ms a read, and the signal is aborted at its 30th read: the search looks at the signal
    // each time it lets the event loop run (every few ms of its clock), so a few reads later it has stopped.
    let reads = 0;
    let readsWhenAborted = 0;
    const clock = () => {
      reads += 1;
      if (reads === 30) {
        readsWhenAborted = reads;
        controller.abort();
      }
      return reads;
    };
    const run = solveTour(problem, {
      signal: controller.signal,
      timeBudgetMs: 1_000_000,
      maxKicks: Number.MAX_SAFE_INTEGER,
      clock,
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(readsWhenAborted).toBe(30);
    expect(reads - readsWhenAborted).toBeLessThan(20);
  });
});

describe('production settings', () => {
  it('gives bigger rounds more time and more kicks, within the 250 ms target at 100 nodes', () => {
    expect(productionTimeBudgetMs(100)).toBeLessThanOrEqual(250);
    expect(productionTimeBudgetMs(40)).toBeLessThan(productionTimeBudgetMs(100));
    expect(productionMaxKicks(40)).toBeLessThan(productionMaxKicks(100));
  });
});
