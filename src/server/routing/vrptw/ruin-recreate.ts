import * as items from './item-at';
import { createRandom, type Random } from '../prng';
import type { Model } from './model';
import * as routeState from './route-state';
import type { RouteState } from './route-state';

// Module bindings read in hot loops cost a getter call per read once compiled by tsx: copy them once.
const { itemAt } = items;

/**
 * Slack String Removals (SISR, Christiaens and Vanden Berghe, 2020): remove a few strings of visits that are near
 * one another in space, reinsert every removed visit at its cheapest feasible place ("blinking" past a few places
 * at random), and accept the result by simulated annealing.
 */
export type RuinRecreateSettings = {
  /** Average number of visits removed per iteration. */
  averageRemoved: number;
  /** Longest string removed from one route. */
  maxStringLength: number;
  /** Probability of skipping an insertion place (blinks). */
  blinkRate: number;
  /**
   * Nearest visits next to which an insertion is tried (granular: before or after each, and at either end of their
   * routes); the visit count or more: every place of every route.
   */
  insertionNeighbours: number;
  /** Probability that an iteration also empties a whole route. */
  routeRemovalRate: number;
  /** Probability, per extra visit, that a split string stops growing the part it keeps. */
  splitStopRate: number;
  /**
   * A charge per route in use, in average legs, falling to zero at `routeChargeUntil` (fraction of the search):
   * it pulls the early search towards fewer, fuller routes, which ruin-and-recreate alone rarely finds (a route
   * empties only when all its visits fit elsewhere), and then lets distance alone decide.
   */
  routeCharge: number;
  routeChargeUntil: number;
  /** Start and end temperature, as a fraction of the initial plan's average leg cost. */
  startTemperature: number;
  endTemperature: number;
};

export type RuinRecreate = {
  state: RouteState;
  /** Sequences (start node, visits, end node) of the best plan. */
  bestRoutes: number[][];
  bestCost: number;
  bestUnassigned: number;
  currentCost: number;
  iterations: number;
  /** One iteration; `fraction` (0..1) of the planned search sets the temperature. */
  iterate: (fraction: number) => void;
};

