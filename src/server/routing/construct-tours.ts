import type { Random } from './prng';

/** Starting tours for the local search: different shapes so the restarts do not all fall into the same valley. */

export function buildNearestNeighbourTour(costs: Float64Array, size: number, start: number): number[] {
  const isVisited = new Uint8Array(size);
  const order = [start];
  isVisited[start] = 1;
  let here = start;
  for (let step = 1; step < size; step += 1) {
    let next = -1;
    let nextCost = Infinity;
    const row = here * size;
    for (let node = 0; node < size; node += 1) {
      if (!isVisited[node] && (next < 0 || costs[row + node]! < nextCost)) {
        next = node;
        nextCost = costs[row + node]!;
      }
    }
    order.push(next);
    isVisited[next] = 1;
    here = next;
  }
  return order;
}

/**
 * Greedy edge matching: take arcs cheapest first while every node keeps at most one arc out and one in and no
 * cycle closes early; the fragments left are then chained in order. Works for asymmetric matrices as is.
 */
export function buildGreedyTour(costs: Float64Array, size: number): number[] {
  if (size < 3) return Array.from({ length: size }, (_, index) => index);
  const arcs = new Int32Array(size * (size - 1));
  let arcCount = 0;
  for (let from = 0; from < size; from += 1) {
    for (let to = 0; to < size; to += 1) if (from !== to) arcs[arcCount++] = from * size + to;
  }
  arcs.sort((x, y) => costs[x]! - costs[y]! || x - y);
  const next = new Int32Array(size).fill(-1);
  const previous = new Int32Array(size).fill(-1);
  // The far end of the fragment a node starts or ends, kept up to date at fragment ends only.
  const otherEnd = Int32Array.from({ length: size }, (_, index) => index);
  let joined = 0;
  for (let index = 0; index < arcCount && joined < size - 1; index += 1) {
    const arc = arcs[index]!;
    const from = Math.floor(arc / size);
    const to = arc - from * size;
    if (next[from]! >= 0 || previous[to]! >= 0 || otherEnd[from] === to) continue;
    next[from] = to;
    previous[to] = from;
    const head = otherEnd[from]!;
    const tail = otherEnd[to]!;
    otherEnd[head] = tail;
    otherEnd[tail] = head;
    joined += 1;
  }
  return chainFragments(next, previous);
}

function chainFragments(next: Int32Array, previous: Int32Array): number[] {
  const order: number[] = [];
  for (let start = 0; start < next.length; start += 1) {
    if (previous[start]! >= 0) continue;
    for (let node = start; node >= 0; node = next[node]!) order.push(node);
  }
  return order;
}

/** Cheapest insertion of the nodes in a random order: cheap to build, and different for every seed. */
export function buildRandomInsertionTour(costs: Float64Array, size: number, random: Random): number[] {
  const pending = Array.from({ length: size }, (_, index) => index);
  for (let index = size - 1; index > 0; index -= 1) {
    const swap = random.nextInt(index + 1);
    [pending[index], pending[swap]] = [pending[swap]!, pending[index]!];
  }
  const order: number[] = pending.slice(0, Math.min(2, size));
  for (let index = 2; index < size; index += 1) {
    const node = pending[index]!;
    let bestAfter = 0;
    let bestDelta = Infinity;
    for (let at = 0; at < order.length; at += 1) {
      const from = order[at]!;
      const to = order[at + 1 === order.length ? 0 : at + 1]!;
      const delta = costs[from * size + node]! + costs[node * size + to]! - costs[from * size + to]!;
      if (delta < bestDelta) {
        bestDelta = delta;
        bestAfter = at;
      }
    }
    order.splice(bestAfter + 1, 0, node);
  }
  return order;
}
