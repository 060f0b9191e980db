import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegTravel, Travel } from '../../../contracts/travel';
import { travelCache } from '../../db/schema/travel-cache';
import type { MapsProvider } from '../../integrations/maps/maps-provider';
import { createOfflineProvider } from '../../integrations/maps/offline-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let token = '';
let accountId = 0;
const calls = { matrix: 0, travel: 0 };

/** The offline provider, counting the calls the batch makes. */
function createCountingProvider(): MapsProvider {
  const offline = createOfflineProvider({ speedKmh: 30 });
  return {
    ...offline,
    travel: (from, to) => {
      calls.travel += 1;
      return offline.travel(from, to);
    },
    matrix: (origins, destinations) => {
      calls.matrix += 1;
      return offline.matrix(origins, destinations);
    },
  };
}

const base = '12 Parramatta Road, Annandale NSW 2038';
const stops = ['Leichhardt NSW 2040', 'Petersham NSW 2049', 'Marrickville NSW 2204'];
/** A panel's route: the base, the stops in order, and back. */
const route = [base, ...stops, base].slice(1).map((to, index) => ({ from: [base, ...stops][index]!, to }));

beforeAll(async () => {
  t = await createTestApp({}, { routing: { mapsProvider: createCountingProvider() } });
  const { account, user } = await t.createAccount('Batch Maps');
  accountId = account.id;
  token = await t.login(user.username);
});
afterAll(async () => t.close());

const distances = (body: unknown, auth: string | null = token) =>
  t.call<LegTravel[]>('POST', '/api/maps/distances', { ...(auth ? { token: auth } : {}), body });

describe('POST /api/maps/distances', () => {
  it("answers every leg of a panel's route in order from one matrix call, then from the cache", async () => {
    const result = await distances({ legs: route });
    expect(result.status).toBe(200);
    expect(result.body.data.map((leg) => [leg.from, leg.to])).toEqual(route.map((leg) => [leg.from, leg.to]));
    expect(calls).toEqual({ matrix: 1, travel: 0 });
    // The same figures as one leg at a time.
    for (const [index, leg] of route.entries()) {
      const one = await t.call<Travel>('POST', '/api/maps/distance', { token, body: leg });
      expect(result.body.data[index]).toEqual({ ...leg, ...one.body.data });
    }
    expect(calls).toEqual({ matrix: 1, travel: 0 });

    const again = await distances({ legs: [...route].reverse() });
    expect(again.body.data).toEqual([...result.body.data].reverse());
    expect(calls.matrix).toBe(1);
    // Every pair the matrix answered is kept: optimising this round later needs no provider call.
    const [cached] = await t.db
      .select({ value: count() })
      .from(travelCache)
      .where(eq(travelCache.accountId, accountId));
    expect(cached?.value).toBeGreaterThanOrEqual(route.length);
  });

  it('answers a leg it cannot calculate with its reason, and the others with their travel', async () => {
    const unknown = '1 Nowhere Lane, Atlantis';
    const result = await distances({
      legs: [
        { from: base, to: 'Stanmore NSW 2048' },
        { from: 'Stanmore NSW 2048', to: unknown },
        { from: unknown, to: base },
        { from: base, to: ` ${base.toUpperCase()} ` },
      ],
    });
    expect(result.body.meta.error_code).toBe(0);
    const [good, toUnknown, fromUnknown, same] = result.body.data;
    expect(good).toMatchObject({ kms: expect.any(Number), mins: expect.any(Number) });
    const reason = `Unable to calculate travel. offline: no coordinates found for '${unknown}'.`;
    expect(toUnknown).toEqual({ from: 'Stanmore NSW 2048', to: unknown, error: reason });
    expect(fromUnknown).toEqual({ from: unknown, to: base, error: reason });
    expect(same).toMatchObject({ kms: 0, mins: 0 });
  });

  it('validates the body and needs a login', async () => {
    const leg = { from: base, to: stops[0] };
    expect((await distances({ legs: [] })).body.meta.error_code).toBe(2);
    const tooMany = await distances({ legs: Array.from({ length: 201 }, () => leg) });
    expect(tooMany).toMatchObject({ status: 400, body: { meta: { error_code: 2 } } });
    expect((await distances({ legs: [{ from: base }] })).status).toBe(400);
    expect((await distances({ legs: [{ ...leg, via: 'x' }] })).status).toBe(400);
    expect((await distances({ legs: [leg], extra: 1 })).status).toBe(400);
    expect((await distances([leg])).status).toBe(400);
    expect((await distances({ legs: Array.from({ length: 200 }, () => leg) })).status).toBe(200);
    const anonymous = await distances({ legs: [leg] }, null);
    expect(anonymous).toMatchObject({ status: 401, body: { meta: { error_code: 3 } } });
  });
});
