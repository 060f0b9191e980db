/**
 * Many services on one installation (issue 28, item 5): 200 accounts of 500 clients each on one PostgreSQL
 * database, served by two app servers on two ports, with one AlayaCare simulator as every account's CRM (the
 * accounts share its clients and visits: each account holds its own copy of them). Three phases, each printed with
 * the machine's load:
 *  1. the screens' mix spread over the accounts (a clients page, a client, a round's visits of a day, the kitchen
 *     prep week, and 1 request in 10 a save of a client's meal choices), at 50 connections over both servers: p50
 *     and p99 (target p99 at most 300 ms);
 *  2. one night's round automation for every account, both servers starting the same slot: the time from the
 *     first run's start to the last one's end (target at most 10 minutes), and that every account ran once;
 *  3. 10,000 CRM writes queued while the CRM is down (spread over the accounts), then the CRM back: the time until
 *     the outbox has sent them all (target at most 5 minutes).
 * The database (mealrounds_bench_tenants) is seeded once in bulk SQL: one account synced from the simulator the
 * way the demo account is, with its 5 rounds split into 25 of about 20 clients, then copied to the other accounts
 * table by table (INSERT ... SELECT); a later run with the same number of accounts reuses it. A benchmark, not a
 * test.
 *   npm run bench:tenants              (BENCH_TENANTS=20 for a quick run; 200 by default)
 *   BENCH_SECONDS=30                   the mix's length
 *   BENCH_CONNECTIONS=50               connections of the mix
 *   BENCH_DAYS_IN_ADVANCE=14           round automation's days ahead (the product's default)
 *   BENCH_OUTBOX_WRITES=10000          writes queued during the outage; OUTAGE_SECONDS=60 its length
 *   BENCH_PHASES=mix,automation,outbox the phases to run
 *   BENCH_AUTOMATION_TIMEOUT_S=3600    how long to wait for the night's run (the figures then cover the runs done)
 *   BENCH_RESEED=1                     drop the database and seed it again
 *   BENCH_DATABASE_URL=postgres://...  the PostgreSQL server's admin URL
 *   BENCH_PORT=3294                    the first server's port (the second on the next, the simulator on the one after)
 *   BENCH_DATABASE_NAME=...            another database than mealrounds_bench_tenants (two runs side by side)
 *   BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=DIR'   node flags for the servers, e.g. to profile them
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { getTodayIn } from '../src/domain/today';
import { addDays } from '../src/domain/zoned-time';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createSecretBox } from '../src/server/crypto/secret-box';
import { openDatabase, type Database } from '../src/server/db/client';
import { assignDemoRoundsAndPlans } from '../src/server/db/seed/demo-clients';
import { getDemoMealChoicesRange, seedDemoMealChoices } from '../src/server/db/seed/demo-meal-choices';
import { demoLogins, seedDemoAccount } from '../src/server/db/seed/demo';
import { createOutboxRepository } from '../src/server/features/visits/outbox-repository';
import type { WriteRequest } from '../src/server/shared/outbox-writes';
import { startSimulator } from '../src/server/integrations/alayacare/simulator/start-simulator';
import { formatLoad, readServersCpuMs } from './support/machine';
import { runMix } from './support/mix';
import { databaseUrlOf, readBackendCpuMs, runAdminStatement, sumBackendCpuMs } from './support/postgres';
import { startServer, stopServer, waitForServer } from './support/server';
import { buildMealChoiceSaves, cycle, type MixRoute } from './support/write-mix';

const accountCount = Number(process.env.BENCH_TENANTS ?? 200);
const clientsPerAccount = 500;
const roundsPerDemoRound = 5;
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const daysInAdvance = Number(process.env.BENCH_DAYS_IN_ADVANCE ?? 14);
const outboxWrites = Number(process.env.BENCH_OUTBOX_WRITES ?? 10_000);
const outageMs = Number(process.env.OUTAGE_SECONDS ?? 60) * 1000;
const phases = (process.env.BENCH_PHASES ?? 'mix,automation,outbox').split(',');
const firstPort = Number(process.env.BENCH_PORT ?? 3294);
const ports = [firstPort, firstPort + 1];
const bases = ports.map((port) => `http://127.0.0.1:${String(port)}`);
const databaseName = process.env.BENCH_DATABASE_NAME ?? 'mealrounds_bench_tenants';
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const databaseUrl = databaseUrlOf(databaseName);
const secret = 'bench-secret-bench-secret-bench-secret';
const timeZone = 'Australia/Sydney';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const minutesOf = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const log = (line: string) => console.log(`${line}  [load ${formatLoad()}]`);

/** Runs `work` over the items, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function query<T>(db: Database, statement: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(statement))) as unknown as { rows: T[] };
  return result.rows;
}

// ---- Seeding -------------------------------------------------------------------------------------------------

/** The table's columns that an INSERT may set (not the serial id, nothing generated). */
async function listColumns(db: Database, table: string): Promise<string[]> {
  const rows = await query<{ column_name: string }>(
    db,
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = '${table}'
       and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
  );
  return rows.map((row) => row.column_name);
}

