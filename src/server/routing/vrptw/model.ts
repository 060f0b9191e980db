import type { VrptwProblem } from './types';

/**
 * The solver's compact view of a problem. Internal nodes: visits 0..V-1, then each vehicle's start (V + k) and
 * end (V + K + k), so that visits sharing an address and vehicles sharing a base need no special cases.
 */
export type Model = {
  visitCount: number;
  vehicleCount: number;
  /** V + 2K. */
  size: number;
  travel: Float64Array;
  /** The weighted objective per leg. */
  cost: Float64Array;
  demand: Float64Array;
  service: Float64Array;
  earliest: Float64Array;
  latest: Float64Array;
  capacity: Float64Array;
  /** Usual vehicle per visit, -1 for none. */
  usual: Int32Array;
  /** The only vehicle allowed per visit (a pin), -1 for any. */
  only: Int32Array;
  stabilityPenalty: number;
  /** Per route: this x (travel + service time)^2 (see VrptwProblem.balanceWeight). */
  balanceWeight: number;
  /** Largest leg cost, to bound insertion costs. */
  maxLegCost: number;
  /** Largest balance term an insertion can add (0 without balance), to bound insertion costs. */
  maxBalanceDelta: number;
};

export function startNodeOf(model: Model, vehicle: number): number {
  return model.visitCount + vehicle;
}

export function endNodeOf(model: Model, vehicle: number): number {
  return model.visitCount + model.vehicleCount + vehicle;
}

export function buildModel(problem: VrptwProblem): Model {
  validateProblem(problem);
  const { vehicles, visits, travelTimes } = problem;
  const distances = problem.distances ?? travelTimes;
  const weights = problem.weights ?? { time: 0, distance: 1 };
  const visitCount = visits.length;
  const vehicleCount = vehicles.length;
  const size = visitCount + 2 * vehicleCount;
  const matrixNode = new Int32Array(size);
  const demand = new Float64Array(size);
  const service = new Float64Array(size);
  const earliest = new Float64Array(size);
  const latest = new Float64Array(size);
  visits.forEach((visit, index) => {
    matrixNode[index] = visit.node;
    demand[index] = visit.demand;
    service[index] = visit.serviceTime;
    earliest[index] = visit.earliest ?? -Infinity;
    latest[index] = visit.latest ?? Infinity;
  });
  vehicles.forEach((vehicle, k) => {
    const start = visitCount + k;
    const end = visitCount + vehicleCount + k;
    matrixNode[start] = vehicle.startNode;
    matrixNode[end] = vehicle.endNode ?? vehicle.startNode;
    earliest[start] = vehicle.startTime;
    latest[start] = vehicle.startTime;
    earliest[end] = -Infinity;
    latest[end] = vehicle.latestReturn ?? Infinity;
  });
  const travel = new Float64Array(size * size);
  const cost = new Float64Array(size * size);
  let maxLegCost = 0;
  let maxTravel = 0;
  for (let from = 0; from < size; from += 1) {
    const row = (matrixNode[from] ?? 0) * problem.size;
    for (let to = 0; to < size; to += 1) {
      const cell = row + (matrixNode[to] ?? 0);
      const time = travelTimes[cell] ?? 0;
      const legCost = weights.time * time + weights.distance * (distances[cell] ?? 0);
      travel[from * size + to] = time;
      cost[from * size + to] = legCost;
      if (legCost > maxLegCost) maxLegCost = legCost;
      if (time > maxTravel) maxTravel = time;
    }
  }
  const balanceWeight = problem.balanceWeight ?? 0;
  return {
    visitCount,
    vehicleCount,
    size,
    travel,
    cost,
    demand,
    service,
    earliest,
    latest,
    capacity: Float64Array.from(vehicles, (vehicle) => vehicle.capacity ?? Infinity),
    usual: Int32Array.from(visits, (visit) => visit.usualVehicle ?? -1),
    only: Int32Array.from(visits, (visit) => visit.onlyVehicle ?? -1),
    stabilityPenalty: problem.stabilityPenalty ?? 0,
    balanceWeight,
    maxLegCost,
    maxBalanceDelta: balanceWeight > 0 ? boundBalanceDelta(balanceWeight, visits, maxTravel) : 0,
  };
}

/**
 * An insertion adds at most the visit's service and two legs to a route's work, and no route works more than
 * every service and one leg per visit and back: the balance term of one insertion stays below this.
 */
function boundBalanceDelta(balanceWeight: number, visits: VrptwProblem['visits'], maxTravel: number): number {
  let totalService = 0;
  let maxService = 0;
  for (const visit of visits) {
    totalService += visit.serviceTime;
    maxService = Math.max(maxService, visit.serviceTime);
  }
  const maxAdded = maxService + 2 * maxTravel;
  const maxWork = totalService + (visits.length + 1) * maxTravel;
  return balanceWeight * maxAdded * (2 * maxWork + maxAdded);
}

function validateProblem(problem: VrptwProblem): void {
  const { size, travelTimes, distances, vehicles, visits } = problem;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`The matrix needs at least one node (${size}).`);
  for (const [name, matrix] of [
    ['travel time', travelTimes],
    ['distance', distances],
  ] as const) {
    if (matrix === undefined) continue;
    if (matrix.length !== size * size) {
      throw new RangeError(
        `The ${name} matrix has ${matrix.length} entries; ${size} nodes need ${size * size}.`,
      );
    }
    if (!matrix.every((value) => Number.isFinite(value) && value >= 0)) {
      throw new RangeError(`Every ${name} must be a finite number, zero or more.`);
    }
  }
  const isNode = (node: number) => Number.isInteger(node) && node >= 0 && node < size;
  vehicles.forEach((vehicle, index) => {
    if (!isNode(vehicle.startNode) || (vehicle.endNode !== undefined && !isNode(vehicle.endNode))) {
      throw new RangeError(`Vehicle ${index} starts or ends outside the matrix.`);
    }
    if (!Number.isFinite(vehicle.startTime)) throw new RangeError(`Vehicle ${index} needs a start time.`);
    if (vehicle.capacity != null && !(vehicle.capacity >= 0)) {
      throw new RangeError(`Vehicle ${index} has a negative capacity.`);
    }
  });
  visits.forEach((visit, index) => {
    if (!isNode(visit.node)) throw new RangeError(`Visit ${index} is outside the matrix.`);
    if (!(visit.demand >= 0) || !(visit.serviceTime >= 0)) {
      throw new RangeError(`Visit ${index} needs a demand and a service time of zero or more.`);
    }
    const isVehicle = (vehicle: number) =>
      Number.isInteger(vehicle) && vehicle >= 0 && vehicle < vehicles.length;
    if (visit.usualVehicle != null && !isVehicle(visit.usualVehicle)) {
      throw new RangeError(`Visit ${index} has an unknown usual vehicle.`);
    }
    if (visit.onlyVehicle != null && !isVehicle(visit.onlyVehicle)) {
      throw new RangeError(`Visit ${index} is pinned to an unknown vehicle.`);
    }
  });
  if (!((problem.stabilityPenalty ?? 0) >= 0))
    throw new RangeError('The stability penalty must be zero or more.');
  const balanceWeight = problem.balanceWeight ?? 0;
  if (!(Number.isFinite(balanceWeight) && balanceWeight >= 0))
    throw new RangeError('The balance weight must be a finite number, zero or more.');
}
