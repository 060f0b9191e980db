import { throwIfAborted, yieldToEventLoop } from './abort';
import { buildGreedyTour, buildNearestNeighbourTour, buildRandomInsertionTour } from './construct-tours';
import { solveHeldKarp } from './held-karp';
import { runLocalSearch, type SearchContext } from './local-search';
import { createWorkQueue, pushNode } from './work-queue';
import { buildNeighbourLists } from './neighbour-lists';
import { createRandom, type Random } from './prng';
import { applySegmentExchange, createTourState, refreshPrefixSums, setTour } from './tour-state';

export type SearchSettings = {
  /** Candidate list length per node (outgoing and incoming). */
  neighbourCount: number;
  /** Longest segment a double-bridge kick moves: local kicks keep the repair work small. */
  maxKickSegment: number;
  /** Kicks without an improvement after which the search restarts from a fresh random-insertion tour. */
  restartAfter: number;
};

export type SearchLimits = {
  seed: number;
  /** Deadline on the clock below. */
  deadline: number;
  /** The time in ms: performance.now() in production, a fake clock in tests. */
  clock: () => number;
  /** Stop after this many kicks even with time left: makes runs repeatable whatever the machine's speed. */
  maxKicks: number;
  signal?: AbortSignal;
  /** How often (ms) the search lets the event loop run. */
  yieldEveryMs: number;
};

/** The tour as a cycle (not rotated to the base), its cost, and how the search went. */
export type SearchResult = { order: number[]; cost: number; kicks: number; kicksToBest: number };

type Search = SearchContext & {
  costs: Float64Array;
  size: number;
  settings: SearchSettings;
  random: Random;
  starts: number[][];
  startCount: number;
  /** The tour the kicks start from, and the best found over all starts. */
  current: Int32Array;
  currentCost: number;
  best: Int32Array;
  bestCost: number;
  kicks: number;
  kicksToBest: number;
  kicksSinceImprovement: number;
};

/**
 * Iterated local search: descend from greedy and nearest-neighbour starts, then repeatedly kick the tour (a local
 * double bridge), descend again and keep the result when it is no worse; restart from a random insertion after
 * a long run without improvement. Stops at the kick limit, the deadline or the signal.
 */
export async function searchTour(
  costs: Float64Array,
  size: number,
  settings: SearchSettings,
  limits: SearchLimits,
): Promise<SearchResult> {
  throwIfAborted(limits.signal);
  // A kick needs two segments and a remainder; below that, trying every order is cheaper anyway.
  if (size < 5) {
    const order = solveHeldKarp(costs, size);
    const cost = order.reduce(
      (sum, from, index) => sum + (costs[from * size + (order[index + 1] ?? 0)] ?? 0),
      0,
    );
    return { order, cost: size > 1 ? cost : 0, kicks: 0, kicksToBest: 0 };
  }
  const search = createSearch(costs, size, settings, limits.seed);
  // Building the candidate lists and the greedy start is the longest stretch without a check on big rounds.
  await yieldToEventLoop();
  throwIfAborted(limits.signal);
  restartSearch(search);
  let lastYield = limits.clock();
  while (search.kicks < limits.maxKicks) {
    const now = limits.clock();
    if (now >= limits.deadline) break;
    if (now - lastYield >= limits.yieldEveryMs) {
      await yieldToEventLoop();
      throwIfAborted(limits.signal);
      lastYield = limits.clock();
    }
    if (search.kicksSinceImprovement >= settings.restartAfter) restartSearch(search);
    else kickAndDescend(search);
  }
  const { best, bestCost, kicks, kicksToBest } = search;
  return { order: Array.from(best), cost: bestCost, kicks, kicksToBest };
}

