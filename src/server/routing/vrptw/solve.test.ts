import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkVrptwSolution } from './check';
import { parseSolomon, solomonToProblem } from './solomon';
import { solveVrptw, solveVrptwSync } from './solve';
import { bruteForce } from './brute-force';
import { createSmallProblem } from './test-instances';
import type { VrptwProblem, VrptwSolution } from './types';

function solveChecked(problem: VrptwProblem, seed = 1, maxIterations = 2000): VrptwSolution {
  const solution = solveVrptwSync(problem, { seed, maxIterations, timeBudgetMs: 600_000 });
  expect(checkVrptwSolution(problem, solution)).toEqual([]);
  return solution;
}

/** Solves (checked) and expects the brute-force optimum: as few visits left out, at the same cost. */
function solveToOptimum(problem: VrptwProblem, seed: number): VrptwSolution {
  const optimum = bruteForce(problem);
  const solution = solveChecked(problem, seed);
  expect({ seed, unassigned: solution.unassigned.length }).toEqual({ seed, unassigned: optimum.unassigned });
  expect(solution.cost).toBeCloseTo(optimum.cost, 6);
  return solution;
}

describe('the VRPTW solver', () => {
  it('finds the brute-force optimum of small problems (windows, capacities, return times, stability)', () => {
    for (let seed = 1; seed <= 14; seed += 1) {
      solveToOptimum(createSmallProblem(seed, seed % 2 === 0 ? 7 : 6, 2 + (seed % 2)), seed);
    }
  });

  it('finds the brute-force optimum with workload balance, whose cost the checker recomputes', () => {
    for (let seed = 31; seed <= 38; seed += 1) {
      // Strong enough to move visits: a minute more on a 100-minute route costs 2 distance units more.
      solveToOptimum({ ...createSmallProblem(seed, 6, 2 + (seed % 2)), balanceWeight: 0.01 }, seed);
    }
  });

  it('keeps pinned visits on their vehicle, at the brute-force optimum of the rest', () => {
    for (let seed = 21; seed <= 28; seed += 1) {
      const problem = createSmallProblem(seed, 6, 2 + (seed % 2));
      // Pin two visits to the last vehicle, wherever the plan would rather put them.
      const pinned = problem.vehicles.length - 1;
      problem.visits[0]!.onlyVehicle = pinned;
      problem.visits[3]!.onlyVehicle = pinned;
      const solution = solveToOptimum(problem, seed);
      for (const visit of [0, 3]) {
        const route = solution.routes.find((candidate) => candidate.visits.includes(visit));
        if (route) expect(route.vehicle).toBe(pinned);
      }
    }
  });

  it('checks the pins: a pinned visit on another vehicle is an error', () => {
    const problem = createSmallProblem(2, 4, 2);
    const solution = solveChecked(problem);
    const [route] = solution.routes.filter((candidate) => candidate.visits.length > 0);
    const visit = route!.visits[0]!;
    problem.visits[visit]!.onlyVehicle = 1 - route!.vehicle;
    expect(checkVrptwSolution(problem, solution)).toContain(
      `route ${route!.vehicle}: visit ${visit} is pinned to vehicle ${1 - route!.vehicle}.`,
    );
  });

  it('explains a pinned visit its vehicle cannot reach in time', () => {
    const problem: VrptwProblem = {
      size: 3,
      travelTimes: line(3),
      vehicles: [
        { startNode: 0, startTime: 0 },
        { startNode: 0, startTime: 100 },
      ],
      visits: [{ node: 2, demand: 1, serviceTime: 0, latest: 50, onlyVehicle: 1 }],
    };
    expect(solveChecked(problem).unassigned).toEqual([{ visit: 0, reason: 'window_impossible' }]);
  });

  const line = (size: number) => {
    // Nodes on a line, 10 apart: node i at 10 i.
    const matrix = new Float64Array(size * size);
    for (let from = 0; from < size; from += 1) {
      for (let to = 0; to < size; to += 1) matrix[from * size + to] = 10 * Math.abs(from - to);
    }
    return matrix;
  };

  it('explains what it cannot place: window impossible, no capacity, no time', () => {
    const problem: VrptwProblem = {
      size: 4,
      travelTimes: line(4),
      vehicles: [
        { startNode: 0, startTime: 0, latestReturn: 100, capacity: 10 },
        { startNode: 0, startTime: 50, latestReturn: 100, capacity: 10 },
      ],
      visits: [
        // 30 away: reachable at 30 at the earliest, but must start by 20.
        { node: 3, demand: 1, serviceTime: 0, earliest: 0, latest: 20 },
        // More than any vehicle carries.
        { node: 1, demand: 11, serviceTime: 0 },
        // Fits: the earlier vehicle waits until 40 and is back at 40 + 30 + 20 = 90.
        { node: 2, demand: 1, serviceTime: 30, earliest: 40 },
        // Could go alone, yet back 30 + 60 + 30 = 120 after the return time.
        { node: 3, demand: 1, serviceTime: 60 },
      ],
    };
    const solution = solveChecked(problem);
    expect(solution.unassigned).toEqual([
      { visit: 0, reason: 'window_impossible' },
      { visit: 1, reason: 'no_capacity' },
      { visit: 3, reason: 'no_time' },
    ]);
    expect(solution.routes.flatMap((route) => route.visits)).toEqual([2]);
  });

  it('leaves out what no longer fits the fleet, with the reason that stopped it', () => {
    const full = (capacity: number, latestReturn: number | null): VrptwProblem => ({
      size: 2,
      travelTimes: line(2),
      vehicles: [{ startNode: 0, startTime: 0, latestReturn, capacity }],
      visits: [
        { node: 1, demand: 6, serviceTime: 30 },
        { node: 1, demand: 6, serviceTime: 30 },
      ],
    });
    // The two visits are alike: either may be the one left out.
    expect(solveChecked(full(10, null)).unassigned).toEqual([
      { visit: expect.any(Number), reason: 'no_capacity' },
    ]);
    expect(solveChecked(full(20, 60)).unassigned).toEqual([{ visit: expect.any(Number), reason: 'no_time' }]);
  });

  it('never places a visit late, even when travel times break the triangle inequality', () => {
    const problem = createSmallProblem(5, 7, 2);
    // A slow shortcut between every pair of visits: going direct takes longer than via the base.
    for (let from = 2; from < problem.size; from += 1) {
      for (let to = 2; to < problem.size; to += 1) {
        if (from !== to) problem.travelTimes[from * problem.size + to] = 200;
      }
    }
    solveChecked(problem);
  });

  it('gives the same plan for the same seed', () => {
    const problem = solomonToProblem(
      parseSolomon(readFileSync(new URL('fixtures/R101.txt', import.meta.url), 'utf8')),
    );
    const first = solveChecked(problem, 7, 500);
    const second = solveChecked(problem, 7, 500);
    expect(second.routes).toEqual(first.routes);
    expect(second.cost).toBe(first.cost);
  });

  it('stops promptly when aborted and answers with the best plan so far', async () => {
    const problem = solomonToProblem(
      parseSolomon(readFileSync(new URL('fixtures/C101.txt', import.meta.url), 'utf8')),
    );
    const controller = new AbortController();
    const progress: number[] = [];
    const solution = await solveVrptw(problem, {
      maxIterations: 1e9,
      timeBudgetMs: 1e9,
      signal: controller.signal,
      onProgress: ({ fraction }) => {
        progress.push(fraction);
        controller.abort();
      },
    });
    expect(solution.stoppedBy).toBe('aborted');
    expect(progress).toHaveLength(1);
    expect(solution.iterations).toBeLessThan(1e6);
    expect(checkVrptwSolution(problem, solution)).toEqual([]);
    expect(solution.unassigned).toEqual([]);

    const aborted = await solveVrptw(problem, { signal: AbortSignal.abort() });
    expect(aborted).toMatchObject({ stoppedBy: 'aborted', iterations: 0, unassigned: [] });
    expect(checkVrptwSolution(problem, aborted)).toEqual([]);
  });

  it.each(['C101', 'C201', 'R101', 'RC201'])('serves every customer of Solomon %s feasibly', (name) => {
    const problem = solomonToProblem(
      parseSolomon(readFileSync(new URL(`fixtures/${name}.txt`, import.meta.url), 'utf8')),
    );
    const solution = solveChecked(problem, 1, 1000);
    expect(solution.unassigned).toEqual([]);
    expect(solution.stoppedBy).toBe('iterations');
  });
});
