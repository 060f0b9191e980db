import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, DriverDeleteResult, RosterPattern, TimeOff } from '../../../contracts/drivers';
import { auditLog } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixedNow } from '../../testing/clients-fixture';
import { createRosterAccount } from './roster-fixture';

// Today is Wednesday 18-11-2026 in Sydney (fixedNow).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

const ann = { name: 'Ann Driver', phone: '0412 345 678', email: 'ann@example.org', notes: 'Has a van' };

describe('drivers API', () => {
  it('adds, lists, changes and removes drivers; phones in E.164; each change audited', async () => {
    const s = await createRosterAccount(t, 'Drivers CRUD', []);
    const created = await t.call<Driver>('POST', '/api/drivers', {
      token: s.token,
      body: { ...ann, round_ids: [s.rounds.north.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      name: 'Ann Driver',
      phone: '+61412345678',
      email: 'ann@example.org',
      notes: 'Has a van',
      round_ids: [s.rounds.north.id],
      is_active: true,
    });
    const id = created.body.data.id;
    const changed = await t.call<Driver>('PUT', `/api/drivers/${id}`, {
      token: s.token,
      body: { ...ann, phone: '+61 2 9999 0000', round_ids: [s.rounds.south.id, s.rounds.north.id] },
    });
    expect(changed.body.data).toMatchObject({
      phone: '+61299990000',
      round_ids: [s.rounds.north.id, s.rounds.south.id].sort((a, b) => a - b),
    });
    const listed = await t.call<Driver[]>('GET', '/api/drivers', { token: s.token });
    expect(listed.body.data.map((driver) => driver.name)).toEqual(['Ann Driver']);

    // Never on the roster: removed for real.
    const removed = await t.call<DriverDeleteResult>('DELETE', `/api/drivers/${id}`, { token: s.token });
    expect(removed.body).toMatchObject({
      data: { removed: true, driver: null },
      meta: { message: 'Driver removed.' },
    });
    expect((await t.call<Driver[]>('GET', '/api/drivers', { token: s.token })).body.data).toEqual([]);
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.accountId, s.accountId));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['driver.create', 'driver.update', 'driver.remove']),
    );
  });

  it('deactivates a driver with history: a begun pattern ends yesterday, one not begun goes', async () => {
    const s = await createRosterAccount(t, 'Drivers deactivate', []);
    const driver = await t.call<Driver>('POST', '/api/drivers', { token: s.token, body: ann });
    const id = driver.body.data.id;
    const pattern = (starts: string) =>
      t.call<RosterPattern>('POST', '/api/roster/patterns', {
        token: s.token,
        body: {
          driver_id: id,
          round_id: s.rounds.north.id,
          weekdays: [1],
          every_weeks: 1,
          starts,
          ends: null,
        },
      });
    await pattern('02-11-2026');
    await t.call('POST', '/api/roster/patterns', {
      token: s.token,
      body: { driver_id: id, round_id: s.rounds.south.id, weekdays: [2], starts: '01-12-2026' },
    });
    const result = await t.call<DriverDeleteResult>('DELETE', `/api/drivers/${id}`, { token: s.token });
    expect(result.body).toMatchObject({
      data: { removed: false, driver: { is_active: false } },
      meta: { message: 'Driver deactivated.' },
    });
    const patterns = await t.call<RosterPattern[]>('GET', '/api/roster/patterns', { token: s.token });
    expect(patterns.body.data).toEqual([
      expect.objectContaining({ starts: '02-11-2026', ends: '17-11-2026' }),
    ]);
    // An inactive driver cannot be put on the roster.
    const refused = await pattern('30-11-2026');
    expect(refused.status).toBe(400);
    expect(refused.body.meta.errors).toEqual([{ field: 'driver_id', message: 'Choose an active driver.' }]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a phone that is not one', { ...ann, phone: '12' }, 'phone'],
    ['no name', { ...ann, name: ' ' }, 'name'],
    ['a bad email', { ...ann, email: 'ann@' }, 'email'],
    ['an unknown field', { ...ann, password: 'x' }, ''],
  ])('refuses %s with code 2 and stores nothing', async (_title, body, field) => {
    const s = await createRosterAccount(t, `Drivers invalid ${field || 'extra'}`, []);
    const result = await t.call('POST', '/api/drivers', { token: s.token, body });
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    if (field) expect(result.body.meta.errors?.map((error) => error.field)).toContain(field);
    expect((await t.call<Driver[]>('GET', '/api/drivers', { token: s.token })).body.data).toEqual([]);
  });

  it('refuses another account’s round among the rounds a driver knows (code 2)', async () => {
    const s = await createRosterAccount(t, 'Drivers rounds mine', []);
    const other = await createRosterAccount(t, 'Drivers rounds other', []);
    const result = await t.call('POST', '/api/drivers', {
      token: s.token,
      body: { ...ann, round_ids: [other.rounds.north.id] },
    });
    expect(result.body.meta).toMatchObject({ error_code: 2 });
    expect(result.body.meta.errors).toEqual([
      { field: 'round_ids', message: 'Choose rounds of this account.' },
    ]);
  });

  it('adds, lists and removes time off; refuses one that ends before it begins', async () => {
    const s = await createRosterAccount(t, 'Drivers time off', []);
    const id = (await t.call<Driver>('POST', '/api/drivers', { token: s.token, body: ann })).body.data.id;
    const path = `/api/drivers/${id}/time_off`;
    const added = await t.call<TimeOff>('POST', path, {
      token: s.token,
      body: { from_date: '23-11-2026', to_date: '27-11-2026', note: 'Away' },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual({
      id: expect.any(Number),
      driver_id: id,
      from_date: '23-11-2026',
      to_date: '27-11-2026',
      note: 'Away',
    });
    const backwards = await t.call('POST', path, {
      token: s.token,
      body: { from_date: '27-11-2026', to_date: '23-11-2026' },
    });
    expect(backwards.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'to_date' }] });
    expect((await t.call<TimeOff[]>('GET', path, { token: s.token })).body.data).toHaveLength(1);
    const removed = await t.call('DELETE', `${path}/${added.body.data.id}`, { token: s.token });
    expect(removed.body.meta.message).toBe('Time off removed.');
    expect((await t.call<TimeOff[]>('GET', path, { token: s.token })).body.data).toEqual([]);
  });

  it('answers 404 for another account’s driver and time off, nothing changed', async () => {
    const s = await createRosterAccount(t, 'Drivers 404 mine', []);
    const other = await createRosterAccount(t, 'Drivers 404 other', []);
    const theirs = (await t.call<Driver>('POST', '/api/drivers', { token: other.token, body: ann })).body.data
      .id;
    const timeOff = await t.call<TimeOff>('POST', `/api/drivers/${theirs}/time_off`, {
      token: other.token,
      body: { from_date: '23-11-2026', to_date: '23-11-2026' },
    });
    const calls: [string, string, unknown][] = [
      ['PUT', `/api/drivers/${theirs}`, ann],
      ['DELETE', `/api/drivers/${theirs}`, undefined],
      ['GET', `/api/drivers/${theirs}/time_off`, undefined],
      ['POST', `/api/drivers/${theirs}/time_off`, { from_date: '23-11-2026', to_date: '23-11-2026' }],
      ['DELETE', `/api/drivers/${theirs}/time_off/${timeOff.body.data.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const result = await t.call(method as 'GET', url, { token: s.token, body });
      expect([url, result.status, result.body.meta.error_code]).toEqual([url, 404, 5]);
    }
    const still = await t.call<Driver[]>('GET', '/api/drivers', { token: other.token });
    expect(still.body.data).toEqual([expect.objectContaining({ name: 'Ann Driver', is_active: true })]);
    expect(
      (await t.call<TimeOff[]>('GET', `/api/drivers/${theirs}/time_off`, { token: other.token })).body.data,
    ).toHaveLength(1);
  });

  it('answers 401 on every drivers and roster route without a session', async () => {
    const urls: [string, string][] = [
      ['GET', '/api/drivers'],
      ['POST', '/api/drivers'],
      ['PUT', '/api/drivers/1'],
      ['DELETE', '/api/drivers/1'],
      ['GET', '/api/drivers/1/time_off'],
      ['POST', '/api/drivers/1/time_off'],
      ['DELETE', '/api/drivers/1/time_off/1'],
      ['GET', '/api/roster/patterns'],
      ['POST', '/api/roster/patterns'],
      ['DELETE', '/api/roster/patterns/1'],
      ['GET', '/api/roster?from=23-11-2026&to=29-11-2026'],
      ['PUT', '/api/roster/1/23-11-2026'],
      ['GET', '/api/roster/1/23-11-2026/suggestions'],
    ];
    for (const [method, url] of urls) {
      const result = await t.call(method as 'GET', url, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([method, url, result.status]).toEqual([method, url, 401]);
    }
  });
});