/**
 * Copies the template account's rows of `table` (aliased t in `from`) to `accountId`: every column as it is but
 * account_id and the `mapped` ones (their expressions; the joins in `from` find the copy's own rows).
 */
async function copyRows(
  db: Database,
  table: string,
  templateId: number,
  accountId: number,
  mapped: Record<string, string> = {},
  from = `${table} t`,
) {
  const columns = await listColumns(db, table);
  const values = columns.map((column) =>
    column === 'account_id' ? String(accountId) : (mapped[column] ?? `t.${column}`),
  );
  await db.execute(
    sql.raw(
      `insert into ${table} (${columns.join(', ')}) select ${values.join(', ')} from ${from} where t.account_id = ${templateId}`,
    ),
  );
}

/** Another account with the template's rounds, catalogue, clients, meal choices, visits and users. */
async function copyAccount(db: Database, templateId: number, number: number) {
  const columns = await listColumns(db, 'accounts');
  const values = columns.map((column) => (column === 'name' ? `'Service ${String(number)}'` : column));
  const [account] = await query<{ id: number }>(
    db,
    `insert into accounts (${columns.join(', ')}) select ${values.join(', ')} from accounts where id = ${templateId}
     returning id`,
  );
  if (!account) throw new Error('the account was not copied');
  const id = account.id;
  await copyRows(db, 'rounds', templateId, id);
  await copyRows(db, 'meal_categories', templateId, id);
  await copyRows(db, 'labels', templateId, id);
  await copyRows(
    db,
    'meals',
    templateId,
    id,
    { category_id: 'nc.id' },
    `meals t
    left join meal_categories oc on oc.id = t.category_id
    left join meal_categories nc on nc.account_id = ${id} and nc.key = oc.key`,
  );
  await copyRows(
    db,
    'menu_items',
    templateId,
    id,
    { meal_id: 'nm.id' },
    `menu_items t
    join meals om on om.id = t.meal_id join meals nm on nm.account_id = ${id} and nm.key = om.key`,
  );
  await copyRows(
    db,
    'clients',
    templateId,
    id,
    { round_id: 'nr.id' },
    `clients t
    left join rounds orr on orr.id = t.round_id left join rounds nr on nr.account_id = ${id} and nr.name = orr.name`,
  );
  const sameClient = `join clients oc on oc.id = t.client_id
    join clients nc on nc.account_id = ${id} and nc.source_id = oc.source_id`;
  await copyRows(
    db,
    'client_meal_choices',
    templateId,
    id,
    { client_id: 'nc.id', meal_id: 'nm.id' },
    `
    client_meal_choices t ${sameClient}
    join meals om on om.id = t.meal_id join meals nm on nm.account_id = ${id} and nm.key = om.key`,
  );
  await copyRows(db, 'visits', templateId, id, { client_id: 'nc.id' }, `visits t ${sameClient}`);
  await copyRows(db, 'users', templateId, id, { username: `'s${String(number)}-' || t.username` });
}

/**
 * The template account: the demo account's catalogue and users, its clients and 8 weeks of visits synced from the
 * simulator, its 5 rounds split by longitude into 25 of about 20 clients, and the demo's meal choices.
 */