export function createRuinRecreate(
  model: Model,
  state: RouteState,
  settings: RuinRecreateSettings,
  seed: number,
): RuinRecreate {
  const { refreshRoute, insertVisit, totalRouteCost, totalBalanceCost, timeTolerance } = routeState;
  const { addedWork, balanceDelta } = routeState;
  const random = createRandom(seed);
  const { visitCount, vehicleCount, size, travel, cost, service, earliest, latest, demand, capacity } = model;
  const { balanceWeight } = model;
  const neighbours = buildNeighbours(model);
  const baseDistance = buildBaseDistance(model);
  const vehicleClasses = buildVehicleClasses(model);
  // Above any insertion's cost: serving one more visit always pays.
  const unassignedPenalty = 2 * (2 * model.maxLegCost + model.stabilityPenalty + model.maxBalanceDelta) + 1;
  const isRemoved = new Uint8Array(visitCount);
  const isRuined = new Uint8Array(vehicleCount);
  const savedRoutes: (number[] | undefined)[] = new Array<number[] | undefined>(vehicleCount);
  const touched: number[] = [];
  const triedClass = new Uint8Array(vehicleCount);
  const removed: number[] = [];

  /** A temporary cost per route in use, high early and zero later: see `routeCharge` in the settings. */
  let routeCharge = 0;
  const countRoutes = () => {
    let used = 0;
    for (const route of state.routes) if (route.length > 2) used += 1;
    return used;
  };
  const planCost = () =>
    totalRouteCost(state) + unassignedPenalty * state.unassigned.length + routeCharge * countRoutes();

  const touch = (vehicle: number) => {
    if (savedRoutes[vehicle] !== undefined) return;
    savedRoutes[vehicle] = itemAt(state.routes, vehicle).slice();
    touched.push(vehicle);
  };

  const removeVisits = (vehicle: number, visits: number[]) => {
    touch(vehicle);
    for (const visit of visits) isRemoved[visit] = 1;
    const route = itemAt(state.routes, vehicle).filter((node) => node >= visitCount || isRemoved[node] === 0);
    for (const visit of visits) {
      isRemoved[visit] = 0;
      state.routeOf[visit] = -1;
      removed.push(visit);
    }
    state.routes[vehicle] = route;
    // Without the triangle inequality a shortcut can be slower: drop whatever became late, too.
    for (let lateAt = refreshRoute(state, vehicle); lateAt >= 0; lateAt = refreshRoute(state, vehicle)) {
      const at = lateAt === route.length - 1 ? lateAt - 1 : lateAt;
      if (at < 1) break;
      const [visit] = route.splice(at, 1);
      if (visit !== undefined) {
        state.routeOf[visit] = -1;
        removed.push(visit);
      }
    }
  };

  const drawUsedRoute = (routesUsed: number): number => {
    let skip = random.nextInt(routesUsed);
    for (let vehicle = 0; vehicle < vehicleCount; vehicle += 1) {
      if (itemAt(state.routes, vehicle).length > 2 && skip-- === 0) return vehicle;
    }
    return 0;
  };

  const ruin = () => {
    let visitsInRoutes = 0;
    let routesUsed = 0;
    for (const route of state.routes) {
      if (route.length > 2) {
        visitsInRoutes += route.length - 2;
        routesUsed += 1;
      }
    }
    if (routesUsed === 0) return;
    if (routesUsed > 1 && random.next() < settings.routeRemovalRate) {
      // Now and then empty a whole route, the smallest of two drawn: strings alone seldom empty a long route,
      // and plans with one route fewer are often shorter (long-horizon days).
      const first = drawUsedRoute(routesUsed);
      const second = drawUsedRoute(routesUsed);
      const smaller =
        itemAt(state.routes, first).length <= itemAt(state.routes, second).length ? first : second;
      removeVisits(smaller, itemAt(state.routes, smaller).slice(1, -1));
    }
    const maxLength = Math.min(settings.maxStringLength, visitsInRoutes / routesUsed);
    const maxStrings = (4 * settings.averageRemoved) / (1 + maxLength) - 1;
    const stringCount = Math.floor(random.next() * maxStrings) + 1;
    const seedVisit = random.nextInt(visitCount);
    isRuined.fill(0);
    let ruinedCount = 0;
    const offset = seedVisit * visitCount;
    for (let index = 0; index < visitCount && ruinedCount < stringCount; index += 1) {
      const visit = neighbours[offset + index] ?? 0;
      const vehicle = state.routeOf[visit] ?? 0;
      if (vehicle < 0 || isRuined[vehicle]) continue;
      const route = itemAt(state.routes, vehicle);
      const routeLength = route.length - 2;
      const length = Math.floor(random.next() * Math.min(routeLength, maxLength)) + 1;
      const position = state.positionOf[visit] ?? 0;
      const visits =
        length === routeLength || random.next() < 0.5
          ? chooseString(route, position, length, random)
          : chooseSplitString(route, position, length, settings.splitStopRate, random);
      isRuined[vehicle] = 1;
      ruinedCount += 1;
      removeVisits(vehicle, visits);
    }
  };

  /** Sorts the removed visits by one of SISR's orders: random, largest demand, farthest or nearest to base. */
  const sortRemoved = () => {
    for (let index = removed.length - 1; index > 0; index -= 1) {
      const other = random.nextInt(index + 1);
      const kept = removed[index] ?? 0;
      removed[index] = removed[other] ?? 0;
      removed[other] = kept;
    }
    const draw = random.nextInt(11);
    if (draw < 4) return;
    if (draw < 8) removed.sort((a, b) => (demand[b] ?? 0) - (demand[a] ?? 0));
    else if (draw < 10) removed.sort((a, b) => (baseDistance[b] ?? 0) - (baseDistance[a] ?? 0));
    else removed.sort((a, b) => (baseDistance[a] ?? 0) - (baseDistance[b] ?? 0));
  };

  // Blinks: rather than a random draw per place, draw how many places pass until the next skip (geometric).
  const blinkLog = Math.log(1 - settings.blinkRate);
  const drawBlinkGap = () =>
    settings.blinkRate > 0 ? Math.floor(Math.log(1 - random.next()) / blinkLog) : Number.MAX_SAFE_INTEGER;
  let untilBlink = drawBlinkGap();

  /**
   * Routes worth trying for a visit (granular insertion): those serving one of its nearest visits, and the empty
   * ones. A far route is almost never the cheapest place, and skipping it is most of the recreate's speed.
   */
  const candidates = new Int32Array(vehicleCount);
  const candidateStamp = new Int32Array(vehicleCount);
  let stamp = 0;
  const collectCandidateRoutes = (visit: number): number => {
    const only = model.only[visit] ?? -1;
    if (only >= 0) {
      candidates[0] = only;
      return 1;
    }
    if (settings.insertionNeighbours >= visitCount) {
      for (let vehicle = 0; vehicle < vehicleCount; vehicle += 1) candidates[vehicle] = vehicle;
      return vehicleCount;
    }
    stamp += 1;
    let count = 0;
    const offset = visit * visitCount;
    for (let index = 1; index <= settings.insertionNeighbours; index += 1) {
      const vehicle = state.routeOf[neighbours[offset + index] ?? 0] ?? -1;
      if (vehicle >= 0 && candidateStamp[vehicle] !== stamp) {
        candidateStamp[vehicle] = stamp;
        candidates[count] = vehicle;
        count += 1;
      }
    }
    for (let vehicle = 0; vehicle < vehicleCount; vehicle += 1) {
      if (candidateStamp[vehicle] !== stamp && (itemAt(state.routes, vehicle).length === 2 || count === 0)) {
        candidates[count] = vehicle;
        count += 1;
      }
    }
    return count;
  };

  // The visit being inserted and the best place found for it so far (set by insertBest, read by tryPlace).
  let visitNow = 0;
  let visitRow = 0;
  let visitEarliest = 0;
  let visitLatest = 0;
  let visitService = 0;
  let visitUsual = -1;
  let bestDelta = Infinity;
  let bestVehicle = -1;
  let bestPosition = -1;

  /** Weighs inserting the current visit before `position` of the route; false once it would be late there. */
  const tryPlace = (vehicle: number, position: number): boolean => {
    const route = itemAt(state.routes, vehicle);
    const from = route[position - 1] ?? 0;
    const arrival =
      (itemAt(state.starts, vehicle)[position - 1] ?? 0) +
      (service[from] ?? 0) +
      (travel[from * size + visitNow] ?? 0);
    // Travel times are nearly always metric, so arriving from later stops is only later.
    if (arrival > visitLatest) return false;
    untilBlink -= 1;
    if (untilBlink < 0) {
      untilBlink = drawBlinkGap();
      return true;
    }
    const to = route[position] ?? 0;
    const start = arrival > visitEarliest ? arrival : visitEarliest;
    if (
      start + visitService + (travel[visitRow + to] ?? 0) >
      (itemAt(state.latestStarts, vehicle)[position] ?? 0) + timeTolerance
    )
      return true;
    let delta =
      (cost[from * size + visitNow] ?? 0) +
      (cost[visitRow + to] ?? 0) -
      (cost[from * size + to] ?? 0) +
      (visitUsual >= 0 && visitUsual !== vehicle ? model.stabilityPenalty : 0) +
      (route.length === 2 ? routeCharge : 0);
    if (balanceWeight > 0) {
      delta += balanceDelta(model, state.works[vehicle] ?? 0, addedWork(model, from, visitNow, to));
    }
    if (delta < bestDelta) {
      bestDelta = delta;
      bestVehicle = vehicle;
      bestPosition = position;
    }
    return true;
  };

  const hasRoom = (vehicle: number) =>
    (state.loads[vehicle] ?? 0) + (demand[visitNow] ?? 0) <= (capacity[vehicle] ?? 0) + timeTolerance;

  /** Every place of the candidate routes (granular by route: see collectCandidateRoutes). */
  const scanCandidateRoutes = () => {
    triedClass.fill(0);
    const candidateCount = collectCandidateRoutes(visitNow);
    for (let candidate = 0; candidate < candidateCount; candidate += 1) {
      const vehicle = candidates[candidate] ?? 0;
      if (!hasRoom(vehicle)) continue;
      const routeLength = itemAt(state.routes, vehicle).length;
      if (routeLength === 2) {
        // Identical empty vehicles offer identical places: look at one of each kind.
        const vehicleClass = vehicleClasses[vehicle] ?? 0;
        if (triedClass[vehicleClass]) continue;
        triedClass[vehicleClass] = 1;
      }
      for (let position = 1; position < routeLength && tryPlace(vehicle, position); position += 1);
    }
  };

  /**
   * Only the places next to one of the visit's nearest visits, or next to the start or end of their routes (and
   * one empty vehicle of each kind): the cheapest place is nearly always among them, and their number does not
   * grow with the length of the routes.
   */
  const scanNearPlaces = (): boolean => {
    stamp += 1;
    let routed = 0;
    const offset = visitNow * visitCount;
    for (let index = 1; index <= settings.insertionNeighbours; index += 1) {
      const neighbour = neighbours[offset + index] ?? 0;
      const vehicle = state.routeOf[neighbour] ?? -1;
      if (vehicle < 0) continue;
      routed += 1;
      if (!hasRoom(vehicle)) continue;
      const position = state.positionOf[neighbour] ?? 0;
      if (candidateStamp[vehicle] !== stamp) {
        candidateStamp[vehicle] = stamp;
        tryPlace(vehicle, 1);
        tryPlace(vehicle, itemAt(state.routes, vehicle).length - 1);
      }
      if (position > 1) tryPlace(vehicle, position);
      if (position < itemAt(state.routes, vehicle).length - 2) tryPlace(vehicle, position + 1);
    }
    if (routed === 0) return false;
    triedClass.fill(0);
    for (let vehicle = 0; vehicle < vehicleCount; vehicle += 1) {
      if (itemAt(state.routes, vehicle).length !== 2 || !hasRoom(vehicle)) continue;
      const vehicleClass = vehicleClasses[vehicle] ?? 0;
      if (triedClass[vehicleClass]) continue;
      triedClass[vehicleClass] = 1;
      tryPlace(vehicle, 1);
    }
    return true;
  };

  const insertBest = (visit: number): boolean => {
    visitNow = visit;
    visitRow = visit * size;
    visitEarliest = earliest[visit] ?? 0;
    visitLatest = (latest[visit] ?? 0) + timeTolerance;
    visitService = service[visit] ?? 0;
    visitUsual = model.usual[visit] ?? -1;
    bestDelta = Infinity;
    bestVehicle = -1;
    bestPosition = -1;
    const isFree = (model.only[visit] ?? -1) < 0 && settings.insertionNeighbours < visitCount;
    if (!(isFree && scanNearPlaces())) scanCandidateRoutes();
    if (bestVehicle < 0) return false;
    touch(bestVehicle);
    // The route charge is not a cost of the route itself (see planCost).
    const charge = itemAt(state.routes, bestVehicle).length === 2 ? routeCharge : 0;
    insertVisit(state, visit, bestVehicle, bestPosition, bestDelta - charge);
    return true;
  };

  const recreate = () => {
    sortRemoved();
    const stillOut: number[] = [];
    for (const visit of removed) if (!insertBest(visit)) stillOut.push(visit);
    removed.length = 0;
    state.unassigned = stillOut;
  };

  // The first plan: every visit inserted into empty routes, in one of the recreate orders.
  removed.push(...state.unassigned);
  state.unassigned = [];
  recreate();
  touched.length = 0;
  savedRoutes.fill(undefined);

  const search: RuinRecreate = {
    state,
    bestRoutes: state.routes.map((route) => route.slice()),
    bestCost: totalRouteCost(state),
    bestUnassigned: state.unassigned.length,
    currentCost: planCost(),
    iterations: 0,
    iterate: () => undefined,
  };
  const legCount = visitCount - state.unassigned.length + state.routes.filter((r) => r.length > 2).length;
  // The temperature follows the legs' cost alone: the balance term is not a leg.
  const averageLeg = legCount > 0 ? (search.bestCost - totalBalanceCost(state)) / legCount : 1;
  const startTemperature = settings.startTemperature * averageLeg;
  const endTemperature = settings.endTemperature * averageLeg;

  search.iterate = (fraction: number) => {
    const temperature = startTemperature * Math.pow(endTemperature / startTemperature, fraction);
    routeCharge = averageLeg * settings.routeCharge * Math.max(0, 1 - fraction / settings.routeChargeUntil);
    // The charge changes the current plan's cost too.
    if (routeCharge > 0 || fraction < settings.routeChargeUntil + 0.01) search.currentCost = planCost();
    const unassignedBefore = state.unassigned;
    removed.push(...unassignedBefore);
    ruin();
    recreate();
    const candidateCost = planCost();
    search.iterations += 1;
    if (candidateCost < search.currentCost - temperature * Math.log(random.next())) {
      search.currentCost = candidateCost;
      const routeCost = totalRouteCost(state);
      const unassignedCount = state.unassigned.length;
      if (
        unassignedCount < search.bestUnassigned ||
        (unassignedCount === search.bestUnassigned && routeCost < search.bestCost - 1e-9)
      ) {
        search.bestCost = routeCost;
        search.bestUnassigned = unassignedCount;
        search.bestRoutes = state.routes.map((route) => route.slice());
      }
    } else {
      for (const vehicle of touched) {
        for (const node of itemAt(state.routes, vehicle)) if (node < visitCount) state.routeOf[node] = -1;
      }
      for (const vehicle of touched) {
        state.routes[vehicle] = itemAt(savedRoutes, vehicle);
        refreshRoute(state, vehicle);
      }
      state.unassigned = unassignedBefore;
    }
    for (const vehicle of touched) savedRoutes[vehicle] = undefined;
    touched.length = 0;
  };
  return search;
}

