/**
 * The day planner's vehicle routing problem with time windows (VRPTW): the shapes going in and out of the solver.
 * Times are in any one unit (minutes in the app, Solomon's units in the benchmark) counted from any origin.
 */

/** A square matrix, row-major: value[from * size + to]. May be asymmetric. */
export type Matrix = Float64Array;

export type VrptwVehicle = {
  /** Matrix node the route starts from (its round's base). */
  startNode: number;
  /** Matrix node the route ends at; default: its start node. */
  endNode?: number;
  /** The time the vehicle leaves its start node (the round's pickup time). */
  startTime: number;
  /** The vehicle must be back at its end node by then; null or absent: no limit. */
  latestReturn?: number | null;
  /** Portions it can carry; null or absent: unlimited. */
  capacity?: number | null;
};

export type VrptwVisit = {
  /** Matrix node of the visit's address (several visits may share one). */
  node: number;
  /** Portions delivered. */
  demand: number;
  /** Time spent at the stop (duration plus contingency). */
  serviceTime: number;
  /** Service may not start before this (the vehicle waits); absent: no lower bound. */
  earliest?: number | null;
  /** Service must start by this; absent: no upper bound. */
  latest?: number | null;
  /** The vehicle (index) that usually serves it, for the stability penalty. */
  usualVehicle?: number | null;
  /** The only vehicle (index) that may serve it (a stop placed by hand); absent or null: any. */
  onlyVehicle?: number | null;
};

export type VrptwProblem = {
  /** Number of matrix nodes. */
  size: number;
  /** Travel times between nodes, size x size. */
  travelTimes: Matrix;
  /** Distances between nodes; absent: the travel times are used as distances too (Solomon). */
  distances?: Matrix;
  vehicles: VrptwVehicle[];
  visits: VrptwVisit[];
  /**
   * The objective per route leg: time * travel time + distance * distance (the account's time/km preference).
   * Default { time: 0, distance: 1 }. Waiting time is not priced: a route's start time is fixed by its round.
   */
  weights?: { time: number; distance: number };
  /** Added to the objective for each visit served by another vehicle than its usual one; default 0. */
  stabilityPenalty?: number;
  /**
   * Workload balance: added to the objective per route, this weight x the square of its working time (its travel
   * plus its service times; waiting for a window is not work). The square makes a minute more cost more on a long
   * route than on a short one, so that stops move to routes with room. Default 0: off (Solomon's objective).
   */
  balanceWeight?: number;
};

export type UnassignedReason = 'window_impossible' | 'no_capacity' | 'no_time';

export type VrptwRoute = {
  vehicle: number;
  /** Visit indices in driving order (the start and end nodes are implied). */
  visits: number[];
  /** Service start time per visit, in the same order (after any waiting). */
  serviceStarts: number[];
  /** Arrival time back at the end node. */
  returnTime: number;
  load: number;
  distance: number;
  travelTime: number;
};

export type VrptwSolution = {
  /** One route per vehicle, in vehicle order; a vehicle with no visits has an empty route. */
  routes: VrptwRoute[];
  unassigned: { visit: number; reason: UnassignedReason }[];
  /** The weighted objective including the stability penalties (unassigned visits are not in it). */
  cost: number;
  distance: number;
  travelTime: number;
  /** Ruin-and-recreate iterations done. */
  iterations: number;
  /** Why the search stopped. */
  stoppedBy: 'iterations' | 'deadline' | 'aborted';
};

export type VrptwOptions = {
  /** Default 1; the same seed gives the same plan when the iteration limit ends the search. */
  seed?: number;
  /** Default: productionIterations(visit count). */
  maxIterations?: number;
  /** Wall-clock cap in ms; default: productionTimeBudgetMs(visit count). */
  timeBudgetMs?: number;
  /**
   * When the budget's clock started (Date.now(), which worker threads share), for a caller that spends part of the
   * budget before the search (loading the day's travel, handing the problem to a worker thread): the search then
   * ends that much sooner, so that the whole answer fits the budget. Default: the search's own start.
   */
  startedAt?: number;
  /** Aborted: the search stops promptly and returns its best plan so far with stoppedBy 'aborted'. */
  signal?: AbortSignal;
  /** Called now and then (about every 50 ms of search) with the fraction done and the best cost so far. */
  onProgress?: (progress: VrptwProgress) => void;
};

export type VrptwProgress = { fraction: number; bestCost: number; unassigned: number };
