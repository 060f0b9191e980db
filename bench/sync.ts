/**
 * A full client and visit sync of 5,000 simulated clients and about 40,000 visits into an empty database.
 * Prints the time, the number of CRM requests and the peak memory. A benchmark, not a test.
 *   npm run bench:sync           (BENCH_DATABASE_URL=postgres://... for PostgreSQL; PGlite in memory otherwise)
 */
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { hashPassword } from '../src/server/crypto/passwords';
import { createSecretBox } from '../src/server/crypto/secret-box';
import { accounts, rounds } from '../src/server/db/schema/accounts';
import { clients } from '../src/server/db/schema/clients';
import { users } from '../src/server/db/schema/users';
import { getZonedDate } from '../src/domain/zoned-time';
import { demoClientTag, demoVisitTag } from '../src/server/integrations/alayacare/simulator/demo-seed';
import { startSimulator } from '../src/server/integrations/alayacare/simulator/start-simulator';
import { createTestDatabase } from '../src/server/testing/test-database';

const secret = 'bench-secret-bench-secret-bench-secret';
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const simulator = await startSimulator({ clients: 5000, weeksBefore: 1, weeksAfter: 1 });
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
if (!account) throw new Error('no account');
const [round] = await database.db
  .insert(rounds)
  .values({ accountId: account.id, name: 'Everyone', address: '1 King St', pickupTime: '09:00' })
  .returning();
await database.db.insert(users).values({
  accountId: account.id,
  username: 'bench@bench.test',
  passwordHash: await hashPassword('bench-password'),
  accessLevel: 'admin',
});
const login = await app.server.inject({
  method: 'POST',
  url: '/api/users/login',
  payload: { username: 'bench@bench.test', password: 'bench-password' },
});
const token = (login.json() as { data: { jwt: string } }).data.jwt;

const dates = [
  ...new Set(
    simulator.state
      .findVisits({
        fromMs: 0,
        toMs: Number.MAX_SAFE_INTEGER,
        clientIds: null,
        externalClientIds: null,
        tags: null,
        statuses: null,
      })
      .map((visit) => getZonedDate(visit.startMs, 'Australia/Sydney')),
  ),
].sort();

simulator.faults.clearRequests();
const started = performance.now();
const clientsSynced = await app.clientSync.syncClients(account.id);
const clientsMs = performance.now() - started;
await database.db.update(clients).set({ roundId: round?.id ?? null });
let visitsStored = 0;
for (const date of dates) {
  const response = await app.server.inject({
    method: 'GET',
    url: `/api/rounds/${round?.id}/visits/${date}`,
    headers: { authorization: `Bearer ${token}` },
  });
  visitsStored += (response.json() as { data: unknown[] }).data.length;
}
const totalMs = performance.now() - started;
clearInterval(sampler);
console.log(
  JSON.stringify({
    clients: clientsSynced.listed,
    visits: visitsStored,
    days: dates.length,
    clients_ms: Math.round(clientsMs),
    total_ms: Math.round(totalMs),
    crm_requests: simulator.faults.requests.length,
    peak_rss_mb: Math.round(peakRss / 1024 / 1024),
  }),
);
await app.server.close();
await database.close();
await simulator.close();
