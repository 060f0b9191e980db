/**
 * The clients list under load: 5,000 clients with 8 weeks of meal choices each (bulk SQL inserts), then
 * GET /api/clients page 1 with each filter (none, name, round, no round, missing meals, combined) under 50
 * concurrent connections for 20 s each, on PGlite (in memory) and on PostgreSQL (a scratch database next to
 * BENCH_DATABASE_URL or the local postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards). autocannon
 * runs in its own process so it does not share the server's event loop. Prints requests/s, p50, p99 and errors,
 * and the time of one call just after a write (the list's cached answers are read again then).
 * A benchmark, not a test.
 *   npm run bench:clients        (BENCH_SECONDS=5 for a quick look)
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { snapToMonday } from '../src/domain/weeks';
import { getTodayIn } from '../src/domain/today';
import { addDays } from '../src/domain/zoned-time';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { hashPassword } from '../src/server/crypto/passwords';
import type { Database } from '../src/server/db/client';
import { accounts, rounds } from '../src/server/db/schema/accounts';
import { mealCategories } from '../src/server/db/schema/clients';
import { meals } from '../src/server/db/schema/meals';
import { users } from '../src/server/db/schema/users';
import { createTestDatabase } from '../src/server/testing/test-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = 50;
const clientCount = 5_000;
const weeks = 8;
const secret = 'bench-secret-bench-secret-bench-secret';
const password = 'bench-password';
const autocannonBin = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

/** One account with 5 rounds, 20 meals and 5,000 clients with choices on their planned days for 8 weeks. */
async function seed(db: Database): Promise<{ username: string; roundId: number }> {
  const [account] = await db.insert(accounts).values({ name: 'Bench Clients' }).returning();
  if (!account) throw new Error('The bench account was not created.');
  const accountId = account.id;
  const roundRows = await db
    .insert(rounds)
    .values(['North', 'South', 'East', 'West', 'Central'].map((name) => ({ accountId, name })))
    .returning();
  const [category] = await db
    .insert(mealCategories)
    .values({ accountId, key: 'main', name: 'Main' })
    .returning();
  await db.insert(meals).values(
    Array.from({ length: 20 }, (_, index) => ({
      accountId,
      key: `meal-${index + 1}`,
      description: `Meal ${index + 1}`,
      categoryId: category?.id ?? null,
    })),
  );
  const roundIds = sql.raw(`array[${roundRows.map((round) => round.id).join(',')}]`);
  const firstNames = sql.raw(
    "array['Alice','Bob','Carol','Dan','Eve','Fay','Gus','Hal','Ivy','Jack','Kim','Lou','May','Ned','Olive','Pat']",
  );
  const lastNames = sql.raw(
    "array['Smith','Jones','Brown','Wilson','Taylor','Nguyen','Lee','Martin','White','Walker','Hall','Young']",
  );
  // Plans: weekdays, Mon/Wed/Fri, Tue/Thu or every day.
  await db.execute(sql`
    insert into clients (account_id, source_id, external_id, name, round_id, plan_dow, labels)
    select ${accountId}, 'bench-' || g, 'HCM-' || lpad(g::text, 5, '0'),
      (${firstNames})[1 + g % 16] || ' ' || (${lastNames})[1 + (g / 16) % 12] || ' ' || g,
      case when g % 6 = 0 then null else (${roundIds})[1 + g % 5] end,
      (array['[1,1,1,1,1,0,0]', '[1,0,1,0,1,0,0]', '[0,1,0,1,0,0,0]', '[1,1,1,1,1,1,1]'])[1 + g % 4]::jsonb,
      '[]'::jsonb
    from generate_series(1, ${clientCount}) as g`);
  // Eight weeks around today: six before this week, this one and the next (the list's strip is the last two).
  const monday = snapToMonday(getTodayIn('Australia/Sydney'));
  const from = addDays(monday, -7 * (weeks - 2));
  const to = addDays(monday, 13);
  // One or two meals on each planned day; about one planned day in twelve is left missing.
  await db.execute(sql`
    insert into client_meal_choices (account_id, client_id, date, meal_id, quantity)
    select ${accountId}, c.id, to_char(d, 'YYYY-MM-DD'), m.id, case when (c.id + d_n) % 7 = 0 then 2 else 1 end
    from clients c
    cross join lateral (
      select d, extract(doy from d)::int as d_n
      from generate_series(cast(${from} as date), cast(${to} as date), interval '1 day') as d
    ) as days
    cross join lateral (
      select id from meals where account_id = ${accountId} order by id
      offset (c.id + days.d_n) % 19 limit 1 + c.id % 2
    ) as m
    where c.account_id = ${accountId}
      and c.plan_dow -> (extract(isodow from days.d)::int - 1) = '1'::jsonb
      and (c.id * 31 + days.d_n) % 12 <> 0`);
  await db.execute(sql`analyze`);
  const username = `bench-${accountId}@mealrounds.test`;
  await db.insert(users).values({
    accountId,
    username,
    passwordHash: await hashPassword(password),
    accessLevel: 'normal',
  });
  return { username, roundId: roundRows[0]?.id ?? 0 };
}

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};

