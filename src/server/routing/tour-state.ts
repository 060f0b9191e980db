/**
 * The current tour as an array with each node's position, plus prefix sums of the forward and backward edge costs
 * so that a reversal's change can be priced in O(1) even when the matrix is asymmetric.
 * The array is a cycle: position 0 has no special meaning here.
 *
 * Here and in the search, typed arrays are only read in bounds; the `?? 0` after each read is there for
 * noUncheckedIndexedAccess and never applies.
 */
export type TourState = {
  size: number;
  costs: Float64Array;
  isSymmetric: boolean;
  tour: Int32Array;
  pos: Int32Array;
  /** forward[k]: cost of the path from position 0 to position k (forward[size] is the closed tour). */
  forward: Float64Array;
  /** backward[k]: the same path walked in reverse. */
  backward: Float64Array;
  /** First edge (by position of its tail) whose prefix sums are out of date; size when all are current. */
  staleFrom: number;
  cost: number;
};

export function createTourState(
  costs: Float64Array,
  size: number,
  isSymmetric: boolean,
  order: ArrayLike<number>,
): TourState {
  const state: TourState = {
    size,
    costs,
    isSymmetric,
    tour: Int32Array.from(order),
    pos: new Int32Array(size),
    forward: new Float64Array(size + 1),
    backward: new Float64Array(size + 1),
    staleFrom: 0,
    cost: 0,
  };
  resetPositions(state);
  refreshPrefixSums(state);
  return state;
}

export function setTour(state: TourState, order: ArrayLike<number>, cost: number): void {
  state.tour.set(order);
  resetPositions(state);
  state.cost = cost;
  state.staleFrom = 0;
}

function resetPositions(state: TourState): void {
  const { tour, pos, size } = state;
  for (let index = 0; index < size; index += 1) pos[tour[index] ?? 0] = index;
}

/** Recomputes the prefix sums and the tour's cost from scratch (the running cost drifts on non-integer costs). */
export function refreshPrefixSums(state: TourState): void {
  state.staleFrom = 0;
  refreshStalePrefixSums(state);
  state.cost = state.forward[state.size] ?? 0;
}

/** Only the part after the first changed edge: a move near the end of the array costs little to catch up on. */
function refreshStalePrefixSums(state: TourState): void {
  const { tour, costs, size, forward, backward, staleFrom } = state;
  let there = forward[staleFrom] ?? 0;
  let back = backward[staleFrom] ?? 0;
  for (let index = staleFrom; index < size; index += 1) {
    const from = tour[index] ?? 0;
    const to = tour[index + 1 === size ? 0 : index + 1] ?? 0;
    there += costs[from * size + to] ?? 0;
    back += costs[to * size + from] ?? 0;
    forward[index + 1] = there;
    backward[index + 1] = back;
  }
  state.staleFrom = size;
}

/** Change in the path's cost when the cyclic positions first..last are walked backwards instead of forwards. */
export function priceReversalInside(state: TourState, first: number, last: number): number {
  if (state.isSymmetric) return 0;
  if (state.staleFrom < state.size) refreshStalePrefixSums(state);
  const { forward, backward, size } = state;
  if (first <= last)
    return (backward[last] ?? 0) - (backward[first] ?? 0) - ((forward[last] ?? 0) - (forward[first] ?? 0));
  const back = (backward[size] ?? 0) - (backward[first] ?? 0) + (backward[last] ?? 0);
  return back - ((forward[size] ?? 0) - (forward[first] ?? 0) + (forward[last] ?? 0));
}

/** Reverses the nodes at cyclic positions first..last (inclusive). */
export function applyReversal(state: TourState, first: number, last: number, delta: number): void {
  const { tour, pos, size } = state;
  let length = ((last - first + size) % size) + 1;
  let left = first;
  let right = last;
  // On a symmetric matrix reversing the other part gives the same cycle, and it may be shorter.
  if (state.isSymmetric && length > size - length) {
    left = last + 1 === size ? 0 : last + 1;
    right = first === 0 ? size - 1 : first - 1;
    length = size - length;
  }
  for (let step = 0; step < length >> 1; step += 1) {
    const a = tour[left] ?? 0;
    const b = tour[right] ?? 0;
    tour[left] = b;
    pos[b] = left;
    tour[right] = a;
    pos[a] = right;
    left = left + 1 === size ? 0 : left + 1;
    right = right === 0 ? size - 1 : right - 1;
  }
  state.cost += delta;
  // The edge entering the reversed part changed too; a part that wrapped round changed position 0's edges.
  const start = first <= last ? first : 0;
  state.staleFrom = Math.min(state.staleFrom, start === 0 ? 0 : start - 1);
}

/**
 * Removes the edges leaving positions p1 < p2 < p3 and swaps the two segments between them (p1+1..p2 and
 * p2+1..p3) without reversing either: valid for asymmetric matrices. Or-opt and double bridge are special cases.
 */
export function applySegmentExchange(
  state: TourState,
  p1: number,
  p2: number,
  p3: number,
  delta: number,
): void {
  const { tour, pos } = state;
  const moved = tour.slice(p1 + 1, p2 + 1);
  tour.copyWithin(p1 + 1, p2 + 1, p3 + 1);
  tour.set(moved, p1 + 1 + p3 - p2);
  for (let index = p1 + 1; index <= p3; index += 1) pos[tour[index] ?? 0] = index;
  state.cost += delta;
  state.staleFrom = Math.min(state.staleFrom, p1);
}

/** The same exchange with the three edge positions in any order. */
export function applySegmentExchangeAt(
  state: TourState,
  positions: [number, number, number],
  delta: number,
): void {
  const [p1, p2, p3] = positions.sort((x, y) => x - y);
  applySegmentExchange(state, p1, p2, p3, delta);
}
