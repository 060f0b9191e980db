import type { NeighbourLists } from './neighbour-lists';
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
      if (!isVisited[node] && (next < 0 || (costs[row + node] ?? 0) < nextCost)) {
        next = node;
        nextCost = costs[row + node] ?? 0;
      }
    }
    order.push(next);
    isVisited[next] = 1;
    here = next;
  }
  return order;
}

/**
 * Greedy edge matching over the candidate arcs: take them cheapest first while every node keeps at most one arc
 * out and one in and no cycle closes early; the fragments left are then chained nearest end first. Works for
 * asymmetric matrices as is.
 */
export function buildGreedyTour(costs: Float64Array, size: number, neighbours: NeighbourLists): number[] {
  const arcs = new Int32Array(size * neighbours.count);
  for (let from = 0; from < size; from += 1) {
    for (let rank = 0; rank < neighbours.count; rank += 1) {
      arcs[from * neighbours.count + rank] =
        from * size + (neighbours.outgoing[from * neighbours.count + rank] ?? 0);
    }
  }
  arcs.sort((x, y) => (costs[x] ?? 0) - (costs[y] ?? 0) || x - y);
  const next = new Int32Array(size).fill(-1);
  const previous = new Int32Array(size).fill(-1);
  // The far end of the fragment a node starts or ends, kept up to date at fragment ends only.
  const otherEnd = Int32Array.from({ length: size }, (_, index) => index);
  for (const arc of arcs) {
    const from = Math.floor(arc / size);
    const to = arc - from * size;
    if ((next[from] ?? 0) >= 0 || (previous[to] ?? 0) >= 0 || otherEnd[from] === to) continue;
    next[from] = to;
    previous[to] = from;
    const head = otherEnd[from] ?? 0;
    const tail = otherEnd[to] ?? 0;
    otherEnd[head] = tail;
    otherEnd[tail] = head;
  }
  return chainFragments(costs, size, next, previous);
}

/** Walks the fragments, going each time from the current tail to the nearest head of an unused fragment. */
function chainFragments(costs: Float64Array, size: number, next: Int32Array, previous: Int32Array): number[] {
  const heads: number[] = [];
  for (let node = 0; node < size; node += 1) if ((previous[node] ?? 0) < 0) heads.push(node);
  const order: number[] = [];
  let head = heads.includes(0) ? 0 : (heads[0] ?? 0);
  while (heads.length > 0) {
    heads.splice(heads.indexOf(head), 1);
    let tail = head;
    for (let node = head; node >= 0; node = next[node] ?? -1) {
      order.push(node);
      tail = node;
    }
    let nearest = Infinity;
    for (const candidate of heads) {
      const cost = costs[tail * size + candidate] ?? 0;
      if (cost < nearest) {
        nearest = cost;
        head = candidate;
      }
    }
  }
  return order;
}

/** Cheapest insertion of the nodes in a random order: cheap to build, and different for every seed. */
export function buildRandomInsertionTour(costs: Float64Array, size: number, random: Random): number[] {
  const pending = Array.from({ length: size }, (_, index) => index);
  for (let index = size - 1; index > 0; index -= 1) {
    const swap = random.nextInt(index + 1);
    [pending[index], pending[swap]] = [pending[swap] ?? 0, pending[index] ?? 0];
  }
  const order: number[] = pending.slice(0, Math.min(2, size));
  for (let index = 2; index < size; index += 1) {
    const node = pending[index] ?? 0;
    let bestAfter = 0;
    let bestDelta = Infinity;
    for (let at = 0; at < order.length; at += 1) {
      const from = order[at] ?? 0;
      const to = order[at + 1 === order.length ? 0 : at + 1] ?? 0;
      const delta =
        (costs[from * size + node] ?? 0) + (costs[node * size + to] ?? 0) - (costs[from * size + to] ?? 0);
      if (delta < bestDelta) {
        bestDelta = delta;
        bestAfter = at;
      }
    }
    order.splice(bestAfter + 1, 0, node);
  }
  return order;
}
