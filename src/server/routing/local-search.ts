import type { NeighbourLists } from './neighbour-lists';
import { applyReversal, applySegmentExchangeAt, priceReversalInside, type TourState } from './tour-state';

/**
 * Nodes whose surroundings changed and should be searched again ("don't look bits" kept as a FIFO queue, so
 * after a kick only the few touched nodes are looked at instead of the whole tour).
 */
export type WorkQueue = {
  nodes: Int32Array;
  isQueued: Uint8Array;
  head: number;
  length: number;
};

export function createWorkQueue(size: number): WorkQueue {
  return { nodes: new Int32Array(size), isQueued: new Uint8Array(size), head: 0, length: 0 };
}

export function pushNode(queue: WorkQueue, node: number): void {
  if (queue.isQueued[node]) return;
  queue.isQueued[node] = 1;
  const size = queue.nodes.length;
  queue.nodes[(queue.head + queue.length) % size] = node;
  queue.length += 1;
}

function popNode(queue: WorkQueue): number {
  const node = queue.nodes[queue.head]!;
  queue.head = (queue.head + 1) % queue.nodes.length;
  queue.length -= 1;
  queue.isQueued[node] = 0;
  return node;
}

export type SearchContext = {
  state: TourState;
  neighbours: NeighbourLists;
  queue: WorkQueue;
  /** Smallest gain that counts as an improvement: keeps float noise from cycling forever. */
  epsilon: number;
};

/** Improves the tour until no queued node has an improving 2-opt or segment-exchange move. */
export function runLocalSearch(context: SearchContext): void {
  const { queue } = context;
  while (queue.length > 0) {
    const node = popNode(queue);
    if (tryTwoOpt(context, node) || tryExchangeOut(context, node) || tryExchangeIn(context, node)) {
      pushNode(queue, node);
    }
  }
}

function pushNeighbourhood(context: SearchContext, position: number): void {
  const { tour, size } = context.state;
  pushNode(context.queue, tour[position]!);
  pushNode(context.queue, tour[position + 1 === size ? 0 : position + 1]!);
}

/**
 * 2-opt: drop (a, a') and (b, b'), reverse a'..b, add (a, b) and (a', b'). The reversed part is priced exactly
 * from the prefix sums, so the move stays correct on asymmetric matrices.
 */
function tryTwoOpt(context: SearchContext, a: number): boolean {
  const { state, neighbours, epsilon } = context;
  const { costs, size, tour, pos } = state;
  const { count, outgoing } = neighbours;
  const pa = pos[a]!;
  const pa1 = pa + 1 === size ? 0 : pa + 1;
  const a1 = tour[pa1]!;
  const removedFirst = costs[a * size + a1]!;
  for (let rank = 0; rank < count; rank += 1) {
    const b = outgoing[a * count + rank]!;
    const added = costs[a * size + b]!;
    if (added >= removedFirst - epsilon) break;
    const pb = pos[b]!;
    if (b === a1) continue;
    const pb1 = pb + 1 === size ? 0 : pb + 1;
    const b1 = tour[pb1]!;
    const delta =
      added +
      costs[a1 * size + b1]! -
      removedFirst -
      costs[b * size + b1]! +
      priceReversalInside(state, pa1, pb);
    if (delta < -epsilon) {
      applyReversal(state, pa1, pb, delta);
      pushNode(context.queue, a1);
      pushNode(context.queue, b);
      pushNode(context.queue, b1);
      return true;
    }
  }
  return tryTwoOptBefore(context, a);
}

/** 2-opt the other way round: drop (a-, a) and (b-, b), reverse a..b-, add (a-, b-) and (a, b). */
function tryTwoOptBefore(context: SearchContext, a: number): boolean {
  const { state, neighbours, epsilon } = context;
  const { costs, size, tour, pos } = state;
  const { count, outgoing } = neighbours;
  const pa = pos[a]!;
  const pap = pa === 0 ? size - 1 : pa - 1;
  const ap = tour[pap]!;
  const removedFirst = costs[ap * size + a]!;
  for (let rank = 0; rank < count; rank += 1) {
    const b = outgoing[a * count + rank]!;
    const added = costs[a * size + b]!;
    if (added >= removedFirst - epsilon) break;
    const pb = pos[b]!;
    const pbp = pb === 0 ? size - 1 : pb - 1;
    const bp = tour[pbp]!;
    if (bp === a || b === ap) continue;
    const delta =
      added +
      costs[ap * size + bp]! -
      removedFirst -
      costs[bp * size + b]! +
      priceReversalInside(state, pa, pbp);
    if (delta < -epsilon) {
      applyReversal(state, pa, pbp, delta);
      pushNode(context.queue, ap);
      pushNode(context.queue, bp);
      pushNode(context.queue, b);
      return true;
    }
  }
  return false;
}

