/**
 * The day planner on a large service's day: 500 visits over 25 rounds around Sydney on the offline maps provider
 * (seeded), planned as production plans it (the day's matrix, the solver in two worker threads with the default
 * time budget, the stability penalty) against the usual fixed rounds, each optimised alone by the round optimiser
 * and timed by the same model. Prints the time to plan and the km, minutes, late and left-out stops of both, then
 * the same with two rounds off (their visits spread over the other 23). A benchmark, not a test.
 *   npm run bench:day-planner      (DAY_PLANNER_SEED=n for another day)
 */
import { loadConfig } from '../src/server/config';
import {
  buildDayProblem,
  type PlannedStop,
  type Vehicle,
} from '../src/server/features/day-plans/day-problem';
import {
  simulateRoute,
  sumSummaries,
  type DayRound,
  type DayStop,
} from '../src/server/features/day-plans/day-routes';
import { buildObjective } from '../src/server/features/rounds/route-order';
import { roundTravel, type TravelMatrix } from '../src/server/features/travel/service';
import type { Point } from '../src/server/integrations/maps/maps-provider';
import { createOfflineProvider } from '../src/server/integrations/maps/offline-provider';
import { createRandom } from '../src/server/routing/prng';
import { solveTour } from '../src/server/routing/solve-tour';
import { checkVrptwSolution } from '../src/server/routing/vrptw/check';
import { getSharedVrptwPool, solveVrptwInWorkers } from '../src/server/routing/vrptw/solve-in-workers';

const roundCount = 25;
const visitsPerRound = 20;
const contingencyMins = 2;
const timeSharePercent = 50;
const seed = Number(process.env.DAY_PLANNER_SEED ?? 1);
const random = createRandom(seed);
const config = loadConfig({ ...process.env, NODE_ENV: 'test' });

/** A point about `km` kilometres from `centre` in a random direction (Gaussian spread). */
function near(centre: Point, km: number): Point {
  const radius = km * Math.sqrt(-2 * Math.log(1 - random.next()));
  const angle = 2 * Math.PI * random.next();
  return {
    latitude: centre.latitude + (radius * Math.cos(angle)) / 111,
    longitude: centre.longitude + (radius * Math.sin(angle)) / 92,
  };
}

// Bases spread over greater Sydney; each round's clients live around its base, some far enough to overlap.
const bases: Point[] = Array.from({ length: roundCount }, () => ({
  latitude: -33.98 + random.next() * 0.3,
  longitude: 150.88 + random.next() * 0.38,
}));
const rounds: DayRound[] = bases.map((_, index) => ({
  id: index,
  name: `Round ${String(index + 1)}`,
  address: `base ${String(index)}`,
  pickupTime: '09:00',
  latestReturnTime: '15:00',
}));
type BenchVisit = DayStop & { round: number; point: Point };
const visits: BenchVisit[] = bases.flatMap((base, round) =>
  Array.from({ length: visitsPerRound }, (): BenchVisit => {
    const hasWindow = random.next() < 0.2;
    const opens = 9 * 60 + 30 + 30 * random.nextInt(5);
    const clock = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return {
      round,
      point: near(base, 3),
      node: null,
      durationMins: 5 + random.nextInt(6),
      portions: 1 + random.nextInt(3),
      windowEarliest: hasWindow ? clock(opens) : null,
      windowLatest: hasWindow ? clock(opens + 120) : null,
    };
  }),
);

// One matrix over the bases and the visits, rounded as the travel cache keeps it (0.1 km, whole minutes).
const points = [...bases, ...visits.map((visit) => visit.point)];
const provider = createOfflineProvider({ speedKmh: config.MAPS_OFFLINE_SPEED_KMH });
const cells = await provider.matrix(points, points);
const matrix: TravelMatrix = { size: points.length, kms: [], mins: [] };
cells.forEach((cell, index) => {
  const isDiagonal = Math.floor(index / points.length) === index % points.length;
  const travel = isDiagonal ? { kms: 0, mins: 0 } : roundTravel(cell);
  matrix.kms.push(travel.kms);
  matrix.mins.push(travel.mins);
});
const travel = { matrix, contingencyMins };
const stops = visits.map((visit, index) => ({ ...visit, node: roundCount + index }));

