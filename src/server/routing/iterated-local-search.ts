import { throwIfAborted, yieldToEventLoop } from './abort';
import { buildGreedyTour, buildNearestNeighbourTour, buildRandomInsertionTour } from './construct-tours';
import { createWorkQueue, pushNode, runLocalSearch, type SearchContext } from './local-search';
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
  /** Wall-clock deadline (performance.now() value). */
  deadline: number;
  /** Stop after this many kicks even with time left: makes runs repeatable whatever the machine's speed. */
  maxKicks: number;
  signal?: AbortSignal;
  /** How often (ms) the search lets the event loop run. */
  yieldEveryMs: number;
};

export type SearchResult = { order: number[]; cost: number; kicks: number };

export async function searchTour(
  costs: Float64Array,
  size: number,
  settings: SearchSettings,
  limits: SearchLimits,
): Promise<SearchResult> {
  throwIfAborted(limits.signal);
  const random = createRandom(limits.seed);
  const isSymmetric = checkSymmetric(costs, size);
  const neighbours = buildNeighbourLists(costs, size, settings.neighbourCount);
  const starts = [buildGreedyTour(costs, size), buildNearestNeighbourTour(costs, size, 0)];
  const state = createTourState(costs, size, isSymmetric, starts[0]!);
  const context: SearchContext = {
    state,
    neighbours,
    queue: createWorkQueue(size),
    epsilon: 1e-9 * averageCost(costs, size),
  };
  let best = Int32Array.from(state.tour);
  let bestCost = Infinity;
  const current = new Int32Array(size);
  let currentCost = Infinity;
  let kicks = 0;
  let lastYield = performance.now();
  let sinceImprovement = 0;
  let startIndex = 0;
  const restart = (): void => {
    const order = startIndex < starts.length ? starts[startIndex]! : buildRandomInsertionTour(costs, size, random);
    startIndex += 1;
    setTour(state, order, 0);
    refreshPrefixSums(state);
    for (let node = 0; node < size; node += 1) pushNode(context.queue, node);
    runLocalSearch(context);
    current.set(state.tour);
    currentCost = state.cost;
    sinceImprovement = 0;
  };
  restart();
  while (kicks < limits.maxKicks) {
    if (currentCost < bestCost - context.epsilon) {
      best = Int32Array.from(current);
      bestCost = currentCost;
    }
    const now = performance.now();
    if (now >= limits.deadline) break;
    if (now - lastYield >= limits.yieldEveryMs) {
      await yieldToEventLoop();
      throwIfAborted(limits.signal);
      lastYield = performance.now();
    }
    if (sinceImprovement >= settings.restartAfter) {
      restart();
      continue;
    }
    kick(context, random, settings.maxKickSegment);
    runLocalSearch(context);
    kicks += 1;
    if (state.cost < currentCost - context.epsilon) {
      current.set(state.tour);
      currentCost = state.cost;
      sinceImprovement = 0;
    } else {
      sinceImprovement += 1;
      // Equal-cost tours are accepted so the search can drift across plateaus.
      if (state.cost <= currentCost + context.epsilon) current.set(state.tour);
      else setTour(state, current, currentCost);
    }
  }
  if (currentCost < bestCost) {
    best = Int32Array.from(current);
    bestCost = currentCost;
  }
  return { order: Array.from(best), cost: bestCost, kicks };
}

/** Double bridge made local: swap two adjacent short segments at a random place. */
function kick(context: SearchContext, random: Random, maxSegment: number): void {
  const { state } = context;
  const { size } = state;
  const longest = Math.max(1, Math.min(maxSegment, Math.floor((size - 2) / 2)));
  const first = 1 + random.nextInt(longest);
  const second = 1 + random.nextInt(longest);
  const p1 = random.nextInt(size - first - second);
  const p2 = p1 + first;
  const p3 = p2 + second;
  const { tour, costs } = state;
  const at = (position: number): number => tour[position === size ? 0 : position]!;
  const cost = (from: number, to: number): number => costs[from * size + to]!;
  const delta =
    cost(at(p1), at(p2 + 1)) +
    cost(at(p3), at(p1 + 1)) +
    cost(at(p2), at(p3 + 1)) -
    cost(at(p1), at(p1 + 1)) -
    cost(at(p2), at(p2 + 1)) -
    cost(at(p3), at(p3 + 1));
  const touched = [p1, p1 + 1, p2, p2 + 1, p3, p3 + 1].map(at);
  applySegmentExchange(state, p1, p2, p3, delta);
  for (const node of touched) pushNode(context.queue, node);
}

function checkSymmetric(costs: Float64Array, size: number): boolean {
  for (let from = 0; from < size; from += 1) {
    for (let to = from + 1; to < size; to += 1) {
      if (costs[from * size + to] !== costs[to * size + from]) return false;
    }
  }
  return true;
}

function averageCost(costs: Float64Array, size: number): number {
  let total = 0;
  for (let from = 0; from < size; from += 1) {
    for (let to = 0; to < size; to += 1) if (from !== to) total += Math.abs(costs[from * size + to]!);
  }
  return Math.max(total / Math.max(1, size * (size - 1)), 1e-300);
}