/** l consecutive visits of the route that include the one at `position`. */
function chooseString(route: number[], position: number, length: number, random: Random): number[] {
  const routeLength = route.length - 2;
  const first = Math.max(1, position - length + 1);
  const last = Math.min(position, routeLength - length + 1);
  const begin = first + random.nextInt(last - first + 1);
  return route.slice(begin, begin + length);
}

/** A string of l + m visits including `position`, of which m consecutive ones stay in the route. */
function chooseSplitString(
  route: number[],
  position: number,
  length: number,
  stopRate: number,
  random: Random,
): number[] {
  const routeLength = route.length - 2;
  let kept = 1;
  while (length + kept < routeLength && random.next() > stopRate) kept += 1;
  const whole = chooseString(route, position, length + kept, random);
  const keptFrom = random.nextInt(length + 1);
  return [...whole.slice(0, keptFrom), ...whole.slice(keptFrom + kept)];
}

/** Per visit, all visits by increasing travel time from it (itself first): where strings are looked for. */
function buildNeighbours(model: Model): Int32Array {
  const { visitCount, size, travel } = model;
  const neighbours = new Int32Array(visitCount * visitCount);
  const order = Array.from({ length: visitCount }, (_, index) => index);
  for (let visit = 0; visit < visitCount; visit += 1) {
    const row = visit * size;
    order.sort((a, b) =>
      a === visit ? -1 : b === visit ? 1 : (travel[row + a] ?? 0) - (travel[row + b] ?? 0),
    );
    neighbours.set(order, visit * visitCount);
  }
  return neighbours;
}

