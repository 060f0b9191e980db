import { itemAt } from './item-at';
import type { VrptwProblem, VrptwVisit } from './types';

// The exact optimum of tiny problems by enumeration, for the tests (the solver never uses it).

/** Cost of one vehicle serving `order`, or null when it breaks a window, the capacity or the return time. */
function routeCost(problem: VrptwProblem, vehicleIndex: number, order: number[]): number | null {
  const vehicle = itemAt(problem.vehicles, vehicleIndex);
  const weights = problem.weights ?? { time: 0, distance: 1 };
  const distances = problem.distances ?? problem.travelTimes;
  let node = vehicle.startNode;
  let time = vehicle.startTime;
  let load = 0;
  let cost = 0;
  let work = 0;
  const leg = (to: number) => {
    const cell = node * problem.size + to;
    time += problem.travelTimes[cell] ?? 0;
    work += problem.travelTimes[cell] ?? 0;
    cost += weights.time * (problem.travelTimes[cell] ?? 0) + weights.distance * (distances[cell] ?? 0);
    node = to;
  };
  for (const visitIndex of order) {
    const visit: VrptwVisit = itemAt(problem.visits, visitIndex);
    if (visit.onlyVehicle != null && visit.onlyVehicle !== vehicleIndex) return null;
    leg(visit.node);
    time = Math.max(time, visit.earliest ?? -Infinity);
    if (time > (visit.latest ?? Infinity)) return null;
    time += visit.serviceTime;
    work += visit.serviceTime;
    load += visit.demand;
    if (visit.usualVehicle != null && visit.usualVehicle !== vehicleIndex)
      cost += problem.stabilityPenalty ?? 0;
  }
  if (order.length === 0) return 0;
  leg(vehicle.endNode ?? vehicle.startNode);
  if (time > (vehicle.latestReturn ?? Infinity) || load > (vehicle.capacity ?? Infinity)) return null;
  return cost + (problem.balanceWeight ?? 0) * work * work;
}

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The optimum by enumeration: fewest unassigned visits, then lowest cost. */
export function bruteForce(problem: VrptwProblem): { unassigned: number; cost: number } {
  const visitCount = problem.visits.length;
  const vehicleCount = problem.vehicles.length;
  // Best route per vehicle and subset of visits (bit mask), over every order.
  const bestRoute = Array.from({ length: vehicleCount }, (_, vehicle) => {
    const costs = new Float64Array(1 << visitCount).fill(Infinity);
    for (let mask = 0; mask < 1 << visitCount; mask += 1) {
      const members = Array.from({ length: visitCount }, (_, visit) => visit).filter((v) => mask & (1 << v));
      for (const order of permutations(members)) {
        const cost = routeCost(problem, vehicle, order);
        if (cost !== null && cost < (costs[mask] ?? Infinity)) costs[mask] = cost;
      }
    }
    return costs;
  });
  let best = { unassigned: Infinity, cost: Infinity };
  // Each visit goes to a vehicle or to nobody (the extra label vehicleCount).
  const labels = new Array<number>(visitCount).fill(0);
  const total = (vehicleCount + 1) ** visitCount;
  for (let code = 0; code < total; code += 1) {
    let rest = code;
    for (let visit = 0; visit < visitCount; visit += 1) {
      labels[visit] = rest % (vehicleCount + 1);
      rest = Math.floor(rest / (vehicleCount + 1));
    }
    let cost = 0;
    for (let vehicle = 0; vehicle < vehicleCount && cost < Infinity; vehicle += 1) {
      let mask = 0;
      labels.forEach((label, visit) => {
        if (label === vehicle) mask |= 1 << visit;
      });
      cost += itemAt(bestRoute, vehicle)[mask] ?? Infinity;
    }
    if (cost === Infinity) continue;
    const unassigned = labels.filter((label) => label === vehicleCount).length;
    if (unassigned < best.unassigned || (unassigned === best.unassigned && cost < best.cost - 1e-9)) {
      best = { unassigned, cost };
    }
  }
  return best;
}
