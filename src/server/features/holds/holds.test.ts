import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListItem } from '../../../contracts/clients';
import type { EndHoldResult, Hold } from '../../../contracts/holds';
import type { KitchenDayReport } from '../../../contracts/reports';
import { auditLog } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

// Today is Wednesday 18-11-2026 in Sydney (fixedNow).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

async function setUp(name: string) {
  return createClientsAccount(t, name, [
    { name: 'Ann Able', round: 'North', planDow: [1, 1, 1, 1, 1, 0, 0] },
    { name: 'Ben Hidden', isHidden: true },
  ]);
}
type Setup = Awaited<ReturnType<typeof setUp>>;

const week = { from_date: '23-11-2026', to_date: '29-11-2026', reason: 'hospital', note: 'Knee operation' };
const path = (s: Setup, id = s.clientIds[0] ?? 0) => `/api/clients/${id}/holds`;

describe('client holds API', () => {
  it('adds, lists, changes and ends holds (open-ended too), each in the audit log', async () => {
    const s = await setUp('Holds');
    const created = await t.call<Hold>('POST', path(s), { token: s.token, body: week });
    expect(created.status).toBe(201);
    expect(created.body.meta.message).toBe('Hold added.');
    expect(created.body.data).toMatchObject({ ...week, id: expect.any(Number) });
    const open = await t.call<Hold>('POST', path(s), {
      token: s.token,
      body: { from_date: '01-12-2026', to_date: null, reason: 'respite' },
    });
    expect(open.body.data).toMatchObject({ to_date: null, note: '', reason: 'respite' });

    const listed = await t.call<Hold[]>('GET', path(s), { token: s.token });
    expect(listed.body.data.map((hold) => hold.from_date)).toEqual(['23-11-2026', '01-12-2026']);

    const changed = await t.call<Hold>('PUT', `${path(s)}/${created.body.data.id}`, {
      token: s.token,
      body: { ...week, to_date: '25-11-2026', reason: 'holiday' },
    });
    expect(changed.body.data).toMatchObject({ to_date: '25-11-2026', reason: 'holiday' });

    // Not begun yet (today is 18-11): End now removes it.
    const removed = await t.call<EndHoldResult>('DELETE', `${path(s)}/${created.body.data.id}`, {
      token: s.token,
    });
    expect(removed.body).toMatchObject({ data: { hold: null }, meta: { message: 'Hold removed.' } });
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.accountId, s.accountId));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['client_hold.create', 'client_hold.update', 'client_hold.remove']),
    );
  });

  it('End now ends a running hold yesterday and refuses a hold already over', async () => {
    const s = await setUp('End Now');
    const running = await t.call<Hold>('POST', path(s), {
      token: s.token,
      body: { from_date: '10-11-2026', to_date: null, reason: 'hospital' },
    });
    const ended = await t.call<EndHoldResult>('DELETE', `${path(s)}/${running.body.data.id}`, {
      token: s.token,
    });
    expect(ended.body.meta.message).toBe('Hold ended.');
    expect(ended.body.data.hold).toMatchObject({ from_date: '10-11-2026', to_date: '17-11-2026' });
    const again = await t.call('DELETE', `${path(s)}/${running.body.data.id}`, { token: s.token });
    expect(again.status).toBe(409);
    expect(again.body.meta).toMatchObject({ error_code: 6, message: 'This hold is already over.' });
  });

  it('refuses an overlapping hold with code 6, on add and on change', async () => {
    const s = await setUp('Overlap');
    const first = await t.call<Hold>('POST', path(s), { token: s.token, body: week });
    const open = await t.call('POST', path(s), {
      token: s.token,
      body: { from_date: '01-11-2026', to_date: null, reason: 'other' },
    });
    expect(open.status).toBe(409);
    expect(open.body.meta).toMatchObject({
      error_code: 6,
      message: 'This hold overlaps another hold of the client (from 23-11-2026 to 29-11-2026).',
    });
    const later = await t.call<Hold>('POST', path(s), {
      token: s.token,
      body: { from_date: '30-11-2026', to_date: '02-12-2026', reason: 'holiday' },
    });
    expect(later.status).toBe(201);
    const stretched = await t.call('PUT', `${path(s)}/${first.body.data.id}`, {
      token: s.token,
      body: { ...week, to_date: '30-11-2026' },
    });
    expect(stretched.body.meta.error_code).toBe(6);
  });

  it('refuses impossible dates, a from after the to, and a bad reason with code 2 and field errors', async () => {
    const s = await setUp('Invalid');
    const cases: [unknown, string][] = [
      [{ ...week, from_date: '31-02-2026' }, 'from_date'],
      [{ ...week, to_date: '2026-11-29' }, 'to_date'],
      [{ ...week, from_date: '30-11-2026' }, 'to_date'],
      [{ ...week, reason: 'bored' }, 'reason'],
      [{ ...week, extra: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const result = await t.call('POST', path(s), { token: s.token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
      if (field) expect(result.body.meta.errors?.map((error) => error.field).join(' ')).toContain(field);
    }
    expect((await t.call<Hold[]>('GET', path(s), { token: s.token })).body.data).toEqual([]);
  });

  it('answers 401 without a login, 404 for hidden clients, other accounts and unknown holds', async () => {
    const s = await setUp('Guarded');
    const other = await setUp('Other Account');
    const hold = await t.call<Hold>('POST', path(s), { token: s.token, body: week });
    expect((await t.call('GET', path(s))).status).toBe(401);
    expect((await t.call('POST', path(s), { body: week })).status).toBe(401);
    expect((await t.call('DELETE', `${path(s)}/${hold.body.data.id}`)).status).toBe(401);
    expect((await t.call('PUT', `${path(s)}/${hold.body.data.id}`, { body: week })).status).toBe(401);
    expect((await t.call('GET', `/api/clients/${s.clientIds[0] ?? 0}/hold_visits`)).status).toBe(401);
    const foreign = [
      t.call('GET', path(s), { token: other.token }),
      t.call('POST', path(s), { token: other.token, body: week }),
      t.call('PUT', `${path(s)}/${hold.body.data.id}`, { token: other.token, body: week }),
      t.call('DELETE', `${path(s)}/${hold.body.data.id}`, { token: other.token }),
      t.call('GET', `/api/clients/${s.clientIds[0] ?? 0}/hold_visits`, { token: other.token }),
      // The other account's own client, with this account's hold id.
      t.call('PUT', `${path(other)}/${hold.body.data.id}`, { token: other.token, body: week }),
      t.call('GET', path(s, s.clientIds[1]), { token: s.token }),
    ];
    for (const result of await Promise.all(foreign)) {
      expect(result.status).toBe(404);
      expect(result.body.meta.error_code).toBe(5);
    }
    expect((await t.call<Hold[]>('GET', path(s), { token: s.token })).body.data).toHaveLength(1);
  });

  it('leaves held days out of the kitchen count, the missing-meals filter and marks them in the strip', async () => {
    const s = await setUp('Counting');
    const id = s.clientIds[0] ?? 0;
    await s.addChoices([
      [id, '2026-11-23', 'beef-pie', 2],
      [id, '2026-11-24', 'beef-pie', 1],
    ]);
    const kitchen = async () =>
      (
        await t.call<KitchenDayReport>('GET', '/api/reports/kitchen_prep/day?date=23-11-2026', {
          token: s.token,
        })
      ).body.data;
    const before = JSON.stringify(await kitchen());
    expect(before).toContain('Beef Pie');
    await t.call('POST', path(s), {
      token: s.token,
      body: { from_date: '23-11-2026', to_date: '24-11-2026', reason: 'hospital' },
    });
    expect(JSON.stringify(await kitchen())).not.toContain('Beef Pie');

    const list = await t.call<ClientListItem[]>('GET', '/api/clients', { token: s.token });
    const strip = list.body.data[0]?.meal_strip ?? [];
    expect(strip.find((day) => day.date === '23-11-2026')).toMatchObject({
      count: 2,
      hold_reason: 'hospital',
    });
    expect(strip.find((day) => day.date === '25-11-2026')).toMatchObject({ hold_reason: null });
    const onHold = await t.call<ClientListItem[]>('GET', '/api/clients?on_hold=true', { token: s.token });
    expect(onHold.body.data.map((client) => client.name)).toEqual(['Ann Able']);
  });
});
