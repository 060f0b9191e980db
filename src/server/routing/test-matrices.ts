import { createRandom } from './prng';

/** Random cost matrices for the tests: non-integer, and asymmetric unless asked otherwise. */
export function createRandomMatrix(size: number, seed: number, isSymmetric: boolean): Float64Array {
  const random = createRandom(seed);
  const costs = new Float64Array(size * size);
  if (isSymmetric) {
    const xs = Array.from({ length: size }, () => random.next() * 100);
    const ys = Array.from({ length: size }, () => random.next() * 100);
    for (let from = 0; from < size; from += 1) {
      for (let to = 0; to < size; to += 1) {
        costs[from * size + to] = Math.hypot(
          (xs[from] ?? 0) - (xs[to] ?? 0),
          (ys[from] ?? 0) - (ys[to] ?? 0),
        );
      }
    }
    return costs;
  }
  for (let index = 0; index < size * size; index += 1)
    costs[index] = Math.round(random.next() * 10_000) / 100;
  for (let node = 0; node < size; node += 1) costs[node * size + node] = 0;
  return costs;
}

/** The cheapest closed tour by trying every order of the stops (node 0 first): the reference for small sizes. */
export function findBruteForceCost(costs: Float64Array, size: number): number {
  if (size <= 1) return 0;
  const stops = Array.from({ length: size - 1 }, (_, index) => index + 1);
  let best = Infinity;
  const isUsed = new Uint8Array(size);
  const extend = (last: number, count: number, total: number): void => {
    if (total >= best) return;
    if (count === stops.length) {
      best = Math.min(best, total + (costs[last * size] ?? 0));
      return;
    }
    for (const stop of stops) {
      if (isUsed[stop]) continue;
      isUsed[stop] = 1;
      extend(stop, count + 1, total + (costs[last * size + stop] ?? 0));
      isUsed[stop] = 0;
    }
  };
  extend(0, 0, 0);
  return best;
}

export function checkIsTourFromBase(order: number[], size: number): boolean {
  if (order.length !== size || order[0] !== 0) return false;
  return (
    new Set(order).size === size && order.every((node) => Number.isInteger(node) && node >= 0 && node < size)
  );
}
