/**
 * The current tour as an array with each node's position, plus prefix sums of the forward and backward edge costs
 * so that a reversal's change can be priced in O(1) even when the matrix is asymmetric.
 * The array is a cycle: position 0 has no special meaning here.
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
  isPrefixStale: boolean;
  cost: number;
};

export function createTourState(costs: Float64Array, size: number, isSymmetric: boolean, order: ArrayLike<number>) {
  const state: TourState = {
    size,
    costs,
    isSymmetric,
    tour: Int32Array.from(order),
    pos: new Int32Array(size),
    forward: new Float64Array(size + 1),
    backward: new Float64Array(size + 1),
    isPrefixStale: true,
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
  state.isPrefixStale = true;
}

function resetPositions(state: TourState): void {
  const { tour, pos, size } = state;
  for (let index = 0; index < size; index += 1) pos[tour[index]!] = index;
}

export function refreshPrefixSums(state: TourState): void {
  const { tour, costs, size, forward, backward } = state;
  let there = 0;
  let back = 0;
  for (let index = 0; index < size; index += 1) {
    const from = tour[index]!;
    const to = tour[index + 1 === size ? 0 : index + 1]!;
    there += costs[from * size + to]!;
    back += costs[to * size + from]!;
    forward[index + 1] = there;
    backward[index + 1] = back;
  }
  state.cost = there;
  state.isPrefixStale = false;
}

/** Change in the path's cost when the cyclic positions first..last are walked backwards instead of forwards. */
export function priceReversalInside(state: TourState, first: number, last: number): number {
  if (state.isSymmetric) return 0;
  if (state.isPrefixStale) refreshPrefixSums(state);
  const { forward, backward, size } = state;
  if (first <= last) return backward[last]! - backward[first]! - (forward[last]! - forward[first]!);
  const back = backward[size]! - backward[first]! + backward[last]!;
  return back - (forward[size]! - forward[first]! + forward[last]!);
}

/** Reverses the nodes at cyclic positions first..last (inclusive). */
export function applyReversal(state: TourState, first: number, last: number, delta: number): void {
  const { tour, pos, size } = state;
  let length = (last - first + size) % size + 1;
  let left = first;
  let right = last;
  // On a symmetric matrix reversing the other part gives the same cycle, and it may be shorter.
  if (state.isSymmetric && length > size - length) {
    left = last + 1 === size ? 0 : last + 1;
    right = first === 0 ? size - 1 : first - 1;
    length = size - length;
  }
  for (let step = 0; step < length >> 1; step += 1) {
    const a = tour[left]!;
    const b = tour[right]!;
    tour[left] = b;
    pos[b] = left;
    tour[right] = a;
    pos[a] = right;
    left = left + 1 === size ? 0 : left + 1;
    right = right === 0 ? size - 1 : right - 1;
  }
  state.cost += delta;
  state.isPrefixStale = true;
}

/**
 * Removes the edges leaving positions p1 < p2 < p3 and swaps the two segments between them (p1+1..p2 and
 * p2+1..p3) without reversing either: valid for asymmetric matrices. Or-opt and double bridge are special cases.
 */
export function applySegmentExchange(state: TourState, p1: number, p2: number, p3: number, delta: number): void {
  const { tour, pos } = state;
  const moved = tour.slice(p1 + 1, p2 + 1);
  tour.copyWithin(p1 + 1, p2 + 1, p3 + 1);
  tour.set(moved, p1 + 1 + p3 - p2);
  for (let index = p1 + 1; index <= p3; index += 1) pos[tour[index]!] = index;
  state.cost += delta;
  state.isPrefixStale = true;
}

/** The same exchange with the three edge positions in any order. */
export function applySegmentExchangeAt(state: TourState, positions: [number, number, number], delta: number): void {
  const [p1, p2, p3] = positions.sort((x, y) => x - y);
  applySegmentExchange(state, p1, p2, p3, delta);
}
