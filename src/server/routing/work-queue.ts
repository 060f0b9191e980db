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

export function popNode(queue: WorkQueue): number {
  const node = queue.nodes[queue.head] ?? 0;
  queue.head = (queue.head + 1) % queue.nodes.length;
  queue.length -= 1;
  queue.isQueued[node] = 0;
  return node;
}
