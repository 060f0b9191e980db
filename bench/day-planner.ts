/**
 * The day planner on a large service's day: 500 visits over 25 rounds around Sydney on the offline maps provider
 * (seeded), planned as production plans it (the day's matrix, the solver in two worker threads with the default
 * time budget, the stability penalty, the default workload balance) against the usual fixed rounds, each optimised
 * alone by the round optimiser and timed by the same model. Prints the time to plan and the km, minutes, late and
 * left-out stops of both, and the longest round's minutes, then the same with two rounds off (their visits spread
 * over the other 23). Then a day like the demo service's: five rounds leaving one kitchen in Annandale, about 20
 * clients each around their suburbs, planned with Inner West off, with workload balance off (before) and at each
 * setting. A benchmark, not a test.
 *   npm run bench:day-planner      (DAY_PLANNER_SEED=n for another day)
 */
import type { WorkloadBalance } from '../src/contracts/accounts';
import { loadConfig } from '../src/server/config';
import {
  buildDayProblem,
  type PlannedStop,
  type Vehicle,
} from '../src/server/features/day-plans/day-problem';
import { sumSummaries } from '../src/server/features/day-plans/day-routes';
import { buildObjective } from '../src/server/features/rounds/route-order';
import { roundTravel } from '../src/server/features/travel/service';
import type { Point } from '../src/server/integrations/maps/maps-provider';
import { demoSuburbsByRound } from '../src/server/integrations/alayacare/simulator/demo-places';
import { createOfflineProvider } from '../src/server/integrations/maps/offline-provider';
import { createRandom } from '../src/server/routing/prng';
import { simulateRoute, type DayRound, type DayStop } from '../src/server/shared/day-route-model';
import type { TravelMatrix } from '../src/server/shared/travel-matrix';
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

const provider = createOfflineProvider({ speedKmh: config.MAPS_OFFLINE_SPEED_KMH });

/** A day to plan: its rounds, their base nodes, its stops (with their usual round's id) and the travel between. */
type Day = {
  rounds: DayRound[];
  baseNodeOf: (round: DayRound) => number;
  stops: (DayStop & { node: number; round: number })[];
  travel: { matrix: TravelMatrix; contingencyMins: number };
  capacity: number | null;
};

/** One matrix over the points, rounded as the travel cache keeps it (0.1 km, whole minutes). */
async function buildMatrix(points: Point[]): Promise<TravelMatrix> {
  const cells = await provider.matrix(points, points);
  const matrix: TravelMatrix = { size: points.length, kms: [], mins: [] };
  cells.forEach((cell, index) => {
    const isDiagonal = Math.floor(index / points.length) === index % points.length;
    const travel = isDiagonal ? { kms: 0, mins: 0 } : roundTravel(cell);
    matrix.kms.push(travel.kms);
    matrix.mins.push(travel.mins);
  });
  return matrix;
}

const largeDay: Day = {
  rounds,
  baseNodeOf: (round) => round.id,
  stops: visits.map((visit, index) => ({ ...visit, node: roundCount + index })),
  travel: { matrix: await buildMatrix([...bases, ...visits.map((visit) => visit.point)]), contingencyMins },
  capacity: 80,
};

/** The usual rounds, each ordered alone by the round optimiser, timed by the planner's model. */
async function planUsualRounds(day: Day) {
  const started = performance.now();
  const summaries = [];
  for (const round of day.rounds) {
    const own = day.stops.filter((stop) => stop.round === round.id);
    const base = day.baseNodeOf(round);
    const nodes = [base, ...own.map((stop) => stop.node)];
    const tour = await solveTour(buildObjective(day.travel.matrix, nodes, timeSharePercent));
    const ordered = tour.order.slice(1).map((node) => own[node - 1] as (typeof own)[number]);
    summaries.push(simulateRoute(day.travel, base, round, ordered).summary);
  }
  return {
    ms: performance.now() - started,
    total: sumSummaries(summaries),
    longest: Math.max(...summaries.map((summary) => summary.minutes)),
    unassigned: 0,
    moved: 0,
  };
}

/** The day planner over the rounds out: one VRPTW over every visit, as the server plans it. */
async function planDay(day: Day, offRounds: Set<number>, balance: WorkloadBalance) {
  const started = performance.now();
  const startedAt = Date.now();
  const { travel } = day;
  const stops = day.stops;
  const out = day.rounds.filter((round) => !offRounds.has(round.id));
  const vehicles: Vehicle[] = out.map((round) => ({
    round,
    baseNode: day.baseNodeOf(round),
    capacity: day.capacity,
  }));
  const vehicleOf = new Map(out.map((round, index) => [round.id, index]));
  const planned: PlannedStop[] = stops.map((stop) => ({
    ...stop,
    usualVehicle: vehicleOf.get(stop.round) ?? null,
    onlyVehicle: null,
  }));
  const problem = buildDayProblem(travel, vehicles, planned, timeSharePercent, balance);
  const solution = await solveVrptwInWorkers(problem, {
    timeBudgetMs: config.DAY_PLAN_TIME_BUDGET_MS,
    startedAt,
  });
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
    longest: Math.max(...summaries.map((summary) => summary.minutes)),
    /** Per round: its stops and minutes, as "stops/minutes". */
    rounds: summaries.map((summary) => `${String(summary.stops)}/${String(summary.minutes)}`),
    unassigned: solution.unassigned.length,
    moved,
    stoppedBy: solution.stoppedBy,
    iterations: solution.iterations,
  };
}

