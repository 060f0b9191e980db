/**
 * API under load: starts the real server (PGlite, then PostgreSQL when BENCH_DATABASE_URL or the local
 * PostgreSQL answers) with the demo account, then sends 50 connections of a realistic mix for 20 s: the clients
 * page, one client, a round's visits of a day and the kitchen prep week, in a fixed weighted order. Prints
 * requests/s, p50, p99 and errors for the mix and per route; then POST /api/users/login alone with autocannon
 * (its password hashing would crowd out the rest). The write mix (BENCH_MIX=write) replaces 1 request in 10 by a
 * save of a client's meal choices and 1 in 20 by a driver's outcome, and prints the server's memory before, just
 * after and 5 s after the mix instead of the login phase. The machine's load is printed at the start, just before
 * the mix and at the end; after the mix, the CPU time per request of the server (and of PostgreSQL's backends).
 * A benchmark, not a test.
 *   npm run bench:api            (BENCH_SECONDS=5 for a quick look)
 *   BENCH_MIX=write npm run bench:api   the write mix
 *   BENCH_CONNECTIONS=200        connections of the mix (50 by default)
 *   BENCH_ROUNDS=3               the mix this many times in one server, memory printed after each (1 by default)
 *   BENCH_DATABASES=postgres     only one database (pglite or postgres; both by default)
 *   BENCH_DATABASE_URL=postgres://... the PostgreSQL server's admin URL (a scratch database is made and dropped)
 *   BENCH_SERVERS=2              app servers on PostgreSQL, the connections spread over them (1 by default; PGlite
 *                                always has one, as its data folder opens in one process)
 *   BENCH_PORT=3290              the server's port
 *   BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'   node flags for the server, e.g. to profile it
 *   BENCH_SERVER_LOG=/tmp/server.log   appends the server's log lines (warnings and errors) to that file
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { formatLoad, readRssMb, readServersCpuMs } from './support/machine';
import { formatLine, runMix } from './support/mix';
import { databaseUrlOf, readBackendCpuMs, runAdminStatement, sumBackendCpuMs } from './support/postgres';
import { startServer, stopServer, waitForServer } from './support/server';
import { buildDriverOutcomePosts, buildMealChoiceSaves, cycle, type MixRoute } from './support/write-mix';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const serverLog = process.env.BENCH_SERVER_LOG ?? '';
const isWriteMix = process.env.BENCH_MIX === 'write';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The mix run this many times in one server: memory that keeps growing from round to round is a leak. */
const mixRounds = Number(process.env.BENCH_ROUNDS ?? 1);
const port = Number(process.env.BENCH_PORT ?? 3290);
const serverCount = Number(process.env.BENCH_SERVERS ?? 1);
/** Per run, so two benchmarks on one machine neither share nor drop each other's database or folder. */
const scratchName = `mealrounds_bench_${String(process.pid)}`;
const base = `http://127.0.0.1:${port}`;
const login = { username: 'demo-admin@mealrounds.test', password: 'demo-password' };

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

async function getJson<T>(path: string, jwt: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${jwt}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * The demo account's paths: pages of clients, clients, and every round's visits on the next weekdays; the write
 * mix adds meal-choice saves (2 in 20) and driver outcomes (1 in 20), the reads keeping their proportions.
 */
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
  const gets = (paths: string[]) => paths.map((path) => ({ path }));
  const readShare = isWriteMix ? 5 : 3;
  const reads = [
    cycle('GET /api/clients?page=N', readShare, gets(pages)),
    cycle('GET /api/clients/{id}', readShare, gets(clientIds.map((id) => `/api/clients/${id}`))),
    cycle('GET /api/rounds/{id}/visits/{date}', readShare, gets(visitPaths)),
    cycle('GET /api/reports/kitchen_prep/week', isWriteMix ? 2 : 1, gets(['/api/reports/kitchen_prep/week'])),
  ];
  if (!isWriteMix) return reads;
  return [
    ...reads,
    await buildMealChoiceSaves(getJson, jwt, clientIds),
    await buildDriverOutcomePosts(base, jwt, rounds, dates.slice(0, 2)),
  ];
}

/** The PostgreSQL backends serving the scratch database (the server's pool), none on PGlite. */
async function readDatabaseCpuMs(): Promise<Map<number, number>> {
  return databases.includes('postgres') ? readBackendCpuMs(scratchName) : new Map();
}

/**
 * CPU time per request of the mix: the server process's (with PGlite, the database's too: it runs in the server's
 * thread), and on PostgreSQL its pool's backends'.
 */