async function seedTemplate(db: Database, simulatorUrl: string): Promise<number> {
  const templateId = await seedDemoAccount(db, {
    secretBox: createSecretBox(secret),
    sourceUrl: simulatorUrl,
  });
  if (templateId === null) throw new Error('the database already has a demo account');
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', APP_SECRET: secret }),
    db,
    appSecret: secret,
    webRoot: null,
  });
  try {
    await app.clientSync.syncClients(templateId);
    await assignDemoRoundsAndPlans(db, templateId);
    await db.execute(
      sql.raw(`insert into rounds (account_id, name, address, pickup_time, timezone, capacity, latest_return_time)
        select account_id, name || ' ' || k, address, pickup_time, timezone, capacity, latest_return_time
        from rounds, generate_series(1, ${roundsPerDemoRound}) k where account_id = ${templateId}`),
    );
    await db.execute(
      sql.raw(`update clients c set round_id = nr.id
        from (select id, round_id, ntile(${roundsPerDemoRound}) over (partition by round_id order by longitude) k
              from clients where account_id = ${templateId} and round_id is not null) x
        join rounds orr on orr.id = x.round_id
        join rounds nr on nr.account_id = ${templateId} and nr.name = orr.name || ' ' || x.k
        where c.id = x.id`),
    );
    await db.execute(
      sql.raw(`delete from rounds r where account_id = ${templateId}
        and not exists (select 1 from clients c where c.round_id = r.id)`),
    );
    const today = getTodayIn(timeZone);
    const { from } = getDemoMealChoicesRange(today);
    await app.mealsSync.syncVisits(templateId, from, addDays(from, 8 * 7 - 1));
    // The demo's choices cover 6 weeks around a day: two days two weeks apart cover the 8 weeks of visits.
    await seedDemoMealChoices(db, templateId, today);
    await seedDemoMealChoices(db, templateId, addDays(today, 14));
  } finally {
    await app.server.close();
  }
  return templateId;
}

/** The database with `accountCount` accounts: reused when it has them, else made and seeded. */
async function prepareDatabase(simulatorUrl: string) {
  const existing = await runAdminStatement(`select 1 from pg_database where datname = '${databaseName}'`);
  if (existing.length > 0 && process.env.BENCH_RESEED !== '1') {
    const opened = await openDatabase({ databaseUrl, dataDir: '' });
    const [row] = await query<{ total: string }>(opened.db, 'select count(*) as total from accounts');
    if (Number(row?.total) === accountCount) return opened;
    await opened.close();
  }
  await runAdminStatement(`drop database if exists ${databaseName} with (force)`);
  await runAdminStatement(`create database ${databaseName}`);
  const opened = await openDatabase({ databaseUrl, dataDir: '' });
  const { db } = opened;
  const started = performance.now();
  const templateId = await seedTemplate(db, simulatorUrl);
  log(`template account seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (let number = 2; number <= accountCount; number += 1) {
    await copyAccount(db, templateId, number);
    if (number % 20 === 0)
      log(`  ${String(number)} accounts, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await db.execute(sql.raw('analyze'));
  log(`seeded ${String(accountCount)} accounts in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return opened;
}

// ---- Servers -------------------------------------------------------------------------------------------------

async function startServers(env: Record<string, string> = {}): Promise<ChildProcess[]> {
  const servers = ports.map((port) =>
    startServer(
      port,
      {
        DATABASE_URL: databaseUrl,
        APP_SECRET: secret,
        SEED_DEMO: 'no',
        // The accounts' CRM is the simulator on 127.0.0.1.
        SOURCE_ALLOW_PRIVATE_HOSTS: 'true',
        ...env,
      },
      { nodeFlags },
    ),
  );
  await Promise.all(servers.map(waitForServer));
  return servers;
}

/** A stopping server finishes the accounts' runs it has begun: past a minute they are cut short. */
async function stopServers(servers: ChildProcess[]) {
  await Promise.all(servers.map((server) => stopServer(server, 60_000)));
}

// ---- Phase 1: the screens' mix -------------------------------------------------------------------------------

type Tenant = { jwt: string; rounds: { id: number }[] };

async function getJson<T>(path: string, jwt: string): Promise<T> {
  const response = await fetch(`${bases[0] ?? ''}${path}`, { headers: { authorization: `Bearer ${jwt}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function logIn(username: string): Promise<Tenant> {
  const response = await fetch(`${bases[0] ?? ''}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: demoLogins.password }),
  });
  if (!response.ok) throw new Error(`login of ${username} answered ${response.status}`);
  const { data } = (await response.json()) as {
    data: { jwt: string; account: { rounds: { id: number }[] } };
  };
  return { jwt: data.jwt, rounds: data.account.rounds };
}

/** One route over every account: its `count`-th request is account (count mod n)'s next one, with its token. */
function spreadOverAccounts(
  name: string,
  share: number,
  routes: { jwt: string; route: MixRoute }[],
): MixRoute {
  return {
    name,
    share,
    request: (count) => {
      const { jwt, route } = routes[count % routes.length] as (typeof routes)[number];
      const request = route.request(Math.floor(count / routes.length));
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${jwt}` } };
    },
  };
}

