/**
 * The queries behind the screens' mix of `bench:tenants`, each with its EXPLAIN (ANALYZE, BUFFERS), on the
 * benchmark's database at full size (run `npm run bench:tenants` once first to seed it). One app is built in this
 * process on a database handle that records every statement; each screen's request is sent twice (the second is
 * the one shown: a day's visits already fetched, the account's list version raised as by a save elsewhere, so the
 * clients list reads its page again) and its statements are explained one by one, writes
 * inside a transaction rolled back. Prints, per request, each statement's execution time, the rows and shared
 * buffers it touched, and the plan when it is slower than BENCH_EXPLAIN_MS or reads a table without an index.
 *   npx tsx bench/tenants-explain.ts               (the middle account of mealrounds_bench_tenants)
 *   BENCH_DATABASE_NAME=...  BENCH_EXPLAIN_MS=5  BENCH_EXPLAIN_ACCOUNT=<id>  BENCH_EXPLAIN_PLANS=all
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import * as schema from '../src/server/db/schema/index';
import { demoLogins } from '../src/server/db/seed/demo';
import { databaseUrlOf } from './support/postgres';

const databaseName = process.env.BENCH_DATABASE_NAME ?? 'mealrounds_bench_tenants';
const slowMs = Number(process.env.BENCH_EXPLAIN_MS ?? 5);
const showAllPlans = process.env.BENCH_EXPLAIN_PLANS === 'all';
const secret = 'bench-secret-bench-secret-bench-secret';

type Statement = { text: string; params: unknown[] };

const databaseUrl = databaseUrlOf(databaseName);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
let recording: Statement[] | null = null;
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (text, params) => recording?.push({ text, params }) },
}) as unknown as Database;
const app = await buildApp({
  // On PostgreSQL, as the servers run: no cache of sessions or accounts (several servers share the database).
  config: loadConfig({ NODE_ENV: 'test', APP_SECRET: secret, DATABASE_URL: databaseUrl }),
  db,
  appSecret: secret,
  webRoot: null,
});

async function firstRow<T>(text: string, params: unknown[] = []): Promise<T> {
  const { rows } = await pool.query(text, params);
  if (!rows[0]) throw new Error(`no row: ${text}`);
  return rows[0] as T;
}

const accountId = Number(
  process.env.BENCH_EXPLAIN_ACCOUNT ??
    (
      await firstRow<{ id: number }>(
        'select id from accounts order by id offset (select count(*) / 2 from accounts) limit 1',
      )
    ).id,
);
const { username } = await firstRow<{ username: string }>(
  `select username from users where account_id = $1 and access_level = 'admin' order by id limit 1`,
  [accountId],
);
const login = await app.server.inject({
  method: 'POST',
  url: '/api/users/login',
  payload: { username, password: demoLogins.password },
  // An address of its own: the mix's logins from 127.0.0.1 may have used up that address's login limit.
  remoteAddress: '198.51.100.77',
});
if (login.statusCode !== 200) throw new Error(`login answered ${String(login.statusCode)}: ${login.body}`);
const { jwt, account } = (login.json() as { data: { jwt: string; account: { rounds: { id: number }[] } } })
  .data;
const headers = { authorization: `Bearer ${jwt}` };

async function send(method: 'GET' | 'PUT', url: string, payload?: unknown) {
  const response = await app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: unknown }).data;
}

function isWrite(text: string): boolean {
  return !/^\s*(select|with)\b/i.test(text) || /replace_client_meal_choices|for update/i.test(text);
}

/** Runs EXPLAIN (ANALYZE, BUFFERS) of one statement on its own connection; writes are rolled back. */
async function explain({ text, params }: Statement): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(`explain (analyze, buffers) ${text}`, params);
    return rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

function summarise(plan: string[]): { ms: number; buffers: string; seqScans: string[] } {
  const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
  const buffers = /Buffers: (.*)/.exec(plan.join('\n'))?.[1] ?? '';
  const seqScans = plan.filter((line) => line.includes('Seq Scan')).map((line) => line.trim());
  return { ms, buffers, seqScans };
}

async function explainRequest(title: string, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  await send(method, url, payload);
  // As after another user's save: the clients list reads the page again rather than from its cache.
  await pool.query('update client_list_versions set version = version + 1 where account_id = $1', [
    accountId,
  ]);
  recording = [];
  const started = performance.now();
  await send(method, url, payload);
  const requestMs = performance.now() - started;
  const statements = recording;
  recording = null;
  console.log(
    `\n== ${title}: ${method} ${url} (${statements.length} statements, ${requestMs.toFixed(1)} ms in-process)`,
  );
  let total = 0;
  for (const statement of statements) {
    const plan = await explain(statement);
    const { ms, buffers, seqScans } = summarise(plan);
    total += ms;
    const oneLine = statement.text.replace(/\s+/g, ' ').slice(0, 140);
    console.log(`  ${ms.toFixed(2).padStart(8)} ms  ${isWrite(statement.text) ? 'W' : 'R'}  ${oneLine}`);
    console.log(`              buffers ${buffers || '-'}`);
    if (showAllPlans || ms >= slowMs || seqScans.length > 0) {
      for (const line of plan) console.log(`              | ${line}`);
    }
  }
  console.log(`  total execution ${total.toFixed(2)} ms`);
}

type ClientWeek = {
  meal_choices: Record<string, Record<string, { quantity: number }>>;
  day_states: { date: string }[];
};

try {
  console.log(`account ${String(accountId)} (${username}) of ${databaseName}`);
  const page = (await send('GET', '/api/clients?page=2')) as { client_id: number }[];
  const clientId = page[0]?.client_id ?? 0;
  const round = account.rounds[0]?.id ?? 0;
  const tomorrow = new Date(Date.now() + 86_400_000);
  while (tomorrow.getUTCDay() % 6 === 0) tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  await explainRequest('clients page', 'GET', '/api/clients?page=2');
  await explainRequest('client', 'GET', `/api/clients/${String(clientId)}`);
  await explainRequest(
    'round visits',
    'GET',
    `/api/rounds/${String(round)}/visits/${tomorrow.toISOString().slice(0, 10)}`,
  );
  await explainRequest('kitchen prep week', 'GET', '/api/reports/kitchen_prep/week');
  const nextWeek = new Date(Date.now() + 7 * 86_400_000);
  nextWeek.setUTCDate(nextWeek.getUTCDate() - ((nextWeek.getUTCDay() + 6) % 7));
  const iso = nextWeek.toISOString().slice(0, 10);
  const week = (await send(
    'GET',
    `/api/clients/${String(clientId)}?week=${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`,
  )) as ClientWeek;
  const days = Object.fromEntries(week.day_states.map(({ date }) => [date, week.meal_choices[date] ?? {}]));
  await explainRequest('meal choices save', 'PUT', `/api/clients/${String(clientId)}`, {
    meal_choices: days,
  });
} finally {
  await app.server.close();
  await pool.end();
}
