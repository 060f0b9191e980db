/**
 * The reports and print calls on a large account: 5,000 clients on 20 rounds with 8 weeks of meal choices and
 * visits (bulk SQL inserts), on PGlite and on PostgreSQL. Times each report call through the HTTP app (mean and
 * max of a few runs), each PDF and CSV, and a day's label sheet of 3,000 portions. A benchmark, not a test.
 *   npm run bench:reports            (BENCH_QUICK=1 for 1,000 clients and fewer runs;
 *                                     BENCH_DATABASE_URL=postgres://... else postgres://postgres@127.0.0.1:5432/postgres;
 *                                     BENCH_SKIP_POSTGRES=1 or BENCH_SKIP_PGLITE=1 for one of them)
 * Targets (issue 28): each report at most 300 ms mean, each PDF and CSV at most 1.5 s, 3,000 labels at most 1 s.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PrintLink } from '../src/contracts/print';
import { labelLayouts } from '../src/domain/label-layouts';
import { defaultUseByDays } from '../src/domain/use-by';
import { loadRoundSheet } from '../src/server/features/print/round-sheet-loader';
import { createAllergenOverridesRepository } from '../src/server/features/reports/allergen-overrides-repository';
import { createReportsRepository } from '../src/server/features/reports/repository';
import { createReportsService } from '../src/server/features/reports/service';
import { listMealLabels, renderLabelSheetPdf } from '../src/server/renderers/label-sheet-pdf';
import { createTestApp, type TestApp } from '../src/server/testing/test-app';
import { printDay, seedReportsAccount } from './support/reports-seed';

const isQuick = process.env.BENCH_QUICK === '1';
const clientCount = isQuick ? 1000 : 5000;
const runs = isQuick ? 2 : 5;
// "Today" is Wednesday 2 December 2026 in Sydney: the window holds past (completed) and future days.
const clock = new Date('2026-12-01T23:00:00Z');
const reportDate = '02-12-2026';
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Figures = Record<string, { mean_ms: number; max_ms: number }>;

async function time(label: string, figures: Figures, action: () => Promise<unknown>, count = runs) {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await action();
    times.push(performance.now() - started);
  }
  figures[label] = {
    mean_ms: Math.round(times.reduce((sum, value) => sum + value, 0) / times.length),
    max_ms: Math.round(Math.max(...times)),
  };
}

async function benchOne(backend: string, t: TestApp) {
  const { account, user } = await t.createAccount('Bench Reports');
  const seedStarted = performance.now();
  await seedReportsAccount(t.db, account.id, clientCount);
  const seedMs = Math.round(performance.now() - seedStarted);
  const counts = (await t.db.execute(
    sql.raw(
      `select (select count(*) from client_meal_choices) as choices, (select count(*) from visits) as visits`,
    ),
  )) as unknown as { rows: { choices: string; visits: string }[] };
  const token = await t.login(user.username);
  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const result = await t.call<PrintLink>(method, url, { token, body });
    if (result.body.meta.error_code !== 0) throw new Error(`${url}: ${result.body.meta.message}`);
    return result.body.data;
  };
  const categories = Object.fromEntries([1, 2, 3, 4, 5].map((c) => [`cat${c}`, true]));
  const figures: Figures = {};
  // The report calls are timed as the server answers them (inject, no parsing of the answer: that is the
  // browser's work), with the size of the answer.
  const bytes: Record<string, number> = {};
  const report = async (label: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const call = async () => {
      const response = await t.server.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      bytes[label] = response.rawPayload.length;
    };
    await call(); // warm-up: the first run pays for cold caches and plans
    await time(label, figures, call);
  };
  await report('kitchen_prep/week', 'GET', `/api/reports/kitchen_prep/week?date=${reportDate}`);
  await report('kitchen_prep/day', 'GET', `/api/reports/kitchen_prep/day?date=${reportDate}`);
  await report('meal_choices', 'GET', `/api/reports/meal_choices?date=${reportDate}`);
  await report('packing_list', 'POST', '/api/reports/packing_list', { date: reportDate, categories });
  await report('delivery_by_client', 'POST', '/api/reports/delivery_by_client', { date: reportDate });
  await report('delivery_by_category', 'POST', '/api/reports/delivery_by_category', { date: reportDate });
  const printRuns = isQuick ? 1 : 2;
  const reportBodies: [string, Record<string, unknown>][] = [
    ['kitchen_prep_by_week', {}],
    ['kitchen_prep_by_day', {}],
    ['client_meal_choices', {}],
    ['packing_list', { categories }],
    ['delivered_by_client', {}],
    ['delivered_by_category', {}],
  ];
  for (const format of ['pdf', 'csv']) {
    for (const [report, extra] of reportBodies) {
      await time(
        `print ${report} ${format}`,
        figures,
        () => ok('POST', '/api/print/report', { report, format, date: reportDate, ...extra }),
        printRuns,
      );
    }
  }
  // The sheets' loader over the reports service, as the print service reads it (holds are not on a sheet).
  const reports = createReportsService({
    repository: createReportsRepository(t.db),
    overrides: createAllergenOverridesRepository(t.db),
    holds: { listHoldsFrom: () => Promise.resolve([]) },
    now: () => clock,
  });
  const roundRows = (await t.db.execute(
    sql.raw(`select id from rounds where account_id = ${account.id} order by name`),
  )) as unknown as { rows: { id: number }[] };
  const visitsOf = async (roundId: number) => {
    const rows = (await t.db.execute(
      sql.raw(`select v.id from visits v join clients c on c.id = v.client_id
        where v.account_id = ${account.id} and c.round_id = ${roundId} and v.date = '${printDay}' order by v.start_at`),
    )) as unknown as { rows: { id: number }[] };
    return rows.rows.map((row, index) => {
      const minutes = 9 * 60 + index;
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      return { id: row.id, start: hhmm, end: hhmm, travel_mins: 3, travel_kms: 1.2 };
    });
  };
  const firstRound = roundRows.rows[0]?.id ?? 0;
  const events = await visitsOf(firstRound);
  for (const format of ['driver', 'kitchen', 'meal_labels']) {
    await time(
      `print round ${format} (${events.length} stops)`,
      figures,
      () => ok('POST', '/api/print/round', { round: firstRound, date: printDay, format, events }),
      printRuns,
    );
  }
  // A day's label sheet: every round's sheet for the day, cut to 3,000 portions.
  const sheets = [];
  for (const row of roundRows.rows) {
    sheets.push(
      await loadRoundSheet(reports, account.id, {
        round: row.id,
        date: printDay,
        format: 'meal_labels',
        events: await visitsOf(row.id),
      }),
    );
  }
  const labels = listMealLabels(sheets, defaultUseByDays).slice(0, 3000);
  let pages = 0;
  await time(
    `label sheet ${labels.length} portions`,
    figures,
    async () => {
      const pdf = await renderLabelSheetPdf(labels, { layout: labelLayouts.L7160, offset: { x: 0, y: 0 } });
      pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    },
    printRuns,
  );
  console.log(
    JSON.stringify(
      {
        backend,
        clients: clientCount,
        choices: Number(counts.rows[0]?.choices ?? 0),
        visits: Number(counts.rows[0]?.visits ?? 0),
        seed_ms: seedMs,
        // The machine's load when the figures were taken: on a shared machine they scale with it.
        load_average: loadavg().map((value) => Math.round(value * 10) / 10),
        label_pages: pages,
        report_bytes: bytes,
        figures,
      },
      null,
      1,
    ),
  );
}

async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const pglite = await createTestApp({}, { now: () => clock });
  await benchOne('pglite', pglite);
  await pglite.close();
}
if (process.env.BENCH_SKIP_POSTGRES !== '1' && (await isPostgresReachable())) {
  // createTestDatabase makes a scratch database next to this one and drops it afterwards.
  process.env.TEST_DATABASE_URL = postgresUrl;
  const postgres = await createTestApp({}, { now: () => clock });
  await benchOne('postgresql', postgres);
  await postgres.close();
} else {
  console.log('PostgreSQL skipped (not reachable or BENCH_SKIP_POSTGRES=1).');
}
