import type { VrptwProblem, VrptwSolution } from './types';

/**
 * An independent check of a plan against the problem, written from the problem's definition only (it shares no
 * code with the solver): every visit in exactly one route or unassigned, each route within its vehicle's capacity,
 * every service started within its window (arriving early means waiting), a pinned visit only on its vehicle,
 * back by the return time, and the distances, travel times and objective (the balance term too: the square of each
 * route's travel plus service times, weighted) recomputed from the matrices. Returns
 * the problems found (empty: valid).
 */
export function checkVrptwSolution(
  problem: VrptwProblem,
  solution: VrptwSolution,
  tolerance = 1e-6,
): string[] {
  const errors: string[] = [];
  const distances = problem.distances ?? problem.travelTimes;
  const weights = problem.weights ?? { time: 0, distance: 1 };
  const seen = new Map<number, string>();
  const mark = (visit: number, where: string) => {
    if (!Number.isInteger(visit) || visit < 0 || visit >= problem.visits.length) {
      errors.push(`${where}: ${visit} is not a visit.`);
      return;
    }
    const before = seen.get(visit);
    if (before !== undefined) errors.push(`Visit ${visit} is in ${before} and in ${where}.`);
    seen.set(visit, where);
  };
  if (solution.routes.length !== problem.vehicles.length) {
    errors.push(`${solution.routes.length} routes for ${problem.vehicles.length} vehicles.`);
  }
  let totalDistance = 0;
  let totalTime = 0;
  let objective = 0;
  solution.routes.forEach((route, index) => {
    const vehicle = problem.vehicles[route.vehicle];
    const name = `route ${index}`;
    if (route.vehicle !== index || vehicle === undefined) {
      errors.push(`${name} is for vehicle ${route.vehicle}.`);
      return;
    }
    route.visits.forEach((visit) => mark(visit, name));
    if (route.visits.some((visit) => problem.visits[visit] === undefined)) return;
    const home = vehicle.endNode ?? vehicle.startNode;
    let node = vehicle.startNode;
    let time = vehicle.startTime;
    let load = 0;
    let distance = 0;
    let travel = 0;
    let serviceTotal = 0;
    route.visits.forEach((visitIndex, position) => {
      const visit = problem.visits[visitIndex];
      if (visit === undefined) return;
      const cell = node * problem.size + visit.node;
      distance += distances[cell] ?? 0;
      travel += problem.travelTimes[cell] ?? 0;
      time = Math.max(time + (problem.travelTimes[cell] ?? 0), visit.earliest ?? -Infinity);
      if (time > (visit.latest ?? Infinity) + tolerance) {
        errors.push(`${name}: visit ${visitIndex} starts at ${time}, after its latest ${visit.latest}.`);
      }
      const reported = route.serviceStarts[position];
      if (reported === undefined || Math.abs(reported - time) > tolerance) {
        errors.push(`${name}: visit ${visitIndex} reported to start at ${reported}, not ${time}.`);
      }
      time += visit.serviceTime;
      serviceTotal += visit.serviceTime;
      load += visit.demand;
      if (visit.onlyVehicle != null && visit.onlyVehicle !== index) {
        errors.push(`${name}: visit ${visitIndex} is pinned to vehicle ${visit.onlyVehicle}.`);
      }
      if (visit.usualVehicle != null && visit.usualVehicle !== index)
        objective += problem.stabilityPenalty ?? 0;
      node = visit.node;
    });
    const cell = node * problem.size + home;
    time += problem.travelTimes[cell] ?? 0;
    if (route.visits.length > 0) {
      distance += distances[cell] ?? 0;
      travel += problem.travelTimes[cell] ?? 0;
    } else {
      time = vehicle.startTime;
    }
    if (route.visits.length > 0 && time > (vehicle.latestReturn ?? Infinity) + tolerance) {
      errors.push(`${name}: back at ${time}, after ${vehicle.latestReturn}.`);
    }
    if (load > (vehicle.capacity ?? Infinity) + tolerance) {
      errors.push(`${name}: carries ${load}, more than ${vehicle.capacity}.`);
    }
    if (Math.abs(load - route.load) > tolerance)
      errors.push(`${name}: reported load ${route.load}, not ${load}.`);
    if (Math.abs(distance - route.distance) > tolerance) {
      errors.push(`${name}: reported distance ${route.distance}, not ${distance}.`);
    }
    if (Math.abs(travel - route.travelTime) > tolerance) {
      errors.push(`${name}: reported travel time ${route.travelTime}, not ${travel}.`);
    }
    totalDistance += distance;
    totalTime += travel;
    objective += weights.distance * distance + weights.time * travel;
    objective += (problem.balanceWeight ?? 0) * (travel + serviceTotal) ** 2;
  });
  solution.unassigned.forEach(({ visit }) => mark(visit, 'unassigned'));
  for (let visit = 0; visit < problem.visits.length; visit += 1) {
    if (!seen.has(visit)) errors.push(`Visit ${visit} is neither in a route nor unassigned.`);
  }
  const relative = (a: number, b: number) => Math.abs(a - b) > tolerance * Math.max(1, Math.abs(b));
  if (relative(solution.distance, totalDistance)) {
    errors.push(`Reported distance ${solution.distance}, not ${totalDistance}.`);
  }
  if (relative(solution.travelTime, totalTime)) {
    errors.push(`Reported travel time ${solution.travelTime}, not ${totalTime}.`);
  }
  if (relative(solution.cost, objective)) errors.push(`Reported cost ${solution.cost}, not ${objective}.`);
  return errors;
}
