/**
 * A full sync of 5,000 simulated clients and their visits (about 40,000 over sixteen days) into an empty
 * database: the client sync, then every visit of those clients. Prints the time, the number of CRM requests and
 * the peak memory of this process (which also runs the simulator). A benchmark, not a test.
 *   npm run bench:sync           (BENCH_DATABASE_URL=postgres://... for PostgreSQL; PGlite in memory otherwise)
 */
import { count } from 'drizzle-orm';
import { addDays } from '../src/domain/zoned-time';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createSecretBox } from '../src/server/crypto/secret-box';
import { accounts } from '../src/server/db/schema/accounts';
import { visits } from '../src/server/db/schema/clients';
import { demoClientTag, demoVisitTag } from '../src/server/integrations/alayacare/simulator/demo-seed';
import { startSimulator } from '../src/server/integrations/alayacare/simulator/start-simulator';
import { createTestDatabase } from '../src/server/testing/test-database';

const secret = 'bench-secret-bench-secret-bench-secret';
const today = '2026-11-18';
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const simulator = await startSimulator({ clients: 5000, today, weeksBefore: 1, weeksAfter: 2 });
const database = await createTestDatabase();
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', APP_SECRET: secret }),
  db: database.db,
  appSecret: secret,
  webRoot: null,
});
const [account] = await database.db
  .insert(accounts)
  .values({
    name: 'Bench',
    sourceSystem: 'demo',
    sourceUrl: simulator.url,
    sourceUsername: simulator.credentials.username,
    sourcePasswordEncrypted: createSecretBox(secret).encrypt(simulator.credentials.password),
    sourceSettings: { client_tag: demoClientTag, visit_tag: demoVisitTag, service_codes: [], premiums: {} },
  })
  .returning();
if (!account) throw new Error('The bench account was not created.');

simulator.faults.clearRequests();
const started = performance.now();
const clientsSynced = await app.clientSync.syncClients(account.id);
const clientsMs = performance.now() - started;
await app.mealsSync.syncVisits(account.id, addDays(today, -7), addDays(today, 8));
const totalMs = performance.now() - started;
clearInterval(sampler);
const [stored] = await database.db.select({ total: count() }).from(visits);
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
await app.server.close();
await database.close();
await simulator.close();
