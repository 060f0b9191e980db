import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkVrptwSolution } from './check';
import { parseSolomon, solomonToProblem } from './solomon';
import { solveVrptwSync } from './solve';
import { solveVrptwInWorkers } from './solve-in-workers';
import type { VrptwProgress } from './types';
import { VrptwWorkerPool } from './worker-pool';

const problem = solomonToProblem(
  parseSolomon(readFileSync(new URL('fixtures/RC201.txt', import.meta.url), 'utf8')),
);

describe('solving in worker threads', () => {
  it('answers the best of its seeds, the same plan each time, checked', async () => {
    const options = { seeds: [3, 4], maxIterations: 300, timeBudgetMs: 600_000 };
    const first = await solveVrptwInWorkers(problem, options);
    const second = await solveVrptwInWorkers(problem, options);
    expect(checkVrptwSolution(problem, first)).toEqual([]);
    expect(first.unassigned).toEqual([]);
    expect(second.routes).toEqual(first.routes);
    // The same as the better of the two seeds solved here.
    const costs = [3, 4].map((seed) => solveVrptwSync(problem, { ...options, seed }).cost);
    expect(first.cost).toBe(Math.min(...costs));
  });

  it('reports progress and stops every worker when aborted', async () => {
    const controller = new AbortController();
    const progress: VrptwProgress[] = [];
    const solution = await solveVrptwInWorkers(problem, {
      maxIterations: 1e9,
      timeBudgetMs: 1e9,
      signal: controller.signal,
      onProgress: (update) => {
        progress.push(update);
        controller.abort();
      },
    });
    expect(solution.stoppedBy).toBe('aborted');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]!.fraction).toBeGreaterThanOrEqual(0);
    expect(checkVrptwSolution(problem, solution)).toEqual([]);
    expect(solution.unassigned).toEqual([]);
  });

  it('queues seeds beyond its threads and reuses the thread', async () => {
    const pool = new VrptwWorkerPool(1);
    try {
      const options = { seeds: [3, 4], maxIterations: 300, timeBudgetMs: 600_000 };
      const solution = await solveVrptwInWorkers(problem, { ...options, pool });
      const again = await solveVrptwInWorkers(problem, { ...options, pool });
      expect(again.routes).toEqual(solution.routes);
      expect(checkVrptwSolution(problem, solution)).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('rejects a problem the solver refuses, without leaving a thread behind', async () => {
    await expect(solveVrptwInWorkers({ ...problem, size: 0 }, { seeds: [1] })).rejects.toThrow(
      /at least one node/,
    );
  });
});
