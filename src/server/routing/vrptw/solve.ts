import { itemAt } from './item-at';
import { yieldToEventLoop } from '../abort';
import { buildModel, endNodeOf, startNodeOf, type Model } from './model';
import { createRouteState, isAllowed, refreshRoute, timeTolerance, type RouteState } from './route-state';
import { createRuinRecreate, type RuinRecreateSettings } from './ruin-recreate';
import type { UnassignedReason, VrptwOptions, VrptwProblem, VrptwRoute, VrptwSolution } from './types';

/** The production settings, in one place for the server, the Solomon command and the benchmark. */
export const productionSettings: RuinRecreateSettings = {
  averageRemoved: 10,
  maxStringLength: 10,
  blinkRate: 0.01,
  splitStopRate: 0.01,
  routeRemovalRate: 0.05,
  insertionNeighbours: 25,
  routeCharge: 0,
  routeChargeUntil: 0.3,
  startTemperature: 0.5,
  endTemperature: 0.005,
};

/**
 * Iterations that normally end the search (so that a run repeats exactly for a seed): 40 000 at 100 visits,
 * about 1.2-1.5 s of one core here.
 */
export function productionIterations(visitCount: number): number {
  return Math.round(Math.min(200_000, 10_000 + 300 * visitCount));
}

/**
 * Wall-clock cap: 18 ms per visit, at least 1 s and at most 1.8 s, so that an answer comes within 2 s at any size.
 * Up to about 100 visits the iteration limit ends the search first on an idle machine; the cap bounds the answer
 * time of a busy machine or a larger day, where the plan is no longer repeatable but the search still completes
 * its cooling (the schedule follows the clock when the clock is ahead).
 */
export function productionTimeBudgetMs(visitCount: number): number {
  return Math.round(Math.min(1800, Math.max(1000, 18 * visitCount)));
}

const progressEveryMs = 50;
/** Kept free at the end of a budget that counts from the caller's start: the plan's assembly and hand-back. */
const answerReserveMs = 50;
const yieldEveryMs = 5;

/** Extra controls for running inside a worker thread, where no event loop turn can deliver an abort. */
export type SyncControls = { shouldStop?: () => boolean };

/** Solves on the calling thread without yielding: for worker threads and commands. */
export function solveVrptwSync(
  problem: VrptwProblem,
  options: VrptwOptions & SyncControls = {},
): VrptwSolution {
  const run = startSolve(problem, options);
  while (!run.advance(Infinity));
  return run.finish();
}

/** Solves on the calling thread, letting the event loop run every few ms so that an abort is seen promptly. */
export async function solveVrptw(problem: VrptwProblem, options: VrptwOptions = {}): Promise<VrptwSolution> {
  const run = startSolve(problem, options);
  while (!run.advance(performance.now() + yieldEveryMs)) await yieldToEventLoop();
  return run.finish();
}

type SolveRun = {
  /** Searches until the slice ends (false) or the search is over (true). */
  advance: (sliceEnd: number) => boolean;
  finish: () => VrptwSolution;
};

function startSolve(problem: VrptwProblem, options: VrptwOptions & SyncControls): SolveRun {
  const started = performance.now();
  // Time the caller already spent of the budget, and a reserve for building and handing back the answer.
  const spentMs =
    options.startedAt === undefined ? 0 : Math.max(0, Date.now() - options.startedAt) + answerReserveMs;
  const model = buildModel(problem);
  const maxIterations = options.maxIterations ?? productionIterations(model.visitCount);
  const budgetMs = options.timeBudgetMs ?? productionTimeBudgetMs(model.visitCount);
  const deadline = started + Math.max(1, budgetMs - spentMs);
  const isStopped = () => options.signal?.aborted === true || options.shouldStop?.() === true;
  const state = createRouteState(model);
  const excluded: number[] = [];
  for (let visit = 0; visit < model.visitCount; visit += 1) {
    if (findAloneReason(model, visit) === null) state.unassigned.push(visit);
    else excluded.push(visit);
  }
  const search = createRuinRecreate(model, state, productionSettings, options.seed ?? 1);
  let stoppedBy: VrptwSolution['stoppedBy'] = 'iterations';
  let nextProgress = started + progressEveryMs;
  const hasWork = model.visitCount - excluded.length > 0;

  // The share of the wall-clock budget used, read every 16 iterations. The search's schedule (temperature) follows
  // whichever of iterations and clock is further along: when the clock binds (a busy machine, a large day), the
  // search still cools down and ends converged instead of being cut off while hot. On an idle machine the
  // iterations end the search well before the clock, so the clock never leads and a seed repeats exactly.
  let clockFraction = 0;
  const advance = (sliceEnd: number): boolean => {
    while (hasWork && search.iterations < maxIterations) {
      if (isStopped()) {
        stoppedBy = 'aborted';
        return true;
      }
      search.iterate(Math.max(search.iterations / maxIterations, clockFraction));
      if ((search.iterations & 15) !== 0) continue;
      const now = performance.now();
      clockFraction = (now - started) / (deadline - started);
      if (now >= deadline) {
        stoppedBy = 'deadline';
        return true;
      }
      if (now >= nextProgress) {
        nextProgress = now + progressEveryMs;
        options.onProgress?.({
          fraction: Math.max(search.iterations / maxIterations, clockFraction),
          bestCost: search.bestCost,
          unassigned: search.bestUnassigned + excluded.length,
        });
      }
      if (now >= sliceEnd) return false;
    }
    return true;
  };

  const finish = (): VrptwSolution => {
    const final = createRouteState(model);
    search.bestRoutes.forEach((route, vehicle) => {
      final.routes[vehicle] = route.slice();
      refreshRoute(final, vehicle);
    });
    return buildSolution(problem, model, final, excluded, search.iterations, stoppedBy);
  };
  return { advance, finish };
}

