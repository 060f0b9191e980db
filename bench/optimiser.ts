/**
 * The round optimiser against TSPLIB instances with known optima, with the production settings: gap to the optimum
 * and solve time per instance (5 seeds each), the targets from the issue, and the exact solver's time at 12 stops.
 * A benchmark, not a test.
 *   npm run bench:optimiser            (TSPLIB_DIR=/path/to/tsplib to read the instances elsewhere)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRandom } from '../src/server/routing/prng';
import { solveTour } from '../src/server/routing/solve-tour';
import { parseTsplib } from '../src/server/routing/tsplib';

const seeds = [1, 2, 3, 4, 5];
const targets = { symmetricMeanGap: 0.2, symmetricWorstGap: 1, asymmetricMeanGap: 0.5, msAt100: 250 };

type Row = {
  name: string;
  kind: string;
  nodes: number;
  optimum: number;
  meanLength: number;
  meanGap: number;
  worstGap: number;
  meanMs: number;
  isSymmetric: boolean;
};

function findDataDir(): string {
  const override = process.env.TSPLIB_DIR;
  if (override) return override.endsWith('/') ? override : `${override}/`;
  return fileURLToPath(new URL('../../shared/bench-data/tsplib/', import.meta.url));
}

/** The README's "| instance | kind | nodes | optimum |" table, so the optima are written down once. */
function readOptima(dataDir: string): { name: string; kind: string; optimum: number }[] {
  const rows: { name: string; kind: string; optimum: number }[] = [];
  for (const line of readFileSync(`${dataDir}README.md`, 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 6 || !/^\d+$/.test(cells[4] ?? '')) continue;
    rows.push({ name: cells[1] ?? '', kind: cells[2] ?? '', optimum: Number(cells[4]) });
  }
  if (rows.length === 0) throw new Error(`No optimum table found in ${dataDir}README.md`);
  return rows;
}

async function measureInstance(
  dataDir: string,
  entry: { name: string; kind: string; optimum: number },
): Promise<Row> {
  const isSymmetric = entry.kind !== 'ATSP';
  const instance = parseTsplib(
    readFileSync(`${dataDir}${entry.name}.${isSymmetric ? 'tsp' : 'atsp'}`, 'utf8'),
  );
  const lengths: number[] = [];
  const times: number[] = [];
  for (const seed of seeds) {
    const started = performance.now();
    const solution = await solveTour({ costs: instance.costs, size: instance.size }, { seed });
    times.push(performance.now() - started);
    lengths.push(solution.cost);
  }
  const gaps = lengths.map((length) => (100 * (length - entry.optimum)) / entry.optimum);
  return {
    name: entry.name,
    kind: entry.kind,
    nodes: instance.size,
    optimum: entry.optimum,
    meanLength: average(lengths),
    meanGap: average(gaps),
    worstGap: Math.max(...gaps),
    meanMs: average(times),
    isSymmetric,
  };
}

function average(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function formatRow(cells: (string | number)[]): string {
  const widths = [10, 7, 6, 9, 12, 11, 12, 9];
  return cells.map((cell, index) => String(cell).padStart(widths[index] ?? 8)).join(' ');
}

async function timeExactSolving(): Promise<{ meanMs: number; worstMs: number }> {
  const random = createRandom(12);
  const size = 13;
  const times: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    const costs = Float64Array.from({ length: size * size }, () => Math.round(random.next() * 1000) / 10);
    const started = performance.now();
    const solution = await solveTour({ costs, size });
    times.push(performance.now() - started);
    if (!solution.isExact) throw new Error('13 nodes should be solved exactly.');
  }
  return { meanMs: average(times), worstMs: Math.max(...times) };
}

/** The server solves many rounds per process: time the solver compiled, not V8's first pass over it. */
async function warmUp(): Promise<void> {
  const random = createRandom(7);
  const size = 60;
  const costs = Float64Array.from({ length: size * size }, () => random.next() * 100);
  await solveTour({ costs, size });
}

const dataDir = findDataDir();
const rows: Row[] = [];
await warmUp();
console.log('Production settings, seeds 1-5, after one untimed warm-up solve.');
console.log(
  formatRow(['instance', 'kind', 'nodes', 'optimum', 'mean length', 'mean gap %', 'worst gap %', 'mean ms']),
);
for (const entry of readOptima(dataDir)) {
  const row = await measureInstance(dataDir, entry);
  rows.push(row);
  console.log(
    formatRow([
      row.name,
      row.kind,
      row.nodes,
      row.optimum,
      row.meanLength.toFixed(1),
      row.meanGap.toFixed(3),
      row.worstGap.toFixed(3),
      row.meanMs.toFixed(0),
    ]),
  );
}

const symmetric = rows.filter((row) => row.isSymmetric);
const asymmetric = rows.filter((row) => !row.isSymmetric);
const hundreds = rows.filter((row) => row.nodes >= 99 && row.nodes <= 101);
const symmetricMean = average(symmetric.map((row) => row.meanGap));
const symmetricWorst = Math.max(...symmetric.map((row) => row.worstGap));
const asymmetricMean = average(asymmetric.map((row) => row.meanGap));
const slowestAt100 = Math.max(...hundreds.map((row) => row.meanMs));
const verdict = (isMet: boolean): string => (isMet ? 'met' : 'NOT met');
console.log('');
console.log(
  `symmetric: mean gap ${symmetricMean.toFixed(3)}% (target < ${targets.symmetricMeanGap}%: ${verdict(symmetricMean < targets.symmetricMeanGap)}), ` +
    `worst gap ${symmetricWorst.toFixed(3)}% (target < ${targets.symmetricWorstGap}%: ${verdict(symmetricWorst < targets.symmetricWorstGap)})`,
);
console.log(
  `asymmetric: mean gap ${asymmetricMean.toFixed(3)}% (target < ${targets.asymmetricMeanGap}%: ${verdict(asymmetricMean < targets.asymmetricMeanGap)})`,
);
console.log(
  `~100 nodes (${hundreds.map((row) => `${row.name} ${row.meanMs.toFixed(0)} ms`).join(', ')}): ` +
    `slowest mean ${slowestAt100.toFixed(0)} ms (target <= ${targets.msAt100} ms: ${verdict(slowestAt100 <= targets.msAt100)})`,
);
const exact = await timeExactSolving();
console.log(
  `exact, 12 stops (13 nodes), 10 random matrices: mean ${exact.meanMs.toFixed(1)} ms, worst ${exact.worstMs.toFixed(1)} ms`,
);