/** The usual rounds, each ordered alone by the round optimiser, timed by the planner's model. */
async function planUsualRounds() {
  const started = performance.now();
  const summaries = [];
  for (const round of rounds) {
    const own = stops.filter((stop) => stop.round === round.id);
    const nodes = [round.id, ...own.map((stop) => stop.node)];
    const tour = await solveTour(buildObjective(matrix, nodes, timeSharePercent));
    const ordered = tour.order.slice(1).map((node) => own[node - 1] as (typeof own)[number]);
    summaries.push(simulateRoute(travel, round.id, round, ordered).summary);
  }
  return { ms: performance.now() - started, total: sumSummaries(summaries), unassigned: 0, moved: 0 };
}

/** The day planner over the rounds out: one VRPTW over every visit, as the server plans it. */
async function planDay(offRounds: Set<number>) {
  const started = performance.now();
  const out = rounds.filter((round) => !offRounds.has(round.id));
  const vehicles: Vehicle[] = out.map((round) => ({ round, baseNode: round.id, capacity: 80 }));
  const vehicleOf = new Map(out.map((round, index) => [round.id, index]));
  const planned: PlannedStop[] = stops.map((stop) => ({
    ...stop,
    usualVehicle: vehicleOf.get(stop.round) ?? null,
    onlyVehicle: null,
  }));
  const problem = buildDayProblem(travel, vehicles, planned, timeSharePercent);
  const solution = await solveVrptwInWorkers(problem, { timeBudgetMs: config.DAY_PLAN_TIME_BUDGET_MS });
  const ms = performance.now() - started;
  const errors = checkVrptwSolution(problem, solution);
  if (errors.length > 0) throw new Error(`The plan fails the checker: ${errors.slice(0, 3).join(' ')}`);
  const summaries = solution.routes.map((route) => {
    const vehicle = vehicles[route.vehicle] as Vehicle;
    const ordered = route.visits.map((index) => stops[index] as (typeof stops)[number]);
    return simulateRoute(travel, vehicle.baseNode, vehicle.round, ordered).summary;
  });
  const moved = solution.routes.reduce(
    (sum, route) =>
      sum + route.visits.filter((index) => planned[index]?.usualVehicle !== route.vehicle).length,
    0,
  );
  return {
    ms,
    total: sumSummaries(summaries),
    unassigned: solution.unassigned.length,
    moved,
    stoppedBy: solution.stoppedBy,
    iterations: solution.iterations,
  };
}

type Figures = Awaited<ReturnType<typeof planUsualRounds>>;
const line = (name: string, figures: Figures) =>
  `${name.padEnd(34)} ${figures.ms.toFixed(0).padStart(7)} ms  ${figures.total.km.toFixed(1).padStart(8)} km  ${String(
    figures.total.minutes,
  ).padStart(
    6,
  )} min  late ${String(figures.total.late).padStart(3)}  left out ${String(figures.unassigned).padStart(3)}  moved ${String(figures.moved).padStart(3)}`;
const change = (after: number, before: number) => `${(((after - before) / before) * 100).toFixed(1)}%`;

console.log(
  `Day planner: ${String(visits.length)} visits, ${String(roundCount)} rounds, offline provider (seed ${String(seed)}), time budget ${String(config.DAY_PLAN_TIME_BUDGET_MS)} ms`,
);
const usual = await planUsualRounds();
console.log(line('usual rounds, each optimised alone', usual));
const planned = await planDay(new Set());
console.log(
  line('day planner, 25 rounds out', planned),
  `(${planned.stoppedBy}, ${String(planned.iterations)} iterations)`,
);
console.log(
  `  km ${change(planned.total.km, usual.total.km)}, minutes ${change(planned.total.minutes, usual.total.minutes)}`,
);
const twoOff = await planDay(new Set([3, 17]));
console.log(
  line('day planner, rounds 4 and 18 off', twoOff),
  `(${twoOff.stoppedBy}, ${String(twoOff.iterations)} iterations)`,
);
console.log(
  `  km ${change(twoOff.total.km, usual.total.km)}, minutes ${change(twoOff.total.minutes, usual.total.minutes)}`,
);
await getSharedVrptwPool().close();
