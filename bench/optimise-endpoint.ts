/**
 * A 60-stop round end to end through POST /api/maps/optimise over real HTTP with the offline provider: the first
 * call with a cold travel cache (every leg computed and stored), then 10 calls with a warm cache. Prints the ms of
 * each call and the warm mean (target: under 1 s warm). A benchmark, not a test.
 *   npm run bench:optimise-endpoint      (BENCH_DATABASE_URL=postgres://... for PostgreSQL; PGlite otherwise)
 */
import type { AddressInfo } from 'node:net';
import type { OptimisedVisit } from '../src/contracts/optimise';
import { clients } from '../src/server/db/schema/clients';
import { demoSuburbsByRound } from '../src/server/integrations/alayacare/simulator/demo-places';
import { createTestApp } from '../src/server/testing/test-app';
import { makeVisit } from '../src/server/testing/visit-fixtures';

const stops = 60;
const warmCalls = 10;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const t = await createTestApp();
await t.server.listen({ port: 0, host: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
const { account, user } = await t.createAccount('Bench Round');
const token = await t.login(user.username);

// Clients spread over the demo suburbs with the CRM's coordinates (a fixed pseudo-random scatter).
const suburbs = Object.values(demoSuburbsByRound).flat();
let seed = 42;
const nextRandom = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const rows = Array.from({ length: stops }, (_, index) => {
  const suburb = suburbs[index % suburbs.length] ?? suburbs[0];
  if (!suburb) throw new Error('No demo suburbs.');
  return {
    accountId: account.id,
    sourceId: String(1000 + index),
    name: `Bench Client ${index + 1}`,
    address: `${index + 1} ${suburb.streets[0] ?? 'Main Street'}`,
    city: suburb.name,
    state: 'NSW',
    zip: suburb.postcode,
    latitude: suburb.latitude + (nextRandom() - 0.5) * 0.01,
    longitude: suburb.longitude + (nextRandom() - 0.5) * 0.01,
  };
});
await t.db.insert(clients).values(rows);
const visits = rows.map((row, index) =>
  makeVisit(index + 1, '', {
    address: `${row.address}, ${row.city} ${row.state} ${row.zip}`,
    client: { id: index + 1, name: row.name, key: row.sourceId },
  }),
);
const body = JSON.stringify({
  base_address: '12 Parramatta Road, Annandale NSW 2038',
  pickup_time: '09:00',
  events: visits,
});

async function optimiseOnce(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/maps/optimise`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const envelope = (await response.json()) as {
    meta: { error_code: number; message: string };
    data: OptimisedVisit[];
  };
  const ms = performance.now() - started;
  if (envelope.meta.error_code !== 0 || envelope.data.length !== stops) {
    throw new Error(`optimise failed: ${envelope.meta.message}`);
  }
  return ms;
}

const coldMs = await optimiseOnce();
const warmMs: number[] = [];
for (let call = 0; call < warmCalls; call += 1) warmMs.push(await optimiseOnce());
const mean = warmMs.reduce((total, ms) => total + ms, 0) / warmMs.length;
console.log(
  `optimise ${stops} stops, offline provider, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
console.log(`cold cache: ${coldMs.toFixed(0)} ms`);
warmMs.forEach((ms, index) => console.log(`warm ${index + 1}: ${ms.toFixed(0)} ms`));
console.log(`warm mean: ${mean.toFixed(0)} ms (target under 1000 ms)`);
await t.close();