/** Weekdays from tomorrow on (ISO), `count` of them. */
function nextWeekdays(count: number): string[] {
  const dates: string[] = [];
  for (let day = 1; dates.length < count; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000);
    if (date.getUTCDay() % 6 !== 0) dates.push(date.toISOString().slice(0, 10));
  }
  return dates;
}

async function buildTenantRoutes(tenant: Tenant) {
  const pages = [1, 2, 3].map((page) => `/api/clients?page=${page}`);
  const clientIds = (await getJson<{ client_id: number }[]>(pages[0] ?? '', tenant.jwt)).map(
    (row) => row.client_id,
  );
  const visitPaths = tenant.rounds
    .slice(0, 2)
    .flatMap((round) => nextWeekdays(3).map((date) => `/api/rounds/${round.id}/visits/${date}`));
  // Each day opened once before the clock starts: a day never fetched waits for the CRM on its first open.
  for (const path of visitPaths) await getJson(path, tenant.jwt);
  const gets = (paths: string[]) => paths.map((path) => ({ path }));
  return {
    pages: cycle('pages', 1, gets(pages)),
    client: cycle('client', 1, gets(clientIds.map((id) => `/api/clients/${id}`))),
    visits: cycle('visits', 1, gets(visitPaths)),
    prep: cycle('prep', 1, gets(['/api/reports/kitchen_prep/week'])),
    saves: await buildMealChoiceSaves(getJson, tenant.jwt, clientIds.slice(0, 5)),
  };
}

async function runScreensMix(db: Database) {
  const users = await query<{ username: string }>(
    db,
    `select username from users where access_level = 'admin' order by account_id`,
  );
  const servers = await startServers();
  try {
    const started = performance.now();
    const tenants: { jwt: string; routes: Awaited<ReturnType<typeof buildTenantRoutes>> }[] = [];
    await inParallel(users, 4, async ({ username }) => {
      const tenant = await logIn(username);
      tenants.push({ jwt: tenant.jwt, routes: await buildTenantRoutes(tenant) });
    });
    log(
      `mix prepared for ${String(tenants.length)} accounts in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const over = (
      name: string,
      share: number,
      pick: (routes: (typeof tenants)[number]['routes']) => MixRoute,
    ) =>
      spreadOverAccounts(
        name,
        share,
        tenants.map((tenant) => ({ jwt: tenant.jwt, route: pick(tenant.routes) })),
      );
    const routes = [
      over('GET /api/clients?page=N', 5, (routes) => routes.pages),
      over('GET /api/clients/{id}', 5, (routes) => routes.client),
      over('GET /api/rounds/{id}/visits/{date}', 5, (routes) => routes.visits),
      over('GET /api/reports/kitchen_prep/week', 2, (routes) => routes.prep),
      over('PUT /api/clients/{id} meal_choices', 2, (routes) => routes.saves),
    ];
    const serversCpuMs = () => readServersCpuMs(servers) ?? 0;
    const [serversBefore, databaseBefore] = [serversCpuMs(), await readBackendCpuMs(databaseName)];
    const figures = await runMix({
      name: `${String(accountCount)} accounts, 2 servers`,
      routes,
      jwt: '',
      bases,
      seconds,
      connections,
    });
    log(
      `screens' mix at ${String(connections)} connections: p50 ${String(figures.p50)} ms, p99 ${String(figures.p99)} ms (target p99 <= 300 ms), errors ${String(figures.errors)}`,
    );
    const perRequest = (ms: number) => (ms / Math.max(1, figures.requests)).toFixed(1);
    const databaseMs = sumBackendCpuMs(databaseBefore, await readBackendCpuMs(databaseName));
    log(
      `  CPU per request: the servers ${perRequest(serversCpuMs() - serversBefore)} ms, the database ${perRequest(databaseMs)} ms`,
    );
  } finally {
    await stopServers(servers);
  }
}

// ---- Phase 2: one night's round automation -------------------------------------------------------------------