/**
 * Segment exchange searched from a's outgoing edge: drop (a, a'), (b, b'), (c, c') in tour order and add
 * (a, b'), (b, c'), (c, a'). Every improving exchange has a rotation whose partial gains stay positive, so the
 * candidate lists can be cut at the first non-positive gain.
 */
function tryExchangeOut(context: SearchContext, a: number): boolean {
  const { state, neighbours, epsilon } = context;
  const { costs, size, tour, pos } = state;
  const { count, outgoing } = neighbours;
  const pa = pos[a]!;
  const a1 = tour[pa + 1 === size ? 0 : pa + 1]!;
  const removedA = costs[a * size + a1]!;
  for (let rank = 0; rank < count; rank += 1) {
    const b1 = outgoing[a * count + rank]!;
    const gain1 = removedA - costs[a * size + b1]!;
    if (gain1 <= epsilon) break;
    const r = (pos[b1]! - pa + size) % size;
    if (r < 2) continue;
    const pb = pos[b1]! === 0 ? size - 1 : pos[b1]! - 1;
    const b = tour[pb]!;
    const gainB = gain1 + costs[b * size + b1]!;
    for (let second = 0; second < count; second += 1) {
      const c1 = outgoing[b * count + second]!;
      const gain2 = gainB - costs[b * size + c1]!;
      if (gain2 <= epsilon) break;
      const rc = (pos[c1]! - pa + size) % size || size;
      if (rc <= r) continue;
      const pc = pos[c1]! === 0 ? size - 1 : pos[c1]! - 1;
      const c = tour[pc]!;
      const gain = gain2 + costs[c * size + c1]! - costs[c * size + a1]!;
      if (gain > epsilon) {
        applySegmentExchangeAt(state, [pa, pb, pc], -gain);
        pushNeighbourhood(context, pa);
        pushNeighbourhood(context, pos[b]!);
        pushNeighbourhood(context, pos[c]!);
        return true;
      }
    }
  }
  return false;
}

/** The mirror of tryExchangeOut, searched from the edge entering node x = b' through incoming candidates. */
function tryExchangeIn(context: SearchContext, x: number): boolean {
  const { state, neighbours, epsilon } = context;
  const { costs, size, tour, pos } = state;
  const { count, incoming } = neighbours;
  const px = pos[x]!;
  const pb = px === 0 ? size - 1 : px - 1;
  const b = tour[pb]!;
  const removedB = costs[b * size + x]!;
  for (let rank = 0; rank < count; rank += 1) {
    const a = incoming[x * count + rank]!;
    const gain1 = removedB - costs[a * size + x]!;
    if (gain1 <= epsilon) break;
    const s = (pos[a]! - px + size) % size;
    if (s < 1 || s > size - 2) continue;
    const pa = pos[a]!;
    const a1 = tour[pa + 1 === size ? 0 : pa + 1]!;
    const gainA = gain1 + costs[a * size + a1]!;
    for (let second = 0; second < count; second += 1) {
      const c = incoming[a1 * count + second]!;
      const gain2 = gainA - costs[c * size + a1]!;
      if (gain2 <= epsilon) break;
      const rc = (pos[c]! - px + size) % size;
      if (rc >= s) continue;
      const pc = pos[c]!;
      const c1 = tour[pc + 1 === size ? 0 : pc + 1]!;
      const gain = gain2 + costs[c * size + c1]! - costs[b * size + c1]!;
      if (gain > epsilon) {
        applySegmentExchangeAt(state, [pa, pb, pc], -gain);
        pushNeighbourhood(context, pos[a]!);
        pushNeighbourhood(context, pos[b]!);
        pushNeighbourhood(context, pos[c]!);
        return true;
      }
    }
  }
  return false;
}
