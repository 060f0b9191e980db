/** For each node, the k cheapest nodes to go to (outgoing) and to come from (incoming), cheapest first. */
export type NeighbourLists = {
  count: number;
  outgoing: Int32Array;
  incoming: Int32Array;
};

export function buildNeighbourLists(costs: Float64Array, size: number, wanted: number): NeighbourLists {
  const count = Math.max(0, Math.min(wanted, size - 1));
  const outgoing = new Int32Array(size * count);
  const incoming = new Int32Array(size * count);
  const keys = new Float64Array(count);
  for (let node = 0; node < size; node += 1) {
    selectCheapest(outgoing, node * count, keys, size, node, (other) => costs[node * size + other] ?? 0);
    selectCheapest(incoming, node * count, keys, size, node, (other) => costs[other * size + node] ?? 0);
  }
  return { count, outgoing, incoming };
}

/** Keeps the k cheapest by insertion into a sorted window: O(n k), cheaper than sorting whole rows for k << n. */
function selectCheapest(
  target: Int32Array,
  offset: number,
  keys: Float64Array,
  size: number,
  node: number,
  readCost: (other: number) => number,
): void {
  const count = keys.length;
  let filled = 0;
  for (let other = 0; other < size; other += 1) {
    if (other === node) continue;
    const key = readCost(other);
    if (filled === count && key >= (keys[count - 1] ?? 0)) continue;
    let at = filled < count ? filled : count - 1;
    // Ties keep the lower node first, so the lists (and the tours) do not depend on anything but the matrix.
    while (at > 0 && (keys[at - 1] ?? 0) > key) {
      keys[at] = keys[at - 1] ?? 0;
      target[offset + at] = target[offset + at - 1] ?? 0;
      at -= 1;
    }
    keys[at] = key;
    target[offset + at] = other;
    if (filled < count) filled += 1;
  }
}