async function countPendingWrites(db: Database): Promise<number> {
  const [row] = await query<{ total: string }>(
    db,
    `select count(*) as total from source_writes where status = 'pending'`,
  );
  return Number(row?.total ?? 0);
}

async function waitForOutbox(db: Database, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while ((await countPendingWrites(db)) > 0 && performance.now() - started < timeoutMs) await sleep(500);
  return performance.now() - started;
}

async function runAutomation(db: Database) {
  await db.execute(sql.raw('delete from route_automation_runs'));
  await db.execute(
    sql.raw(`update accounts set route_automation = jsonb_build_object('enabled', '1', 'days_in_advance',
      ${String(daysInAdvance)}, 'optimise_by', 'optimal')`),
  );
  // The slot is this minute on Sydney's clock: each server, as it starts, runs it as a missed run still due.
  const slot = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .replace('.', ':');
  const servers = await startServers({ ROUTE_AUTOMATION_TIME: slot });
  // The servers' CPU from here to the last run's end: the night's work without their start (nothing else is asked).
  const serversCpuMs = () => readServersCpuMs(servers) ?? 0;
  const cpuAtStart = serversCpuMs();
  try {
    const timeoutMs = Number(process.env.BENCH_AUTOMATION_TIMEOUT_S ?? 3600) * 1000;
    const waitStarted = performance.now();
    let finished = 0;
    for (;;) {
      const [row] = await query<{ finished: string }>(
        db,
        `select count(distinct account_id) as finished from route_automation_runs where status <> 'running'`,
      );
      finished = Number(row?.finished);
      if (finished >= accountCount || performance.now() - waitStarted > timeoutMs) break;
      await sleep(2000);
    }
    if (finished < accountCount)
      log(
        `round automation: stopped waiting after ${minutesOf(timeoutMs)} (BENCH_AUTOMATION_TIMEOUT_S) with ${String(finished)} of ${String(accountCount)} accounts finished`,
      );
    const [runs] = await query<{
      runs: string;
      accounts: string;
      seconds: string;
      days: string;
      changed: string;
      statuses: string;
    }>(
      db,
      `select count(*) as runs, count(distinct account_id) as accounts,
         extract(epoch from max(finished_at) - min(started_at)) as seconds, sum(days) as days,
         sum(visits_changed) as changed,
         (select string_agg(status || ' ' || total, ', ') from (select status, count(*) as total
            from route_automation_runs group by status) s) as statuses
       from route_automation_runs where trigger = 'schedule'`,
    );
    const [repeated] = await query<{ total: string }>(
      db,
      `select count(*) as total from (select account_id from route_automation_runs group by account_id
         having count(*) > 1) r`,
    );
    const totalMs = Number(runs?.seconds ?? 0) * 1000;
    log(
      `round automation, ${String(accountCount)} accounts x ${String(daysInAdvance)} days on 2 servers: ${minutesOf(totalMs)} from the first run's start to the last one's end (target <= 10 min); ${runs?.days ?? 0} round-days, ${runs?.changed ?? 0} visits retimed`,
    );
    log(
      `  runs ${runs?.runs ?? 0} for ${runs?.accounts ?? 0} of ${String(accountCount)} accounts, accounts run more than once: ${repeated?.total ?? '?'} (${runs?.statuses ?? ''})`,
    );
    const cpuMs = serversCpuMs() - cpuAtStart;
    const roundDays = Number(runs?.days ?? 0);
    const cpuPerRoundDay = roundDays > 0 ? cpuMs / roundDays : 0;
    // At this CPU per round-day, all 200 accounts' round-days on the two servers' cores (the database not counted).
    const [rounds] = await query<{ total: string }>(
      db,
      'select count(*) as total from rounds where account_id = (select min(id) from accounts)',
    );
    const fullRoundDays = Number(rounds?.total ?? 0) * daysInAdvance * 200;
    log(
      `  servers' CPU ${(cpuMs / 1000).toFixed(0)} s, ${cpuPerRoundDay.toFixed(1)} ms per round-day; 200 accounts (${fullRoundDays.toFixed(0)} round-days) at that rate: ${minutesOf((cpuPerRoundDay * fullRoundDays) / 2)} on 2 cores`,
    );
    const drainMs = await waitForOutbox(db, 30 * 60_000);
    log(`  the run's CRM writes sent ${minutesOf(drainMs)} after the last run ended`);
  } finally {
    await stopServers(servers);
  }
}

