import * as items from './item-at';
import { endNodeOf, startNodeOf, type Model } from './model';

// Module bindings read in hot loops cost a getter call per read once compiled by tsx: copy them once.
const { itemAt } = items;

/**
 * A plan being searched: per vehicle the node sequence (start node, visits, end node) with, per position, the
 * service start (forward) and the latest service start that keeps the rest of the route on time (backward), so
 * that inserting a visit anywhere is checked in O(1).
 */
export type RouteState = {
  model: Model;
  routes: number[][];
  starts: number[][];
  latestStarts: number[][];
  loads: Float64Array;
  /** Leg costs plus the stability penalties of the route's visits plus its balance term. */
  routeCosts: Float64Array;
  /** Per route: its travel plus its visits' service times, which the balance term squares. */
  works: Float64Array;
  /** Per visit: its vehicle, or -1 when unassigned. */
  routeOf: Int32Array;
  /** Per visit: its position in its route (1-based: 0 is the start node). */
  positionOf: Int32Array;
  /** Visits out of every route (excluded ones, which no vehicle can serve alone, are never here). */
  unassigned: number[];
};

/** May the vehicle serve the visit? Every vehicle may, unless the visit is pinned to one. */
export function isAllowed(model: Model, visit: number, vehicle: number): boolean {
  const only = model.only[visit] ?? -1;
  return only < 0 || only === vehicle;
}

/** Tolerance for comparing floating-point times: a start this little after the window still counts as on time. */
export const timeTolerance = 1e-7;

export function createRouteState(model: Model): RouteState {
  const routes: number[][] = [];
  for (let vehicle = 0; vehicle < model.vehicleCount; vehicle += 1) {
    routes.push([startNodeOf(model, vehicle), endNodeOf(model, vehicle)]);
  }
  const state: RouteState = {
    model,
    routes,
    starts: routes.map(() => []),
    latestStarts: routes.map(() => []),
    loads: new Float64Array(model.vehicleCount),
    routeCosts: new Float64Array(model.vehicleCount),
    works: new Float64Array(model.vehicleCount),
    routeOf: new Int32Array(model.visitCount).fill(-1),
    positionOf: new Int32Array(model.visitCount),
    unassigned: [],
  };
  routes.forEach((_, vehicle) => refreshRoute(state, vehicle));
  return state;
}

/**
 * Recomputes a route's times, load and cost after its sequence changed. Returns the position of the first visit
 * that is now late (possible after a removal only when travel times break the triangle inequality), or -1.
 */
export function refreshRoute(state: RouteState, vehicle: number): number {
  const { model } = state;
  const { size, travel, cost, service, earliest, latest, demand, usual, stabilityPenalty, balanceWeight } =
    model;
  const route = itemAt(state.routes, vehicle);
  const starts = itemAt(state.starts, vehicle);
  const latestStarts = itemAt(state.latestStarts, vehicle);
  const last = route.length - 1;
  starts.length = route.length;
  latestStarts.length = route.length;
  let time = earliest[route[0] ?? 0] ?? 0;
  starts[0] = time;
  let load = 0;
  let routeCost = 0;
  let work = 0;
  let lateAt = -1;
  for (let position = 1; position <= last; position += 1) {
    const from = route[position - 1] ?? 0;
    const node = route[position] ?? 0;
    time = Math.max(time + (service[from] ?? 0) + (travel[from * size + node] ?? 0), earliest[node] ?? 0);
    starts[position] = time;
    routeCost += cost[from * size + node] ?? 0;
    work += (service[from] ?? 0) + (travel[from * size + node] ?? 0);
    if (lateAt < 0 && time > (latest[node] ?? 0) + timeTolerance) lateAt = position;
    if (position < last) {
      load += demand[node] ?? 0;
      state.routeOf[node] = vehicle;
      state.positionOf[node] = position;
      const usualVehicle = usual[node] ?? 0;
      if (usualVehicle >= 0 && usualVehicle !== vehicle) routeCost += stabilityPenalty;
    }
  }
  let latestStart = latest[route[last] ?? 0] ?? 0;
  latestStarts[last] = latestStart;
  for (let position = last - 1; position >= 0; position -= 1) {
    const node = route[position] ?? 0;
    latestStart = Math.min(
      latest[node] ?? 0,
      latestStart - (service[node] ?? 0) - (travel[node * size + (route[position + 1] ?? 0)] ?? 0),
    );
    latestStarts[position] = latestStart;
  }
  state.loads[vehicle] = load;
  state.works[vehicle] = work;
  state.routeCosts[vehicle] = routeCost + balanceWeight * work * work;
  return lateAt;
}

/** The work (service and travel) that inserting `visit` between the nodes `from` and `to` adds to a route. */
export function addedWork(model: Model, from: number, visit: number, to: number): number {
  const { size, travel } = model;
  return (
    (model.service[visit] ?? 0) +
    (travel[from * size + visit] ?? 0) +
    (travel[visit * size + to] ?? 0) -
    (travel[from * size + to] ?? 0)
  );
}