/** Per visit, the shortest travel time from any vehicle's start. */
function buildBaseDistance(model: Model): Float64Array {
  const { visitCount, vehicleCount, size, travel } = model;
  const result = new Float64Array(visitCount).fill(Infinity);
  for (let vehicle = 0; vehicle < vehicleCount; vehicle += 1) {
    const row = (visitCount + vehicle) * size;
    for (let visit = 0; visit < visitCount; visit += 1) {
      result[visit] = Math.min(result[visit] ?? 0, travel[row + visit] ?? 0);
    }
  }
  return result;
}

/** Vehicles that are interchangeable when empty share a class (never with a stability penalty in play). */
function buildVehicleClasses(model: Model): Int32Array {
  const { visitCount, vehicleCount, size, travel, earliest, latest, capacity } = model;
  const classes = new Int32Array(vehicleCount);
  const keys = new Map<string, number>();
  for (let vehicle = 0; vehicle < vehicleCount; vehicle += 1) {
    if (model.stabilityPenalty > 0) {
      classes[vehicle] = vehicle;
      continue;
    }
    const start = visitCount + vehicle;
    const end = visitCount + vehicleCount + vehicle;
    // Same travel row and column to every visit means the same place.
    let signature = `${earliest[start]}|${latest[end]}|${capacity[vehicle]}|${travel[start * size + end]}`;
    for (let visit = 0; visit < visitCount; visit += 1) {
      const out = start * size + visit;
      const back = visit * size + end;
      signature += `|${travel[out]},${travel[back]},${model.cost[out]},${model.cost[back]}`;
    }
    const known = keys.get(signature);
    if (known === undefined) keys.set(signature, vehicle);
    classes[vehicle] = known ?? vehicle;
  }
  return classes;
}
