import { throwIfAborted } from './abort';
import { maxExactSize, solveHeldKarp } from './held-karp';
import { searchTour, type SearchSettings } from './iterated-local-search';

export type TourProblem = {
  /** n x n cost matrix, row-major (cost[i * n + j] = cost of going from i to j); may be asymmetric. Node 0 is the base (depot). */
  costs: Float64Array;
  size: number;
};

export type SolveOptions = {
  /** Default 1; the same seed gives the same tour (when the kick limit, not the clock, ends the search). */
  seed?: number;
  /** Default: productionTimeBudgetMs(size). */
  timeBudgetMs?: number;
  /** Aborted: stops promptly and rejects with an Error named 'AbortError'. */
  signal?: AbortSignal;
  /** Use the heuristic even where the exact solver would apply (tests, comparisons). */
  isHeuristicForced?: boolean;
  /** Default: productionMaxKicks(size). */
  maxKicks?: number;
};

export type TourSolution = {
  /** A permutation of 0..n-1 starting with 0; the tour returns from the last node to 0. */
  order: number[];
  /** Sum of costs along the closed tour. */
  cost: number;
  /** True when solved exactly. */
  isExact: boolean;
};

/** The production settings, in one place for the server, the TSPLIB command and the benchmark. */
export const productionSettings: SearchSettings & { yieldEveryMs: number } = {
  neighbourCount: 10,
  maxKickSegment: 30,
  restartAfter: 4000,
  yieldEveryMs: 5,
};

/** Wall-clock budget for the heuristic: grows with the round, about 230 ms at 100 nodes. */
export function productionTimeBudgetMs(size: number): number {
  if (size <= maxExactSize) return 50;
  return Math.round(Math.min(3000, 2.3 * size));
}

/** Kick limit: normally reached a little before the time budget, so a run repeats exactly for the same seed. */
export function productionMaxKicks(size: number): number {
  return 1e9 + size;
}

export async function solveTour(problem: TourProblem, options: SolveOptions = {}): Promise<TourSolution> {
  const { costs, size } = problem;
  validateProblem(problem);
  throwIfAborted(options.signal);
  const started = performance.now();
  if (size <= 3 || (size <= maxExactSize && !options.isHeuristicForced) || size < 6) {
    const order = solveHeldKarp(costs, size);
    return { order, cost: computeTourCost(problem, order), isExact: true };
  }
  const result = await searchTour(costs, size, productionSettings, {
    seed: options.seed ?? 1,
    deadline: started + (options.timeBudgetMs ?? productionTimeBudgetMs(size)),
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
    const from = order[index]!;
    const to = order[index + 1 === order.length ? 0 : index + 1]!;
    total += costs[from * size + to]!;
  }
  return order.length > 1 ? total : 0;
}

function rotateToBase(order: number[]): number[] {
  const at = order.indexOf(0);
  return [...order.slice(at), ...order.slice(0, at)];
}

function validateProblem({ costs, size }: TourProblem): void {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`A tour needs at least one node (size ${size}).`);
  if (costs.length !== size * size) {
    throw new RangeError(`The cost matrix has ${costs.length} entries; ${size} nodes need ${size * size}.`);
  }
}