// ---- Phase 3: the CRM outbox after an outage -----------------------------------------------------------------

/**
 * Time changes of future scheduled visits, `perAccount` per account, each account on other CRM visits than the
 * others (the accounts share the simulator's visits).
 */
async function buildWrites(db: Database, perAccount: number) {
  const accountIds = (await query<{ id: number }>(db, 'select id from accounts order by id')).map(
    (row) => row.id,
  );
  const horizon = addDays(getTodayIn(timeZone), daysInAdvance + 1);
  const sourceIds = (
    await query<{ source_id: string }>(
      db,
      `select source_id from visits where account_id = ${String(accountIds[0])} and status = 'scheduled'
         and date > '${horizon}' order by source_id`,
    )
  ).map((row) => row.source_id);
  return Promise.all(
    accountIds.map(async (accountId, index) => {
      const mine = Array.from(
        { length: perAccount },
        (_, offset) => sourceIds[(index * perAccount + offset) % sourceIds.length],
      );
      const rows = await query<{ id: number; source_id: string; start_at: string; end_at: string }>(
        db,
        `select id, source_id, start_at, end_at from visits where account_id = ${String(accountId)}
           and source_id in (${mine.map((id) => `'${String(id)}'`).join(', ')})`,
      );
      const requests = rows.map((row): WriteRequest => {
        const [start, end] = [new Date(row.start_at), new Date(row.end_at)];
        return {
          kind: 'visit_times',
          visitId: row.id,
          payload: {
            visitSourceId: row.source_id,
            start: new Date(start.getTime() + 600_000).toISOString(),
            end: new Date(end.getTime() + 600_000).toISOString(),
          },
          previous: { start: start.toISOString(), end: end.toISOString() },
        };
      });
      return { accountId, requests };
    }),
  );
}

async function runOutbox(db: Database, simulator: Awaited<ReturnType<typeof startSimulator>>) {
  const servers = await startServers();
  try {
    await waitForOutbox(db, 10 * 60_000);
    const writes = await buildWrites(db, Math.ceil(outboxWrites / accountCount));
    simulator.faults.setFaults({ isDown: true });
    const outbox = createOutboxRepository(db);
    await inParallel(writes, 4, async ({ accountId, requests }) => {
      await outbox.enqueue(accountId, null, requests, new Date());
    });
    const queued = writes.reduce((sum, { requests }) => sum + requests.length, 0);
    log(`${String(queued)} CRM writes queued with the CRM down; outage of ${String(outageMs / 1000)} s`);
    await sleep(outageMs);
    simulator.faults.resetFaults();
    const recoveryMs = await waitForOutbox(db, 30 * 60_000);
    const statuses = await query<{ status: string; total: string }>(
      db,
      'select status, count(*) as total from source_writes group by status order by status',
    );
    log(
      `outbox caught up ${(recoveryMs / 1000).toFixed(1)} s after the CRM came back (target <= 300 s); writes by status: ${statuses.map((row) => `${row.status} ${row.total}`).join(', ')}`,
    );
  } finally {
    await stopServers(servers);
  }
}

// ---- Main ----------------------------------------------------------------------------------------------------

log(
  `tenants: ${String(accountCount)} accounts x ${String(clientsPerAccount)} clients on PostgreSQL (${databaseName}), 2 servers on ports ${ports.join(' and ')}`,
);
const simulator = await startSimulator({
  clients: clientsPerAccount,
  port: firstPort + 2,
  weeksBefore: 4,
  weeksAfter: 5,
});
const database = await prepareDatabase(simulator.url);
const { db } = database;
try {
  const [counts] = await query<{ clients: string; choices: string; visits: string }>(
    db,
    `select (select count(*) from clients) as clients, (select count(*) from client_meal_choices) as choices,
       (select count(*) from visits) as visits`,
  );
  log(
    `database: ${counts?.clients ?? 0} clients, ${counts?.choices ?? 0} meal choices, ${counts?.visits ?? 0} visits`,
  );
  await db.execute(sql.raw(`update accounts set source_url = '${simulator.url}'`));
  if (phases.includes('mix')) await runScreensMix(db);
  if (phases.includes('automation')) await runAutomation(db);
  if (phases.includes('outbox')) await runOutbox(db, simulator);
} finally {
  await database.close();
  await simulator.close();
}
log('done');
