/**
 * The CRM write outbox after an outage: 300 time changes are queued while the CRM is down, the outbox worker tries
 * them (each attempt fails and backs off) for OUTAGE_SECONDS, then the CRM comes back. Prints the time from the CRM
 * coming back to the last write confirmed, and the CRM requests that took. A benchmark, not a test.
 *   npm run bench:outbox         (OUTAGE_SECONDS=60 by default; BENCH_DATABASE_URL=postgres://... for PostgreSQL)
 */
import { and, count, eq } from 'drizzle-orm';
import { visits } from '../src/server/db/schema/clients';
import { sourceWrites } from '../src/server/db/schema/source-writes';
import { createOutboxRepository } from '../src/server/features/visits/outbox-repository';
import type { WriteRequest } from '../src/server/shared/outbox-writes';
import { startOutboxWorker } from '../src/server/jobs/outbox-worker';
import { startSimulatedAccount } from './support/simulated-account';

const today = '2026-11-18';
const writes = 300;
const outageMs = Number(process.env.OUTAGE_SECONDS ?? 60) * 1000;
const quietLog = { error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { simulator, db, app, account, close } = await startSimulatedAccount({
  clients: 400,
  today,
  weeksBefore: 0,
  weeksAfter: 1,
});
await app.clientSync.syncClients(account.id);
await app.mealsSync.syncVisits(account.id, '2026-11-19', '2026-11-25');
const rows = (await db.select().from(visits).where(eq(visits.status, 'scheduled'))).slice(0, writes);
const requests = rows.map((row): WriteRequest => ({
  kind: 'visit_times',
  visitId: row.id,
  payload: {
    visitSourceId: row.sourceId,
    start: new Date(row.startAt.getTime() + 600_000).toISOString(),
    end: new Date(row.endAt.getTime() + 600_000).toISOString(),
  },
  previous: { start: row.startAt.toISOString(), end: row.endAt.toISOString() },
}));

simulator.faults.setFaults({ isDown: true });
await createOutboxRepository(db).enqueue(account.id, null, requests, new Date());
const worker = startOutboxWorker(app.outboxSender, quietLog);
await sleep(outageMs);
simulator.faults.resetFaults();
simulator.faults.clearRequests();
const backAt = performance.now();
const countPending = async () =>
  (
    await db
      .select({ total: count() })
      .from(sourceWrites)
      .where(and(eq(sourceWrites.accountId, account.id), eq(sourceWrites.status, 'pending')))
  )[0]?.total ?? 0;
while ((await countPending()) > 0) await sleep(50);
const recoveryMs = performance.now() - backAt;
await worker.stop();
const [done] = await db.select({ total: count() }).from(sourceWrites).where(eq(sourceWrites.status, 'done'));
console.log(
  JSON.stringify({
    database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
    writes: requests.length,
    outage_s: outageMs / 1000,
    recovery_ms: Math.round(recoveryMs),
    done: done?.total ?? 0,
    crm_requests_after_recovery: simulator.faults.requests.length,
  }),
);
await close();