type Figures = Awaited<ReturnType<typeof planUsualRounds>>;
const line = (name: string, figures: Figures) =>
  `${name.padEnd(44)} ${figures.ms.toFixed(0).padStart(7)} ms  ${figures.total.km.toFixed(1).padStart(8)} km  ${String(
    figures.total.minutes,
  ).padStart(6)} min  longest ${String(figures.longest).padStart(4)} min  late ${String(
    figures.total.late,
  ).padStart(
    3,
  )}  left out ${String(figures.unassigned).padStart(3)}  moved ${String(figures.moved).padStart(3)}`;
const change = (after: number, before: number) => `${(((after - before) / before) * 100).toFixed(1)}%`;

/** Plans the day with balance off and at the default, printing both and what the balance changed. */
async function compareBalance(name: string, day: Day, offRounds: Set<number>, usual: Figures) {
  const before = await planDay(day, offRounds, 'off');
  const after = await planDay(day, offRounds, 'some');
  for (const [label, figures] of [
    ['balance off', before],
    ['balance some (default)', after],
  ] as const) {
    console.log(
      line(`${name}, ${label}`, figures),
      `(${figures.stoppedBy}, ${String(figures.iterations)} iterations)`,
    );
    console.log(
      `  km ${change(figures.total.km, usual.total.km)}, minutes ${change(figures.total.minutes, usual.total.minutes)} against the usual rounds`,
    );
  }
  if (day.rounds.length <= 5) {
    console.log(`  stops/minutes per round ${before.rounds.join(', ')} -> ${after.rounds.join(', ')}`);
  }
  console.log(
    `  longest round ${String(before.longest)} -> ${String(after.longest)} min (${change(after.longest, before.longest)}), km ${change(after.total.km, before.total.km)}, minutes ${change(after.total.minutes, before.total.minutes)}`,
  );
}

console.log(
  `Day planner: ${String(visits.length)} visits, ${String(roundCount)} rounds, offline provider (seed ${String(seed)}), time budget ${String(config.DAY_PLAN_TIME_BUDGET_MS)} ms`,
);
const usual = await planUsualRounds(largeDay);
console.log(line('usual rounds, each optimised alone', usual));
await compareBalance('day planner, 25 rounds out', largeDay, new Set(), usual);
await compareBalance('day planner, rounds 4 and 18 off', largeDay, new Set([3, 17]), usual);

// The demo service's day: its five rounds leave one kitchen; each round's clients live around its suburbs.
const kitchen: Point = { latitude: -33.8817, longitude: 151.17 };
const demoRounds: DayRound[] = Object.keys(demoSuburbsByRound).map((name, index) => ({
  id: index,
  name,
  address: 'kitchen',
  pickupTime: index < 2 ? '09:30' : '09:15',
  latestReturnTime: '16:30',
}));
const demoVisits = Object.values(demoSuburbsByRound).flatMap((suburbs, round) =>
  Array.from({ length: 20 }, () => {
    const suburb = suburbs[random.nextInt(suburbs.length)] ?? suburbs[0];
    return {
      round,
      point: near(suburb ?? kitchen, 0.6),
      durationMins: random.next() < 0.6 ? 5 : 10,
      portions: 1 + random.nextInt(2),
      windowEarliest: null,
      windowLatest: null,
    };
  }),
);
const demoDay: Day = {
  rounds: demoRounds,
  baseNodeOf: () => 0,
  stops: demoVisits.map((visit, index) => ({ ...visit, node: 1 + index })),
  travel: {
    matrix: await buildMatrix([kitchen, ...demoVisits.map((visit) => visit.point)]),
    contingencyMins,
  },
  capacity: null,
};
const innerWest = demoRounds.find((round) => round.name === 'Inner West')?.id ?? 0;
console.log(
  `\nDemo-like day: ${String(demoVisits.length)} visits, ${String(demoRounds.length)} rounds from one kitchen`,
);
const demoUsual = await planUsualRounds(demoDay);
console.log(line('usual rounds, each optimised alone', demoUsual));
await compareBalance('day planner, all out', demoDay, new Set(), demoUsual);
await compareBalance('day planner, Inner West off', demoDay, new Set([innerWest]), demoUsual);
const strong = await planDay(demoDay, new Set([innerWest]), 'strong');
console.log(line('day planner, Inner West off, balance strong', strong));
console.log(`  stops/minutes per round ${strong.rounds.join(', ')}`);
await getSharedVrptwPool().close();
