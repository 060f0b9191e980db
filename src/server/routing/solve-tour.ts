import { throwIfAborted } from './abort';
import { maxExactSize, solveHeldKarp } from './held-karp';
import { searchTour, type SearchSettings } from './iterated-local-search';

export type TourProblem = {
  /**
   * n x n cost matrix, row-major (cost[i * n + j] = cost of going from i to j); may be asymmetric.
   * Node 0 is the base (depot).
   */
  costs: Float64Array;
  /** n, at least 1. */
  size: number;
};

export type SolveOptions = {
  /** Default 1; the same seed gives the same tour (when the kick limit, not the clock, ends the search). */
  seed?: number;
  /** Default: productionTimeBudgetMs(size). */
  timeBudgetMs?: number;
  /** Aborted: stops promptly and rejects with an Error named 'AbortError'. */
  signal?: AbortSignal;
  /** Use the heuristic where the exact solver would apply (tests, comparisons); below 6 nodes it stays exact. */
  isHeuristicForced?: boolean;
  /** Default: productionMaxKicks(size). */
  maxKicks?: number;
  /** The time in ms for the budget; default performance.now (tests pass a clock of their own). */
  clock?: () => number;
};

export type TourSolution = {
  /** A permutation of 0..n-1 starting with 0; the tour returns from the last node to 0. */
  order: number[];
  /** Sum of costs along the closed tour. */
  cost: number;
  /** True when solved exactly. */
  isExact: boolean;
};

/**
 * The production settings, in one place for the server, the TSPLIB command and the benchmark. Tuned on TSPLIB
 * (bench/optimiser.ts): 2000 + 60 n kicks reach the optimum of every instance there; restarting after 1500
 * fruitless kicks got ry48p and eil51 out of the valleys a single descent stayed in.
 */
export const productionSettings: SearchSettings & {
  yieldEveryMs: number;
  kicksBase: number;
  kicksPerNode: number;
} = {
  neighbourCount: 10,
  maxKickSegment: 30,
  restartAfter: 1500,
  yieldEveryMs: 5,
  kicksBase: 2000,
  kicksPerNode: 60,
};

/**
 * Wall-clock cap for the heuristic: 2 ms per node, at least 150 ms (200 ms at 100 nodes). On an idle machine the
 * kick limit ends the search first (about 100 ms at 100 nodes, 50 ms at 50); the cap bounds a busy server's
 * response time instead, and its floor leaves small rounds enough kicks when the CPU is shared or still cold.
 */
export function productionTimeBudgetMs(size: number): number {
  return Math.round(Math.min(5000, Math.max(150, 2 * size)));
}

/** The kick limit that normally ends the search, so that a run repeats exactly for the same seed. */
export function productionMaxKicks(size: number): number {
  return productionSettings.kicksBase + productionSettings.kicksPerNode * size;
}

export async function solveTour(problem: TourProblem, options: SolveOptions = {}): Promise<TourSolution> {
  const { costs, size } = problem;
  validateProblem(problem);
  throwIfAborted(options.signal);
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  // Below 6 nodes a kick has no room to move anything, and the exact answer costs microseconds.
  if (size < 6 || (size <= maxExactSize && !options.isHeuristicForced)) {
    const order = solveHeldKarp(costs, size);
    return { order, cost: computeTourCost(problem, order), isExact: true };
  }
  const result = await searchTour(costs, size, productionSettings, {
    seed: options.seed ?? 1,
    deadline: started + (options.timeBudgetMs ?? productionTimeBudgetMs(size)),
    clock,
    maxKicks: options.maxKicks ?? productionMaxKicks(size),
    signal: options.signal,
    yieldEveryMs: productionSettings.yieldEveryMs,
  });
  const order = rotateToBase(result.order);
  return { order, cost: computeTourCost(problem, order), isExact: false };
}

/** Recomputes a closed tour's cost from the matrix, independently of the solver's bookkeeping. */
export function computeTourCost(problem: TourProblem, order: number[]): number {
  const { costs, size } = problem;
  let total = 0;
  for (let index = 0; index < order.length; index += 1) {
    const from = order[index] ?? 0;
    const to = order[index + 1 === order.length ? 0 : index + 1] ?? 0;
    total += costs[from * size + to] ?? 0;
  }
  return order.length > 1 ? total : 0;
}

function rotateToBase(order: number[]): number[] {
  const at = order.indexOf(0);
  return [...order.slice(at), ...order.slice(0, at)];
}

function validateProblem({ costs, size }: TourProblem): void {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`A tour needs at least one node (size ${size}).`);
  }
  if (costs.length !== size * size) {
    throw new RangeError(`The cost matrix has ${costs.length} entries; ${size} nodes need ${size * size}.`);
  }
  // Infinity minus Infinity is NaN, which no comparison accepts: the search would silently stop improving.
  if (!costs.every(Number.isFinite)) {
    throw new RangeError('Every cost must be a finite number (use a large one for a leg to avoid).');
  }
}
