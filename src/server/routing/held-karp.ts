/** Largest size solved exactly: 2^12 subsets x 12 ends is about 50 thousand states, a few milliseconds. */
export const maxExactSize = 13;

/**
 * Solves the (possibly asymmetric) tour exactly by dynamic programming over subsets of the stops (Held-Karp).
 * Returns the order starting at node 0; memory and time grow as 2^n, so keep n <= maxExactSize.
 */
export function solveHeldKarp(costs: Float64Array, size: number): number[] {
  // Three nodes still have two directions to choose from when the matrix is asymmetric.
  if (size <= 2) return Array.from({ length: size }, (_, index) => index);
  if (size > maxExactSize) {
    throw new Error(`Held-Karp is limited to ${maxExactSize} nodes (asked for ${size}).`);
  }
  const stops = size - 1;
  const subsets = 1 << stops;
  // best[mask * stops + last]: cheapest path from the base through exactly `mask`, ending at stop `last`.
  const best = new Float64Array(subsets * stops).fill(Infinity);
  const previous = new Int8Array(subsets * stops).fill(-1);
  for (let last = 0; last < stops; last += 1) best[(1 << last) * stops + last] = costs[last + 1] ?? 0;
  for (let mask = 1; mask < subsets; mask += 1) {
    for (let last = 0; last < stops; last += 1) {
      const here = best[mask * stops + last] ?? 0;
      if (here === Infinity || (mask & (1 << last)) === 0) continue;
      const row = (last + 1) * size;
      for (let next = 0; next < stops; next += 1) {
        if (mask & (1 << next)) continue;
        const target = (mask | (1 << next)) * stops + next;
        const candidate = here + (costs[row + next + 1] ?? 0);
        if (candidate < (best[target] ?? 0)) {
          best[target] = candidate;
          previous[target] = last;
        }
      }
    }
  }
  return rebuildOrder(costs, size, best, previous);
}

function rebuildOrder(costs: Float64Array, size: number, best: Float64Array, previous: Int8Array): number[] {
  const stops = size - 1;
  const full = (1 << stops) - 1;
  let last = 0;
  let bestCost = Infinity;
  for (let end = 0; end < stops; end += 1) {
    const cost = (best[full * stops + end] ?? 0) + (costs[(end + 1) * size] ?? 0);
    if (cost < bestCost) {
      bestCost = cost;
      last = end;
    }
  }
  const reversed: number[] = [];
  let mask = full;
  while (last >= 0) {
    reversed.push(last + 1);
    const before = previous[mask * stops + last] ?? 0;
    mask &= ~(1 << last);
    last = before;
  }
  return [0, ...reversed.reverse()];
}
