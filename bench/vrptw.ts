/**
 * The day planner's solver on Solomon's 56 VRPTW instances with the production settings (the `npm run vrptw`
 * command's solve: two worker threads): per instance the distance, its gap to the best known distance-only result,
 * vehicles used, customers left out, wall time and CPU time (both threads), every plan checked by the independent
 * checker; then the mean, median and worst gap and the times. A benchmark, not a test.
 *   npm run bench:vrptw            (VRPTW_DIR=/path/to/vrptw to read the instances elsewhere; VRPTW_ONLY=C1,R2 to
 *                                   run the instances whose names start so; VRPTW_ITERATIONS=N to end every search
 *                                   after N iterations with no wall-clock cap: repeatable on a busy machine, for
 *                                   comparing variants)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkVrptwSolution } from '../src/server/routing/vrptw/check';
import { parseSolomon, solomonToProblem } from '../src/server/routing/vrptw/solomon';
import { solveVrptwInWorkers } from '../src/server/routing/vrptw/solve-in-workers';

const targets = { meanGap: 1, worstGap: 4, ms: 2000 };

type BestKnown = Record<string, { bks_distance: number; bks_distance_vehicles: number }>;

function findDataDir(): string {
  const override = process.env.VRPTW_DIR;
  const dir = override ?? fileURLToPath(new URL('../../shared/bench-data/vrptw/', import.meta.url));
  return `${dir.replace(/\/$/, '')}/solomon/`;
}

function percent(value: number): string {
  return `${(100 * value).toFixed(2)}%`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const dataDir = findDataDir();
const bestKnown = JSON.parse(readFileSync(`${dataDir}best-known.json`, 'utf8')) as BestKnown;
const prefixes = process.env.VRPTW_ONLY?.split(',').filter(Boolean);
const files = readdirSync(dataDir)
  .filter((file) => file.endsWith('.txt'))
  .filter((file) => !prefixes || prefixes.some((prefix) => file.startsWith(prefix)))
  .sort();

const iterationsSetting = process.env.VRPTW_ITERATIONS;
const iterationCap = iterationsSetting ? Number(iterationsSetting) : undefined;
if (iterationCap !== undefined && !(Number.isInteger(iterationCap) && iterationCap > 0)) {
  throw new Error(`VRPTW_ITERATIONS must be a positive whole number, not ${iterationsSetting}`);
}
// With a fixed iteration count the clock must not end a search early: no cap then.
const solveOptions = iterationCap
  ? { maxIterations: iterationCap, timeBudgetMs: Number.MAX_SAFE_INTEGER }
  : {};

if (files.length === 0) throw new Error(`No Solomon files in ${dataDir}`);
// Start the solver threads first, as a running server has them: a thread's start is not part of a solve.
await solveVrptwInWorkers(solomonToProblem(parseSolomon(readFileSync(`${dataDir}${files[0]}`, 'utf8'))), {
  maxIterations: 1,
});

if (iterationCap) console.log(`Every search ends after ${iterationCap} iterations (no wall-clock cap).`);
const rows: { name: string; gap: number; ms: number; cpuMs: number; isValid: boolean }[] = [];
console.log('instance   distance   best known  gap      vehicles  unassigned  ms     cpu ms  checked');
for (const file of files) {
  const instance = parseSolomon(readFileSync(`${dataDir}${file}`, 'utf8'));
  const known = bestKnown[instance.name];
  if (!known) throw new Error(`No best-known result for ${instance.name}`);
  const problem = solomonToProblem(instance);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const solution = await solveVrptwInWorkers(problem, solveOptions);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const errors = checkVrptwSolution(problem, solution);
  const isValid = errors.length === 0 && solution.unassigned.length === 0;
  const gap = solution.distance / known.bks_distance - 1;
  rows.push({ name: instance.name, gap, ms, cpuMs, isValid });
  const vehicles = solution.routes.filter((route) => route.visits.length > 0).length;
  console.log(
    [
      instance.name.padEnd(10),
      solution.distance.toFixed(2).padStart(9),
      known.bks_distance.toFixed(2).padStart(11),
      `  ${percent(gap).padStart(7)}`,
      `${String(vehicles).padStart(4)}/${known.bks_distance_vehicles}`.padStart(9),
      String(solution.unassigned.length).padStart(11),
      String(Math.round(ms)).padStart(6),
      String(Math.round(cpuMs)).padStart(8),
      `  ${isValid ? 'ok' : errors.slice(0, 2).join(' ') || 'customers left out'}`,
    ].join(' '),
  );
}

const gaps = rows.map((row) => row.gap);
const times = rows.map((row) => row.ms);
const meanGap = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
const worstGap = Math.max(...gaps);
const worst = rows.find((row) => row.gap === worstGap)?.name ?? '';
const meanMs = times.reduce((sum, ms) => sum + ms, 0) / times.length;
const maxMs = Math.max(...times);
const meanCpuMs = rows.reduce((sum, row) => sum + row.cpuMs, 0) / rows.length;
const invalid = rows.filter((row) => !row.isValid).map((row) => row.name);
console.log('');
console.log(
  `instances: ${rows.length}; feasible with every customer served: ${rows.length - invalid.length}`,
);
if (invalid.length > 0) console.log(`NOT valid: ${invalid.join(', ')}`);
console.log(
  `gap to best known distance: mean ${percent(meanGap)} (target <= ${targets.meanGap}%), median ${percent(median(gaps))}, worst ${percent(worstGap)} (${worst}; target <= ${targets.worstGap}%)`,
);
console.log(
  `time per instance: mean ${Math.round(meanMs)} ms, median ${Math.round(median(times))} ms, max ${Math.round(maxMs)} ms (target <= ${targets.ms} ms); CPU (both threads) mean ${Math.round(meanCpuMs)} ms`,
);
