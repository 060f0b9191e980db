import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Travel } from '../../../contracts/travel';
import { clients } from '../../db/schema/clients';
import { travelCache } from '../../db/schema/travel-cache';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The app's clock is the test's, so the age of a cached leg is exact.
const clock = new Date('2026-11-18T01:00:00Z');
let t: TestApp;
let token = '';
let accountId = 0;

const base = '12 Parramatta Road, Annandale NSW 2038';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const { account, user } = await t.createAccount('Travel');
  accountId = account.id;
  token = await t.login(user.username);
});
afterAll(async () => t.close());

const distance = (body: unknown) => t.call<Travel>('POST', '/api/maps/distance', { token, body });

describe('POST /api/maps/distance', () => {
  it('answers km to one decimal and minutes rounded up, and caches the leg', async () => {
    const result = await distance({ from: base, to: '3 Bondi Road, Bondi NSW 2026' });
    // Great circle 8.78 km (offline-provider.test.ts) x 1.3 = 11.41 km; at 30 km/h 22.8 minutes.
    expect(result).toMatchObject({
      status: 200,
      body: { meta: { error_code: 0 }, data: { kms: 11.4, mins: 23 } },
    });
    const again = await distance({ from: base.toUpperCase(), to: '3  Bondi Road, Bondi NSW 2026' });
    expect(again.body.data).toEqual({ kms: 11.4, mins: 23 });
    const [cached] = await t.db
      .select({ value: count() })
      .from(travelCache)
      .where(eq(travelCache.accountId, accountId));
    expect(cached?.value).toBe(1);
  });

  it('asks again for a leg cached more than 30 days ago, and replaces it', async () => {
    const to = '9 Bondi Road, Bondi NSW 2026';
    expect((await distance({ from: base, to })).body.data).toBeTruthy();
    const day = 24 * 60 * 60 * 1000;
    const ofLeg = eq(travelCache.routeKey, `${base}:${to}`.toLowerCase());
    // 29 days old: still used as stored.
    await t.db
      .update(travelCache)
      .set({ kms: 99, mins: 99, createdAt: new Date(clock.getTime() - 29 * day) })
      .where(ofLeg);
    expect((await distance({ from: base, to })).body.data).toEqual({ kms: 99, mins: 99 });
    // 31 days old: asked again; the fresh answer replaces it.
    await t.db
      .update(travelCache)
      .set({ createdAt: new Date(clock.getTime() - 31 * day) })
      .where(ofLeg);
    const fresh = (await distance({ from: base, to })).body.data;
    expect(fresh.kms).toBeLessThan(99);
    const [stored] = await t.db.select().from(travelCache).where(ofLeg);
    expect(stored).toMatchObject({ kms: fresh.kms, mins: fresh.mins });
    expect(stored?.createdAt).toEqual(clock);
  });

  it('answers nothing to travel between the same address', async () => {
    expect((await distance({ from: base, to: ` ${base} ` })).body.data).toEqual({ kms: 0, mins: 0 });
  });

  it("places an address by the CRM's coordinates of the client living there", async () => {
    await t.db.insert(clients).values({
      accountId,
      sourceId: 'hidden-1',
      name: 'Hidden Lane Client',
      address: '9 Hidden Lane',
      city: 'Nowhere',
      state: 'NSW',
      zip: '2999',
      latitude: -33.8935,
      longitude: 151.264,
    });
    const result = await distance({ from: base, to: '9 Hidden Lane, Nowhere NSW 2999' });
    expect(result.body.data).toEqual({ kms: 11.4, mins: 23 });
  });

  it('refuses an address it cannot place with code 9 and the address', async () => {
    const result = await distance({ from: base, to: '1 Nowhere Lane, Atlantis' });
    expect(result).toMatchObject({
      status: 502,
      body: {
        meta: {
          error_code: 9,
          message:
            "Unable to calculate travel. offline: no coordinates found for '1 Nowhere Lane, Atlantis'.",
        },
      },
    });
  });

  it('validates the body and needs a login', async () => {
    expect((await distance({ from: base })).body.meta.error_code).toBe(2);
    expect((await distance({ from: base, to: '  ' })).status).toBe(400);
    expect((await distance({ from: base, to: base, via: 'x' })).status).toBe(400);
    const anonymous = await t.call('POST', '/api/maps/distance', { body: { from: base, to: base } });
    expect(anonymous).toMatchObject({ status: 401, body: { meta: { error_code: 3 } } });
  });
});
