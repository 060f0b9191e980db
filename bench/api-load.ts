/**
 * API under load: starts the real server (PGlite, then PostgreSQL when BENCH_DATABASE_URL or the local
 * PostgreSQL answers), then runs autocannon with 50 connections for 20 s against POST /api/users/login and an
 * authenticated GET /api/accounts/{id}. Prints requests/s, p50, p99 and errors. A benchmark, not a test.
 *   npm run bench:api            (BENCH_SECONDS=5 for a quick look)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = 50;
const port = 3290;
const base = `http://127.0.0.1:${port}`;
const login = { username: 'demo-admin@mealrounds.test', password: 'demo-password' };

async function waitForServer(child: ChildProcess) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${base}/api/config`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'yes',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ ...options, connections, duration: seconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${title.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  errors ${errors}`,
  );
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
    const { data } = (await response.json()) as { data: { jwt: string; account: { id: number } } };
    await run(`[${name}] GET /api/accounts/${data.account.id} (authenticated)`, {
      url: `${base}/api/accounts/${data.account.id}`,
      headers: { authorization: `Bearer ${data.jwt}` },
    });
    // Login last: its password hashing queues up on the CPU and would slow whatever ran next.
    await run(`[${name}] POST /api/users/login`, {
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

console.log(`autocannon: ${connections} connections, ${seconds} s per endpoint`);
const dataDir = '/tmp/mealrounds-bench';
rmSync(dataDir, { recursive: true, force: true });
await benchDatabase('PGlite', { DATA_DIR: dataDir });
const postgresUrl = await preparePostgres();
if (postgresUrl)
  await benchDatabase('PostgreSQL', {
    DATABASE_URL: postgresUrl,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