function buildSolution(
  problem: VrptwProblem,
  model: Model,
  state: RouteState,
  excluded: number[],
  iterations: number,
  stoppedBy: VrptwSolution['stoppedBy'],
): VrptwSolution {
  const distances = problem.distances ?? problem.travelTimes;
  const routes: VrptwRoute[] = state.routes.map((route, vehicle) => {
    const vehicleInfo = itemAt(problem.vehicles, vehicle);
    const nodes = [
      vehicleInfo.startNode,
      ...route.slice(1, -1).map((visit) => itemAt(problem.visits, visit).node),
      vehicleInfo.endNode ?? vehicleInfo.startNode,
    ];
    let distance = 0;
    let travelTime = 0;
    for (let index = 1; index < nodes.length; index += 1) {
      const cell = (nodes[index - 1] ?? 0) * problem.size + (nodes[index] ?? 0);
      distance += distances[cell] ?? 0;
      travelTime += problem.travelTimes[cell] ?? 0;
    }
    const starts = itemAt(state.starts, vehicle);
    return {
      vehicle,
      visits: route.slice(1, -1),
      serviceStarts: starts.slice(1, -1),
      returnTime: starts[starts.length - 1] ?? 0,
      load: state.loads[vehicle] ?? 0,
      distance,
      travelTime,
    };
  });
  const assigned = new Uint8Array(model.visitCount);
  for (const route of routes) for (const visit of route.visits) assigned[visit] = 1;
  const unassigned: VrptwSolution['unassigned'] = [];
  for (let visit = 0; visit < model.visitCount; visit += 1) {
    if (assigned[visit]) continue;
    const reason = excluded.includes(visit)
      ? findAloneReason(model, visit)
      : findFleetReason(model, state, visit);
    unassigned.push({ visit, reason: reason ?? 'no_time' });
  }
  let cost = 0;
  for (const routeCost of state.routeCosts) cost += routeCost;
  return {
    routes,
    unassigned,
    cost,
    distance: routes.reduce((sum, route) => sum + route.distance, 0),
    travelTime: routes.reduce((sum, route) => sum + route.travelTime, 0),
    iterations,
    stoppedBy,
  };
}

/**
 * Why no vehicle could serve the visit even on a route of its own, or null when one could: its window cannot be
 * met from any start (window_impossible), every vehicle that could be on time is too small (no_capacity), or
 * none of those could then get back by its return time (no_time).
 */
export function findAloneReason(model: Model, visit: number): UnassignedReason | null {
  const { size, travel, service, earliest, latest } = model;
  let isOnTimeSomewhere = false;
  let fitsSomewhere = false;
  for (let vehicle = 0; vehicle < model.vehicleCount; vehicle += 1) {
    if (!isAllowed(model, visit, vehicle)) continue;
    const start = startNodeOf(model, vehicle);
    const end = endNodeOf(model, vehicle);
    const serviceStart = Math.max(
      (earliest[start] ?? 0) + (travel[start * size + visit] ?? 0),
      earliest[visit] ?? 0,
    );
    if (serviceStart > (latest[visit] ?? 0) + timeTolerance) continue;
    isOnTimeSomewhere = true;
    if ((model.demand[visit] ?? 0) > (model.capacity[vehicle] ?? 0) + timeTolerance) continue;
    fitsSomewhere = true;
    const back = serviceStart + (service[visit] ?? 0) + (travel[visit * size + end] ?? 0);
    if (back <= (latest[end] ?? 0) + timeTolerance) return null;
  }
  if (!isOnTimeSomewhere) return 'window_impossible';
  return fitsSomewhere ? 'no_time' : 'no_capacity';
}

/** A visit that could go alone but found no place: no room left in any vehicle, or no time left in those with room. */
function findFleetReason(model: Model, state: RouteState, visit: number): UnassignedReason {
  for (let vehicle = 0; vehicle < model.vehicleCount; vehicle += 1) {
    if (!isAllowed(model, visit, vehicle)) continue;
    if (
      (state.loads[vehicle] ?? 0) + (model.demand[visit] ?? 0) <=
      (model.capacity[vehicle] ?? 0) + timeTolerance
    )
      return 'no_time';
  }
  return 'no_capacity';
}