/** autocannon in a child process; answers its JSON result. */
function runAutocannon(url: string, token: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        autocannonBin,
        '-c',
        String(connections),
        '-d',
        String(seconds),
        '-j',
        '-H',
        `authorization=Bearer ${token}`,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(JSON.parse(output) as Result);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * The list answers from memory until the account's data changes; this is one call's time just after a write (a
 * client touched by SQL), when the page and its total are read from the database again: mean of 10, one at a time.
 */
async function timeUncached(db: Database, url: string, token: string): Promise<number> {
  let spent = 0;
  for (let index = 0; index < 10; index += 1) {
    await db.execute(sql`update clients set updated_at = now() where id = (select min(id) from clients)`);
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    spent += performance.now() - started;
  }
  return spent / 10;
}

async function benchDatabase(name: string) {
  const started = performance.now();
  const database = await createTestDatabase();
  try {
    const { username, roundId } = await seed(database.db);
    const [choices] = (
      (await database.db.execute(sql`select count(*)::int as total from client_meal_choices`)) as unknown as {
        rows: { total: number }[];
      }
    ).rows;
    console.log(
      `[${name}] seeded ${clientCount} clients, ${choices?.total ?? 0} meal choices in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        APP_SECRET: secret,
        ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      }),
      db: database.db,
      appSecret: secret,
      webRoot: null,
    });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const { data } = (await login.json()) as { data: { jwt: string } };
      const filters: [string, string][] = [
        ['no filter', ''],
        ['name', 'filter=smith'],
        ['round', `filter_round=${roundId}`],
        ['no round', 'filter_round=none'],
        ['missing meals', 'missing_meals=true'],
        ['combined', `filter=a&filter_round=${roundId}&missing_meals=true`],
      ];
      for (const [title, query] of filters) {
        const url = `${base}/api/clients?page=1${query ? `&${query}` : ''}`;
        const probe = await fetch(url, { headers: { authorization: `Bearer ${data.jwt}` } });
        const { meta } = (await probe.json()) as { meta: { record_total: number } };
        const result = await runAutocannon(url, data.jwt);
        const errors = result.errors + result.timeouts + result.non2xx;
        const uncachedMs = await timeUncached(database.db, url, data.jwt);
        console.log(
          `[${name}] GET /api/clients ${title.padEnd(14)} (${String(meta.record_total).padStart(4)} match) ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  errors ${errors}  after a write ${uncachedMs.toFixed(1)} ms`,
        );
      }
    } finally {
      await app.server.close();
    }
  } finally {
    await database.close();
  }
}

console.log(`autocannon: ${connections} connections, ${seconds} s per filter`);
await benchDatabase('PGlite');
process.env.TEST_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  await benchDatabase('PostgreSQL');
} catch (error) {
  console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
}
