/**
 * API under load: starts the real server (PGlite, then PostgreSQL when BENCH_DATABASE_URL or the local
 * PostgreSQL answers) with the demo account, then sends 50 connections of a realistic mix for 20 s: the clients
 * page, one client, a round's visits of a day and the kitchen prep week, in a fixed weighted order. Prints
 * requests/s, p50, p99 and errors for the mix and per route; then POST /api/users/login alone with autocannon
 * (its password hashing would crowd out the rest). A benchmark, not a test.
 *   npm run bench:api            (BENCH_SECONDS=5 for a quick look)
 *   BENCH_DATABASES=postgres     only one database (pglite or postgres; both by default)
 *   BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'   node flags for the server, e.g. to profile it
 *   BENCH_SERVER_LOG=/tmp/server.log   appends the server's log lines (warnings and errors) to that file
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const serverLog = process.env.BENCH_SERVER_LOG ?? '';
const connections = 50;
const port = 3290;
const base = `http://127.0.0.1:${port}`;
const login = { username: 'demo-admin@mealrounds.test', password: 'demo-password' };

/**
 * Waits for the welcome line, which the server prints once the demo seeding and its planner statistics are done:
 * answering /api/config comes earlier, and a mix started then would time the seeding.
 */
async function waitForServer(child: ChildProcess) {
  const output = child.stdout;
  if (!output) throw new Error('the server output is not piped');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start')), 240_000);
    let tail = '';
    // Keeps reading to the end: a full pipe would stall the server's log writes.
    output.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-200);
      if (tail.includes('MealRounds is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('the server exited'));
    });
  });
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'yes',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (serverLog) child.stdout?.pipe(createWriteStream(serverLog, { flags: 'a' }));
  return child;
}

async function stopServer(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

function formatLine(title: string, figures: { perSecond: number; p50: number; p99: number; errors: number }) {
  return `${title.padEnd(48)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms  errors ${figures.errors}`;
}

async function runAutocannon(title: string, options: autocannon.Options) {
  const result = await autocannon({ ...options, connections, duration: seconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    formatLine(title, {
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
    }),
  );
}

/** One route of the mix: how many of every `mixLength` requests it gets, and the paths it cycles through. */
type MixRoute = { name: string; share: number; paths: string[] };
type RouteTally = { latencies: number[]; errors: number };

function percentile(sorted: number[], share: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);
}

/** A fixed order of the routes by their shares (no randomness: every run sends the same sequence). */
function buildSchedule(routes: MixRoute[]): MixRoute[] {
  return routes.flatMap((route) => Array.from({ length: route.share }, () => route));
}

/** `connections` loops, each sending its next request when the last one answered; errors are non-2xx or failed. */
async function runMix(name: string, routes: MixRoute[], jwt: string) {
  const schedule = buildSchedule(routes);
  const tallies = new Map(routes.map((route) => [route.name, { latencies: [], errors: 0 } as RouteTally]));
  const sent = new Map(routes.map((route) => [route.name, 0]));
  let next = 0;
  const endAt = performance.now() + seconds * 1000;
  async function loop() {
    while (performance.now() < endAt) {
      const route = schedule[next % schedule.length] as MixRoute;
      next += 1;
      const count = sent.get(route.name) ?? 0;
      sent.set(route.name, count + 1);
      const path = route.paths[count % route.paths.length] ?? '';
      const tally = tallies.get(route.name) as RouteTally;
      const startedAt = performance.now();
      try {
        const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${jwt}` } });
        await response.arrayBuffer();
        if (!response.ok) tally.errors += 1;
      } catch {
        tally.errors += 1;
      }
      tally.latencies.push(performance.now() - startedAt);
    }
  }
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const summarise = (list: RouteTally[]) => {
    const latencies = list.flatMap((tally) => tally.latencies).sort((a, b) => a - b);
    return {
      perSecond: latencies.length / elapsedSeconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      errors: list.reduce((sum, tally) => sum + tally.errors, 0),
    };
  };
  console.log(formatLine(`[${name}] mix`, summarise([...tallies.values()])));
  for (const route of routes)
    console.log(formatLine(`[${name}]   ${route.name}`, summarise([tallies.get(route.name) as RouteTally])));
}

async function getJson<T>(path: string, jwt: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${jwt}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** The demo account's paths: pages of clients, clients, and every round's visits on the next weekdays. */
async function buildMix(jwt: string, rounds: { id: number }[]): Promise<MixRoute[]> {
  const pages = [1, 2, 3, 4, 5].map((page) => `/api/clients?page=${page}`);
  const clientIds = (
    await Promise.all(pages.map((page) => getJson<{ client_id: number }[]>(page, jwt)))
  ).flatMap((rows) => rows.map((row) => row.client_id));
  const dates = Array.from({ length: 10 }, (_, day) => new Date(Date.now() + day * 86_400_000))
    .filter((date) => date.getUTCDay() % 6 !== 0)
    .map((date) => date.toISOString().slice(0, 10));
  const visitPaths = rounds.flatMap((round) => dates.map((date) => `/api/rounds/${round.id}/visits/${date}`));
  // Each day opened once before the clock starts: a day never fetched waits for the CRM on its first open.
  for (const path of visitPaths) await getJson(path, jwt);
  return [
    { name: 'GET /api/clients?page=N', share: 3, paths: pages },
    { name: 'GET /api/clients/{id}', share: 3, paths: clientIds.map((id) => `/api/clients/${id}`) },
    { name: 'GET /api/rounds/{id}/visits/{date}', share: 3, paths: visitPaths },
    { name: 'GET /api/reports/kitchen_prep/week', share: 1, paths: ['/api/reports/kitchen_prep/week'] },
  ];
}

async function benchDatabase(name: string, env: Record<string, string>) {
  const child = startServer(env);
  try {
    await waitForServer(child);
    const response = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
    const { data } = (await response.json()) as {
      data: { jwt: string; account: { id: number; rounds: { id: number }[] } };
    };
    await runMix(name, await buildMix(data.jwt, data.account.rounds), data.jwt);
    // Login last: its password hashing queues up on the CPU and would slow whatever ran next.
    await runAutocannon(`[${name}] POST /api/users/login`, {
      url: `${base}/api/users/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
  } finally {
    await stopServer(child);
  }
}

async function preparePostgres(): Promise<string | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    await client.query('DROP DATABASE IF EXISTS mealrounds_bench WITH (FORCE)');
    await client.query('CREATE DATABASE mealrounds_bench');
    const url = new URL(adminUrl);
    url.pathname = '/mealrounds_bench';
    return url.toString();
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

console.log(`${connections} connections, ${seconds} s for the mix, then ${seconds} s of login`);
const dataDir = '/tmp/mealrounds-bench';
rmSync(dataDir, { recursive: true, force: true });
if (databases.includes('pglite')) await benchDatabase('PGlite', { DATA_DIR: dataDir });
const postgresUrl = databases.includes('postgres') ? await preparePostgres() : null;
if (postgresUrl)
  await benchDatabase('PostgreSQL', {
    DATABASE_URL: postgresUrl,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
