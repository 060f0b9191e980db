/**
 * A full sync of 5,000 simulated clients and their visits (about 40,000 over sixteen days) into an empty
 * database: the client sync, then every visit of those clients. Prints the time, the number of CRM requests and
 * the peak memory of this process (which also runs the simulator). A benchmark, not a test.
 *   npm run bench:sync           (BENCH_DATABASE_URL=postgres://... for PostgreSQL; PGlite in memory otherwise)
 */
import { count } from 'drizzle-orm';
import { addDays } from '../src/domain/zoned-time';
import { visits } from '../src/server/db/schema/clients';
import { startSimulatedAccount } from './support/simulated-account';

const today = '2026-11-18';
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

const { simulator, db, app, account, close } = await startSimulatedAccount({
  clients: 5000,
  today,
  weeksBefore: 1,
  weeksAfter: 2,
});

simulator.faults.clearRequests();
const started = performance.now();
const clientsSynced = await app.clientSync.syncClients(account.id);
const clientsMs = performance.now() - started;
await app.mealsSync.syncVisits(account.id, addDays(today, -7), addDays(today, 8));
const totalMs = performance.now() - started;
clearInterval(sampler);
const [stored] = await db.select({ total: count() }).from(visits);
console.log(
  JSON.stringify({
    clients: clientsSynced.listed,
    visits: stored?.total ?? 0,
    clients_ms: Math.round(clientsMs),
    total_ms: Math.round(totalMs),
    crm_requests: simulator.faults.requests.length,
    peak_rss_mb: Math.round(peakRss / 1024 / 1024),
  }),
);
await close();
