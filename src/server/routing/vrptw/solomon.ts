import { itemAt } from './item-at';
import type { VrptwProblem } from './types';

/** One node line of a Solomon file. */
export type SolomonNode = {
  number: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
};

export type SolomonInstance = {
  name: string;
  vehicleCount: number;
  capacity: number;
  /** The depot first, then the customers, in file order. */
  nodes: SolomonNode[];
};

/**
 * Reads Solomon's text format: a name line, a VEHICLE section (number and capacity), then a CUSTOMER section
 * with one line per node (number, x, y, demand, ready time, due date, service time); node 0 is the depot.
 */
export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const name = lines.find((line) => line !== '') ?? '';
  const numberRows = lines.map((line) => line.split(/\s+/)).filter((cells) => cells.every(isNumber));
  const vehicleRow = numberRows.find((cells) => cells.length === 2);
  if (!name || !vehicleRow) throw new Error('Not a Solomon file: no vehicle count and capacity.');
  const nodes = numberRows
    .filter((cells) => cells.length === 7)
    .map((cells) => {
      const [number, x, y, demand, ready, due, service] = cells.map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      return { number, x, y, demand, ready, due, service };
    });
  if (nodes.length < 2 || itemAt(nodes, 0).number !== 0) {
    throw new Error('Not a Solomon file: it needs the depot (node 0) and at least one customer.');
  }
  const [vehicleCount, capacity] = vehicleRow.map(Number) as [number, number];
  if (!Number.isInteger(vehicleCount) || vehicleCount < 1 || !(capacity > 0)) {
    throw new Error('Not a Solomon file: the vehicle count and capacity must be positive.');
  }
  return { name, vehicleCount, capacity, nodes };
}

function isNumber(cell: string): boolean {
  return cell !== '' && Number.isFinite(Number(cell));
}

/**
 * The published conventions: Euclidean distances in double precision, travel time equal to distance, service from
 * the ready time at the latest by the due date, back at the depot by its due date; cost is distance only.
 */
export function solomonToProblem(instance: SolomonInstance): VrptwProblem {
  const { nodes } = instance;
  const size = nodes.length;
  const matrix = new Float64Array(size * size);
  for (let from = 0; from < size; from += 1) {
    for (let to = 0; to < size; to += 1) {
      matrix[from * size + to] = Math.hypot(
        itemAt(nodes, from).x - itemAt(nodes, to).x,
        itemAt(nodes, from).y - itemAt(nodes, to).y,
      );
    }
  }
  const depot = itemAt(nodes, 0);
  return {
    size,
    travelTimes: matrix,
    vehicles: Array.from({ length: instance.vehicleCount }, () => ({
      startNode: 0,
      startTime: depot.ready,
      latestReturn: depot.due,
      capacity: instance.capacity,
    })),
    visits: nodes.slice(1).map((node, index) => ({
      node: index + 1,
      demand: node.demand,
      serviceTime: node.service,
      earliest: node.ready,
      latest: node.due,
    })),
    weights: { time: 0, distance: 1 },
  };
}