function createSearch(costs: Float64Array, size: number, settings: SearchSettings, seed: number): Search {
  const neighbours = buildNeighbourLists(costs, size, settings.neighbourCount);
  const greedy = buildGreedyTour(costs, size, neighbours);
  return {
    costs,
    size,
    settings,
    random: createRandom(seed),
    state: createTourState(costs, size, checkSymmetric(costs, size), greedy),
    neighbours,
    queue: createWorkQueue(size),
    epsilon: 1e-9 * averageCost(costs, size),
    starts: [greedy, buildNearestNeighbourTour(costs, size, 0)],
    startCount: 0,
    current: new Int32Array(size),
    currentCost: Infinity,
    best: Int32Array.from(greedy),
    bestCost: Infinity,
    kicks: 0,
    kicksToBest: 0,
    kicksSinceImprovement: 0,
  };
}

function restartSearch(search: Search): void {
  const { state, size } = search;
  const order =
    search.starts[search.startCount] ?? buildRandomInsertionTour(search.costs, size, search.random);
  search.startCount += 1;
  setTour(state, order, 0);
  for (let node = 0; node < size; node += 1) pushNode(search.queue, node);
  runLocalSearch(search);
  acceptImprovement(search);
}

function kickAndDescend(search: Search): void {
  const { state } = search;
  kick(search);
  runLocalSearch(search);
  search.kicks += 1;
  if (state.cost < search.currentCost - search.epsilon) {
    acceptImprovement(search);
    return;
  }
  search.kicksSinceImprovement += 1;
  // Equal-cost tours are taken so the search can drift across plateaus; worse ones are undone.
  if (state.cost <= search.currentCost + search.epsilon) search.current.set(state.tour);
  else setTour(state, search.current, search.currentCost);
}

function acceptImprovement(search: Search): void {
  const { state } = search;
  // Recomputed from scratch: the running sum of move deltas drifts on non-integer costs.
  refreshPrefixSums(state);
  search.current.set(state.tour);
  search.currentCost = state.cost;
  search.kicksSinceImprovement = 0;
  if (state.cost < search.bestCost - search.epsilon) {
    search.best.set(state.tour);
    search.bestCost = state.cost;
    search.kicksToBest = search.kicks;
  }
}

/** Double bridge made local: swap two adjacent short segments at a random place. */
function kick(search: Search): void {
  const { state, random, size, costs } = search;
  const longest = Math.max(1, Math.min(search.settings.maxKickSegment, Math.floor((size - 2) / 2)));
  const first = 1 + random.nextInt(longest);
  const second = 1 + random.nextInt(longest);
  const p1 = random.nextInt(size - first - second);
  const p2 = p1 + first;
  const p3 = p2 + second;
  const { tour } = state;
  const at = (position: number): number => tour[position === size ? 0 : position] ?? 0;
  const cost = (from: number, to: number): number => costs[from * size + to] ?? 0;
  const delta =
    cost(at(p1), at(p2 + 1)) +
    cost(at(p3), at(p1 + 1)) +
    cost(at(p2), at(p3 + 1)) -
    cost(at(p1), at(p1 + 1)) -
    cost(at(p2), at(p2 + 1)) -
    cost(at(p3), at(p3 + 1));
  const touched = [p1, p1 + 1, p2, p2 + 1, p3, p3 + 1].map(at);
  applySegmentExchange(state, p1, p2, p3, delta);
  for (const node of touched) pushNode(search.queue, node);
}

function checkSymmetric(costs: Float64Array, size: number): boolean {
  for (let from = 0; from < size; from += 1) {
    for (let to = from + 1; to < size; to += 1) {
      if (costs[from * size + to] !== costs[to * size + from]) return false;
    }
  }
  return true;
}

/** The scale the improvement epsilon is relative to. */
function averageCost(costs: Float64Array, size: number): number {
  let total = 0;
  for (let from = 0; from < size; from += 1) {
    for (let to = 0; to < size; to += 1) if (from !== to) total += Math.abs(costs[from * size + to] ?? 0);
  }
  return Math.max(total / Math.max(1, size * (size - 1)), 1e-300);
}
