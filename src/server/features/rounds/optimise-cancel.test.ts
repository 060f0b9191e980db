import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { solveTour } from '../../routing/solve-tour';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { demoSuburbsByRound } from '../../integrations/alayacare/simulator/demo-places';
import { makeVisit } from '../../testing/visit-fixtures';
import type { SolveTour } from './route-order';

// The production solver with a budget long enough (a minute) that only an abort can end it within the test.
const solves: { outcome?: string }[] = [];
const longSolve: SolveTour = async (problem, options) => {
  const record: (typeof solves)[number] = {};
  solves.push(record);
  try {
    const solution = await solveTour(problem, {
      ...options,
      timeBudgetMs: 60_000,
      maxKicks: Number.MAX_SAFE_INTEGER,
      isHeuristicForced: true,
    });
    record.outcome = 'finished';
    return solution;
  } catch (error) {
    record.outcome = error instanceof Error ? error.name : 'failed';
    throw error;
  }
};

let t: TestApp;
let baseUrl = '';
let token = '';
beforeAll(async () => {
  t = await createTestApp({}, { routing: { solve: longSolve } });
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  const { user } = await t.createAccount('Cancel');
  token = await t.login(user.username);
});
afterAll(async () => t.close());

it('stops the search when the caller disconnects (Cancel in the optimising dialog)', async () => {
  const suburbs = Object.values(demoSuburbsByRound).flat();
  const visits = suburbs.map((suburb, index) =>
    makeVisit(index + 1, `${suburb.name} NSW ${suburb.postcode}`),
  );
  const controller = new AbortController();
  const request = fetch(`${baseUrl}/api/maps/optimise`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      base_address: '12 Parramatta Road, Annandale NSW 2038',
      pickup_time: '09:00',
      events: visits,
    }),
    signal: controller.signal,
  }).catch((error: unknown) => error);
  await expect.poll(() => solves.length, { timeout: 10_000 }).toBe(1);
  expect(solves[0]?.outcome).toBeUndefined();
  controller.abort();
  expect(await request).toMatchObject({ name: 'AbortError' });
  await expect.poll(() => solves[0]?.outcome, { timeout: 10_000 }).toBe('AbortError');
});