function printCpuPerRequest(
  serverMs: number | null,
  databaseMs: number,
  generatorMs: number,
  requests: number,
) {
  if (serverMs === null || requests === 0) return;
  const perRequest = (ms: number) => (ms / requests).toFixed(1);
  const database = databaseMs > 0 ? `, database ${perRequest(databaseMs)} ms` : '';
  console.log(
    `CPU per request (${String(requests)} requests): server ${perRequest(serverMs)} ms${database}, ` +
      `load generator (this process, on the same cores) ${perRequest(generatorMs)} ms`,
  );
}

/** This process's CPU time so far (user + system, ms): the load generator's share of the machine. */
function readOwnCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function printMemory(when: string, servers: ChildProcess[]) {
  const figures = servers.map((server) => `${String(readRssMb(server.pid) ?? '?')} MB`).join(' + ');
  console.log(`server memory ${when}: ${figures} resident`);
}

/**
 * The first server seeds the demo account (and runs the CRM simulator it points at); the others, on PostgreSQL
 * only, start on the next ports once it has, and serve the same database.
 */
async function startServers(env: Record<string, string>, count: number): Promise<ChildProcess[]> {
  const first = startServer(port, { SEED_DEMO: 'yes', ...env }, { nodeFlags, serverLog });
  const servers = [first];
  try {
    await waitForServer(first);
    for (let index = 1; index < count; index += 1) {
      servers.push(startServer(port + index, { SEED_DEMO: 'no', ...env }, { nodeFlags, serverLog }));
    }
    await Promise.all(servers.slice(1).map(waitForServer));
    return servers;
  } catch (error) {
    await Promise.all(servers.map((server) => stopServer(server)));
    throw error;
  }
}

async function benchDatabase(name: string, env: Record<string, string>, count: number) {
  const servers = await startServers(env, count);
  const bases = servers.map((_, index) => `http://127.0.0.1:${String(port + index)}`);
  if (count > 1) console.log(`[${name}] ${String(count)} app servers, the connections spread over them`);
  try {
    const response = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
    const { data } = (await response.json()) as {
      data: { jwt: string; account: { id: number; rounds: { id: number }[] } };
    };
    const mix = await buildMix(data.jwt, data.account.rounds);
    printMemory('before the mix', servers);
    for (let round = 1; round <= mixRounds; round += 1) {
      if (mixRounds > 1) console.log(`round ${String(round)} of ${String(mixRounds)}`);
      console.log(`machine load before the mix (1, 5, 15 min): ${formatLoad()}`);
      const serverCpuBefore = readServersCpuMs(servers);
      const databaseCpuBefore = await readDatabaseCpuMs();
      const generatorCpuBefore = readOwnCpuMs();
      const { requests } = await runMix({ name, routes: mix, jwt: data.jwt, bases, seconds, connections });
      const generatorMs = readOwnCpuMs() - generatorCpuBefore;
      const serverCpuAfter = readServersCpuMs(servers);
      const databaseCpuAfter = await readDatabaseCpuMs();
      printCpuPerRequest(
        serverCpuBefore === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpuBefore,
        sumBackendCpuMs(databaseCpuBefore, databaseCpuAfter),
        generatorMs,
        requests,
      );
      if (isWriteMix) {
        printMemory('just after the mix', servers);
        // Idle a moment: what the server keeps after the load, rather than what it held during it.
        await delay(5_000);
        printMemory('5 s after the mix', servers);
      }
    }
    if (isWriteMix) return;
    // Login last: its password hashing queues up on the CPU and would slow whatever ran next.
    await runAutocannon(`[${name}] POST /api/users/login`, {
      url: `${base}/api/users/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
  }
}

async function preparePostgres(): Promise<string | null> {
  try {
    await runAdminStatement(`CREATE DATABASE ${scratchName}`);
    return databaseUrlOf(scratchName);
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

console.log(
  `${isWriteMix ? 'write' : 'read'} mix, ${String(connections)} connections, ${String(seconds)} s` +
    `${isWriteMix ? '' : `, then ${String(seconds)} s of login`}; machine load (1, 5, 15 min): ${formatLoad()}`,
);
const dataDir = `/tmp/${scratchName}`;
if (databases.includes('pglite')) {
  try {
    await benchDatabase('PGlite', { DATA_DIR: dataDir }, 1);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const postgresUrl = databases.includes('postgres') ? await preparePostgres() : null;
if (postgresUrl) {
  try {
    await benchDatabase(
      'PostgreSQL',
      {
        DATABASE_URL: postgresUrl,
        APP_SECRET: 'bench-secret-bench-secret-bench-secret',
      },
      serverCount,
    );
  } finally {
    await runAdminStatement(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
  }
}
console.log(`machine load at the end (1, 5, 15 min): ${formatLoad()}`);
