import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail, ClientListItem } from '../../../contracts/clients';
import { visits } from '../../db/schema/clients';
import { clientHolds } from '../../db/schema/holds';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

/*
 * A day whose CRM visits are all cancelled counts nowhere (the kitchen and packing list leave it out): the clients
 * list's strip and the client's week say so, with the CRM's reason, as they do for a held day.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

type Setup = Awaited<ReturnType<typeof setUp>>;
let s: Setup;

async function setUp() {
  const fixture = await createClientsAccount(t, 'Cancelled days', [
    { name: 'Carol Jones', round: 'North', planDow: [1, 1, 1, 1, 1, 0, 0] },
  ]);
  const carol = fixture.clientIds[0] ?? 0;
  await fixture.addChoices(
    ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-23'].map(
      (date): [number, string, string, number] => [carol, date, 'beef-pie', 2],
    ),
  );
  let sourceId = 0;
  const visit = (date: string, status: string, cancelReason = '') => {
    sourceId += 1;
    return {
      accountId: fixture.accountId,
      clientId: carol,
      sourceId: `v${String(sourceId)}`,
      date,
      startAt: new Date(`${date}T00:00:00Z`),
      endAt: new Date(`${date}T00:30:00Z`),
      status,
      cancelReason,
    };
  };
  await t.db.insert(visits).values([
    // Monday: the only visit cancelled, with the CRM's reason.
    visit('2026-11-16', 'cancelled', 'Client in hospital'),
    // Tuesday: one of two visits cancelled: the day still counts.
    visit('2026-11-17', 'cancelled', 'Client in hospital'),
    visit('2026-11-17', 'scheduled'),
    // Wednesday: cancelled without a reason.
    visit('2026-11-18', 'cancelled'),
    // Thursday: cancelled and on hold: shown as held.
    visit('2026-11-19', 'cancelled', 'On hold'),
  ]);
  await t.db.insert(clientHolds).values({
    accountId: fixture.accountId,
    clientId: carol,
    fromDate: '2026-11-19',
    toDate: '2026-11-19',
    reason: 'hospital',
  });
  return { ...fixture, carol };
}

beforeAll(async () => {
  s = await setUp();
});

describe('days whose visits the CRM cancelled', () => {
  it("mark the list's strip with the CRM's reason", async () => {
    const result = await t.call<ClientListItem[]>('GET', '/api/clients', { token: s.token });
    expect(result.status).toBe(200);
    const strip = result.body.data[0]?.meal_strip ?? [];
    expect(strip.slice(0, 5)).toEqual([
      { date: '16-11-2026', count: 2, hold_reason: null, cancel_reason: 'Client in hospital' },
      { date: '17-11-2026', count: 2, hold_reason: null, cancel_reason: null },
      { date: '18-11-2026', count: 2, hold_reason: null, cancel_reason: '' },
      { date: '19-11-2026', count: 2, hold_reason: 'hospital', cancel_reason: null },
      { date: '20-11-2026', count: 0, hold_reason: null, cancel_reason: null },
    ]);
    expect(strip[7]).toEqual({ date: '23-11-2026', count: 2, hold_reason: null, cancel_reason: null });
  });

  it("mark the client's week the same way", async () => {
    const result = await t.call<ClientDetail>('GET', `/api/clients/${String(s.carol)}`, { token: s.token });
    expect(result.status).toBe(200);
    expect(result.body.data.day_states).toEqual([
      { date: '16-11-2026', hold_reason: null, cancel_reason: 'Client in hospital' },
      { date: '17-11-2026', hold_reason: null, cancel_reason: null },
      { date: '18-11-2026', hold_reason: null, cancel_reason: '' },
      { date: '19-11-2026', hold_reason: 'hospital', cancel_reason: null },
      { date: '20-11-2026', hold_reason: null, cancel_reason: null },
      { date: '21-11-2026', hold_reason: null, cancel_reason: null },
      { date: '22-11-2026', hold_reason: null, cancel_reason: null },
    ]);
    const next = await t.call<ClientDetail>('GET', `/api/clients/${String(s.carol)}?week=23-11-2026`, {
      token: s.token,
    });
    expect(next.body.data.day_states.every((day) => day.cancel_reason === null)).toBe(true);
  });
});