/** How much the balance term of a route working `work` grows when `added` more work joins it. */
export function balanceDelta(model: Model, work: number, added: number): number {
  return model.balanceWeight * added * (2 * work + added);
}

/** Sum of the routes' balance terms. */
export function totalBalanceCost(state: RouteState): number {
  let total = 0;
  for (const work of state.works) total += state.model.balanceWeight * work * work;
  return total;
}

/** Sum of the route costs (not counting unassigned visits). */
export function totalRouteCost(state: RouteState): number {
  let total = 0;
  for (const routeCost of state.routeCosts) total += routeCost;
  return total;
}

/** The cheapest feasible place for a visit in one route, or null. */
export type Insertion = { vehicle: number; position: number; delta: number };

/**
 * Cost of inserting `visit` before `position` in the route (between position - 1 and position), or Infinity when
 * it would be late, make a later stop late, or overload the vehicle. O(1).
 */
export function insertionDelta(state: RouteState, visit: number, vehicle: number, position: number): number {
  const { model } = state;
  const { size, travel, cost, service } = model;
  if (!isAllowed(model, visit, vehicle)) return Infinity;
  if (
    (state.loads[vehicle] ?? 0) + (model.demand[visit] ?? 0) >
    (model.capacity[vehicle] ?? 0) + timeTolerance
  )
    return Infinity;
  const route = itemAt(state.routes, vehicle);
  const from = route[position - 1] ?? 0;
  const to = route[position] ?? 0;
  const start = Math.max(
    (itemAt(state.starts, vehicle)[position - 1] ?? 0) +
      (service[from] ?? 0) +
      (travel[from * size + visit] ?? 0),
    model.earliest[visit] ?? 0,
  );
  if (start > (model.latest[visit] ?? 0) + timeTolerance) return Infinity;
  const next = start + (service[visit] ?? 0) + (travel[visit * size + to] ?? 0);
  if (next > (itemAt(state.latestStarts, vehicle)[position] ?? 0) + timeTolerance) return Infinity;
  const usualVehicle = model.usual[visit] ?? 0;
  const stability = usualVehicle >= 0 && usualVehicle !== vehicle ? model.stabilityPenalty : 0;
  const balance =
    model.balanceWeight > 0
      ? balanceDelta(model, state.works[vehicle] ?? 0, addedWork(model, from, visit, to))
      : 0;
  return (
    (cost[from * size + visit] ?? 0) +
    (cost[visit * size + to] ?? 0) -
    (cost[from * size + to] ?? 0) +
    stability +
    balance
  );
}

/**
 * Inserts a visit before `position` where `insertionDelta` (or the same check) found it feasible, updating the
 * route's times in place: the service starts change only from the visit on, and only until a wait absorbs the
 * push; the latest starts change only up to the visit, and only until a window binds. The cost moves by `delta`
 * (the insertion's cost, stability penalty and balance term included). Much cheaper than `refreshRoute` on long routes.
 */
export function insertVisit(
  state: RouteState,
  visit: number,
  vehicle: number,
  position: number,
  delta: number,
): void {
  const { model } = state;
  const { size, travel, service, earliest, latest } = model;
  const route = itemAt(state.routes, vehicle);
  const starts = itemAt(state.starts, vehicle);
  const latestStarts = itemAt(state.latestStarts, vehicle);
  state.works[vehicle] =
    (state.works[vehicle] ?? 0) + addedWork(model, route[position - 1] ?? 0, visit, route[position] ?? 0);
  route.splice(position, 0, visit);
  starts.splice(position, 0, 0);
  latestStarts.splice(position, 0, 0);
  const last = route.length - 1;
  let time = starts[position - 1] ?? 0;
  for (let at = position; at <= last; at += 1) {
    const from = route[at - 1] ?? 0;
    const node = route[at] ?? 0;
    time = Math.max(time + (service[from] ?? 0) + (travel[from * size + node] ?? 0), earliest[node] ?? 0);
    // Past the new visit, an unchanged start means every later one is unchanged too.
    if (at > position && time === starts[at]) break;
    starts[at] = time;
  }
  let latestStart = latestStarts[position + 1] ?? 0;
  for (let at = position; at >= 0; at -= 1) {
    const node = route[at] ?? 0;
    latestStart = Math.min(
      latest[node] ?? 0,
      latestStart - (service[node] ?? 0) - (travel[node * size + (route[at + 1] ?? 0)] ?? 0),
    );
    if (at < position && latestStart === latestStarts[at]) break;
    latestStarts[at] = latestStart;
  }
  for (let at = position; at < last; at += 1) {
    const node = route[at] ?? 0;
    state.routeOf[node] = vehicle;
    state.positionOf[node] = at;
  }
  state.loads[vehicle] = (state.loads[vehicle] ?? 0) + (model.demand[visit] ?? 0);
  state.routeCosts[vehicle] = (state.routeCosts[vehicle] ?? 0) + delta;
}
