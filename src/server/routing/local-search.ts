import type { NeighbourLists } from './neighbour-lists';
import { popNode, pushNode, type WorkQueue } from './work-queue';
import { applyReversal, applySegmentExchangeAt, priceReversalInside, type TourState } from './tour-state';

export type SearchContext = {
  state: TourState;
  neighbours: NeighbourLists;
  queue: WorkQueue;
  /** Smallest gain that counts as an improvement: keeps float noise from cycling forever. */
  epsilon: number;
};

/**
 * Improves the tour until no queued node has an improving move. Two kinds of move:
 * - segment exchange (3-opt without reversal, "or-3opt"): swaps two neighbouring segments of any length, so it
 *   includes Or-opt (one of them 1-3 nodes long) and never walks a leg backwards: the workhorse on asymmetric
 *   matrices;
 * - 2-opt, whose reversed stretch is priced exactly, so it is also safe on asymmetric matrices.
 */
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
  pushNode(context.queue, tour[position] ?? 0);
  pushNode(context.queue, tour[position + 1 === size ? 0 : position + 1] ?? 0);
}

/**
 * 2-opt: drop (a, a') and (b, b'), reverse a'..b, add (a, b) and (a', b'). The reversed part is priced exactly
 * from the prefix sums, so the move stays correct on asymmetric matrices.
 */
function tryTwoOpt(context: SearchContext, a: number): boolean {
  const { state, neighbours, epsilon } = context;
  const { costs, size, tour, pos } = state;
  const { count, outgoing } = neighbours;
  const pa = pos[a] ?? 0;
  const pa1 = pa + 1 === size ? 0 : pa + 1;
  const a1 = tour[pa1] ?? 0;
  const removedFirst = costs[a * size + a1] ?? 0;
  for (let rank = 0; rank < count; rank += 1) {
    const b = outgoing[a * count + rank] ?? 0;
    const added = costs[a * size + b] ?? 0;
    if (added >= removedFirst - epsilon) break;
    const pb = pos[b] ?? 0;
    if (b === a1) continue;
    const pb1 = pb + 1 === size ? 0 : pb + 1;
    const b1 = tour[pb1] ?? 0;
    const delta =
      added +
      (costs[a1 * size + b1] ?? 0) -
      removedFirst -
      (costs[b * size + b1] ?? 0) +
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
  const pa = pos[a] ?? 0;
  const pap = pa === 0 ? size - 1 : pa - 1;
  const ap = tour[pap] ?? 0;
  const removedFirst = costs[ap * size + a] ?? 0;
  for (let rank = 0; rank < count; rank += 1) {
    const b = outgoing[a * count + rank] ?? 0;
    const added = costs[a * size + b] ?? 0;
    if (added >= removedFirst - epsilon) break;
    const pb = pos[b] ?? 0;
    const pbp = pb === 0 ? size - 1 : pb - 1;
    const bp = tour[pbp] ?? 0;
    if (bp === a || b === ap) continue;
    const delta =
      added +
      (costs[ap * size + bp] ?? 0) -
      removedFirst -
      (costs[bp * size + b] ?? 0) +
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
  const pa = pos[a] ?? 0;
  const a1 = tour[pa + 1 === size ? 0 : pa + 1] ?? 0;
  const removedA = costs[a * size + a1] ?? 0;
  for (let rank = 0; rank < count; rank += 1) {
    const b1 = outgoing[a * count + rank] ?? 0;
    const gain1 = removedA - (costs[a * size + b1] ?? 0);
    if (gain1 <= epsilon) break;
    const r = ((pos[b1] ?? 0) - pa + size) % size;
    if (r < 2) continue;
    const pb = (pos[b1] ?? 0) === 0 ? size - 1 : (pos[b1] ?? 0) - 1;
    const b = tour[pb] ?? 0;
    const gainB = gain1 + (costs[b * size + b1] ?? 0);
    for (let second = 0; second < count; second += 1) {
      const c1 = outgoing[b * count + second] ?? 0;
      const gain2 = gainB - (costs[b * size + c1] ?? 0);
      if (gain2 <= epsilon) break;
      const rc = ((pos[c1] ?? 0) - pa + size) % size || size;
      if (rc <= r) continue;
      const pc = (pos[c1] ?? 0) === 0 ? size - 1 : (pos[c1] ?? 0) - 1;
      const c = tour[pc] ?? 0;
      const gain = gain2 + (costs[c * size + c1] ?? 0) - (costs[c * size + a1] ?? 0);
      if (gain > epsilon) {
        applySegmentExchangeAt(state, [pa, pb, pc], -gain);
        pushNeighbourhood(context, pa);
        pushNeighbourhood(context, pos[b] ?? 0);
        pushNeighbourhood(context, pos[c] ?? 0);
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
  const px = pos[x] ?? 0;
  const pb = px === 0 ? size - 1 : px - 1;
  const b = tour[pb] ?? 0;
  const removedB = costs[b * size + x] ?? 0;
  for (let rank = 0; rank < count; rank += 1) {
    const a = incoming[x * count + rank] ?? 0;
    const gain1 = removedB - (costs[a * size + x] ?? 0);
    if (gain1 <= epsilon) break;
    const s = ((pos[a] ?? 0) - px + size) % size;
    if (s < 1 || s > size - 2) continue;
    const pa = pos[a] ?? 0;
    const a1 = tour[pa + 1 === size ? 0 : pa + 1] ?? 0;
    const gainA = gain1 + (costs[a * size + a1] ?? 0);
    for (let second = 0; second < count; second += 1) {
      const c = incoming[a1 * count + second] ?? 0;
      const gain2 = gainA - (costs[c * size + a1] ?? 0);
      if (gain2 <= epsilon) break;
      const rc = ((pos[c] ?? 0) - px + size) % size;
      if (rc >= s) continue;
      const pc = pos[c] ?? 0;
      const c1 = tour[pc + 1 === size ? 0 : pc + 1] ?? 0;
      const gain = gain2 + (costs[c * size + c1] ?? 0) - (costs[b * size + c1] ?? 0);
      if (gain > epsilon) {
        applySegmentExchangeAt(state, [pa, pb, pc], -gain);
        pushNeighbourhood(context, pos[a] ?? 0);
        pushNeighbourhood(context, pos[b] ?? 0);
        pushNeighbourhood(context, pos[c] ?? 0);
        return true;
      }
    }
  }
  return false;
}
