import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NextDeliveryDay } from '../../../contracts/reports';
import { visits } from '../../db/schema/clients';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

// Today is Wednesday 18-11-2026 in Sydney (fixedNow).
let t: TestApp;
let token = '';
let emptyToken = '';

/** A visit of the client on the day (YYYY-MM-DD), as the CRM sync stores it. */
function buildVisit(accountId: number, clientId: number, date: string, status = 'scheduled') {
  return {
    accountId,
    clientId,
    sourceId: `visit-${String(clientId)}-${date}`,
    date,
    startAt: new Date(`${date}T00:00:00Z`),
    endAt: new Date(`${date}T00:15:00Z`),
    status,
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
  const s = await createClientsAccount(t, 'Delivery Days', [
    { name: 'Ann Able', round: 'North' },
    { name: 'Eve Hidden', isHidden: true },
    { name: 'Cid Cole', round: 'South' },
  ]);
  token = s.token;
  const [ann = 0, eve = 0, cid = 0] = s.clientIds;
  await t.db.insert(visits).values([
    // Today's delivery is not the next one.
    buildVisit(s.accountId, ann, '2026-11-18'),
    // Thursday: cancelled, so nothing goes out.
    buildVisit(s.accountId, ann, '2026-11-19', 'cancelled'),
    // Friday: only a hidden client (no longer the account's to deliver).
    buildVisit(s.accountId, eve, '2026-11-20'),
  ]);
  // Monday: meals chosen, without a visit synced yet.
  await s.addChoices([[cid, '2026-11-23', 'beef-pie', 1]]);

  const other = await createClientsAccount(t, 'Delivery Days Other', [{ name: 'Zed Other' }]);
  await t.db.insert(visits).values(buildVisit(other.accountId, other.clientIds[0] ?? 0, '2026-11-19'));
  emptyToken = (await createClientsAccount(t, 'Delivery Days Empty', [])).token;
});
afterAll(async () => t.close());

describe('GET /api/reports/next_delivery_day', () => {
  it("answers the first day after today with a visit that goes out or meals chosen, of the account's visible clients", async () => {
    const result = await t.call<NextDeliveryDay>('GET', '/api/reports/next_delivery_day', { token });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ date: '2026-11-23' });
  });

  it('answers tomorrow when nothing is planned in the weeks ahead', async () => {
    const result = await t.call<NextDeliveryDay>('GET', '/api/reports/next_delivery_day', {
      token: emptyToken,
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ date: '2026-11-19' });
  });

  it('needs a login', async () => {
    const result = await t.call('GET', '/api/reports/next_delivery_day');
    expect(result.status).toBe(401);
    expect(result.body.data).toBeNull();
  });
});
