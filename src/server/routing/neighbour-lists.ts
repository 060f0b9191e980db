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
  const others: number[] = [];
  for (let node = 0; node < size; node += 1) {
    others.length = 0;
    for (let other = 0; other < size; other += 1) if (other !== node) others.push(other);
    const row = node * size;
    others.sort((a, b) => costs[row + a]! - costs[row + b]! || a - b);
    for (let rank = 0; rank < count; rank += 1) outgoing[node * count + rank] = others[rank]!;
    others.sort((a, b) => costs[a * size + node]! - costs[b * size + node]! || a - b);
    for (let rank = 0; rank < count; rank += 1) incoming[node * count + rank] = others[rank]!;
  }
  return { count, outgoing, incoming };
}
