import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListItem, ClientPrevNext } from '../../../contracts/clients';
import { rounds } from '../../db/schema/accounts';
import { clients } from '../../db/schema/clients';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

let t: TestApp;
let clock = fixedNow;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => t.close());

const weekdays = [1, 1, 1, 1, 1, 0, 0];
const mondayOnly = [1, 0, 0, 0, 0, 0, 0];

/** Nine clients (ids in this order): names chosen so the list's order differs from the insertion order. */
async function setUpList(name: string) {
  const fixture = await createClientsAccount(t, name, [
    { name: 'Carol Jones', round: 'North', planDow: mondayOnly },
    { name: 'Alice Brown', round: 'North', planDow: weekdays },
    { name: 'Bob Smith', round: 'South', planDow: mondayOnly },
    { name: 'Dan Brown', planDow: [0, 0, 0, 0, 0, 1, 0] },
    { name: 'Eve Hidden', round: 'North', planDow: weekdays, isHidden: true },
    { name: 'Bob Smith', round: 'North', planDow: [0, 0, 0, 0, 0, 0, 0] },
    { name: 'Fay Green', round: 'South', planDow: mondayOnly, externalId: 'HCM-0042' },
    { name: 'Gus Brown', planDow: mondayOnly },
    { name: 'Hal 100% Wood', round: 'South' },
  ]);
  const [carol, alice, bob, dan, bob2, fay, gus] = [0, 1, 2, 3, 5, 6, 7].map(
    (index) => fixture.clientIds[index] ?? 0,
  ) as [number, number, number, number, number, number, number];
  // Carol: both Mondays covered. Bob (South): first Monday only, second Monday missing. Fay: second Monday only.
  // Gus: both Mondays, but 0 and negative quantities count as none. Alice: every weekday of both weeks.
  const aliceDays = [16, 17, 18, 19, 20, 23, 24, 25, 26, 27].map((day) => `2026-11-${day}`);
  await fixture.addChoices([
    [carol, '2026-11-16', 'pumpkin-soup', 1],
    [carol, '2026-11-16', 'beef-pie', 2],
    [carol, '2026-11-23', 'beef-pie', 1],
    [carol, '2026-11-15', 'beef-pie', 9], // the Sunday before the strip
    [carol, '2026-11-30', 'beef-pie', 9], // the Monday after it
    [bob, '2026-11-16', 'pumpkin-soup', 3],
    [fay, '2026-11-23', 'pumpkin-soup', 1],
    [gus, '2026-11-16', 'pumpkin-soup', 0],
    [gus, '2026-11-23', 'beef-pie', -1],
    [dan, '2026-11-18', 'beef-pie', 4], // an unplanned day with meals
    ...aliceDays.map((date): [number, string, string, number] => [alice, date, 'beef-pie', 1]),
  ]);
  return { ...fixture, ids: { carol, alice, bob, dan, bob2, fay, gus } };
}

type ListSetup = Awaited<ReturnType<typeof setUpList>>;
let s: ListSetup;
beforeAll(async () => {
  s = await setUpList('Clients List');
});

async function list(query: string, token = s.token) {
  return t.call<ClientListItem[]>('GET', `/api/clients?page_size=100&${query}`, { token });
}
const names = (rows: ClientListItem[]) => rows.map((row) => row.name);

describe('GET /api/clients', () => {
  it('answers 401 without a token', async () => {
    for (const url of [
      '/api/clients',
      `/api/clients/${s.ids.carol}`,
      `/api/clients/${s.ids.carol}/prev_next`,
    ]) {
      const result = await t.call('GET', url);
      expect(result.status, url).toBe(401);
      expect(result.body.meta.error_code).toBe(3);
    }
  });

  it('lists visible clients by name then id, with list meta and paging', async () => {
    const result = await t.call<ClientListItem[]>('GET', '/api/clients', { token: s.token });
    expect(result.status).toBe(200);
    expect(names(result.body.data)).toEqual([
      'Alice Brown',
      'Bob Smith',
      'Bob Smith',
      'Carol Jones',
      'Dan Brown',
      'Fay Green',
      'Gus Brown',
      'Hal 100% Wood',
    ]);
    expect(result.body.data.slice(1, 3).map((row) => row.client_id)).toEqual([s.ids.bob, s.ids.bob2]);
    expect(result.body.meta).toMatchObject({ record_total: 8, record_count: 8, page: 1, page_max: 1 });
    const page = await t.call<ClientListItem[]>('GET', '/api/clients?page=2&page_size=3', { token: s.token });
    expect(names(page.body.data)).toEqual(['Carol Jones', 'Dan Brown', 'Fay Green']);
    expect(page.body.meta).toMatchObject({ record_total: 8, record_count: 3, page: 2, page_max: 3 });
  });

  it("gives each row the 14-day strip from this week's Monday with summed quantities", async () => {
    const rows = (await list('')).body.data;
    const carol = rows.find((row) => row.client_id === s.ids.carol);
    expect(carol?.meal_strip).toHaveLength(14);
    expect(carol?.meal_strip[0]).toEqual({
      date: '16-11-2026',
      count: 3,
      hold_reason: null,
      cancel_reason: null,
    });
    expect(carol?.meal_strip[7]).toEqual({
      date: '23-11-2026',
      count: 1,
      hold_reason: null,
      cancel_reason: null,
    });
    expect(carol?.meal_strip[13]).toEqual({
      date: '29-11-2026',
      count: 0,
      hold_reason: null,
      cancel_reason: null,
    });
    expect(carol?.meal_strip.reduce((sum, day) => sum + day.count, 0)).toBe(4);
    expect(carol).toMatchObject({ round: 'North', round_id: s.rounds.north.id, plan_dow: mondayOnly });
    const dan = rows.find((row) => row.client_id === s.ids.dan);
    expect(dan?.meal_strip[2]).toEqual({
      date: '18-11-2026',
      count: 4,
      hold_reason: null,
      cancel_reason: null,
    });
  });

  it('filters by name or external id in any case, escaping LIKE wildcards', async () => {
    expect(names((await list('filter=BROWN')).body.data)).toEqual(['Alice Brown', 'Dan Brown', 'Gus Brown']);
    expect(names((await list('filter=hcm-0042')).body.data)).toEqual(['Fay Green']);
    expect(names((await list('filter=100%25')).body.data)).toEqual(['Hal 100% Wood']);
    expect(names((await list('filter=%25')).body.data)).toEqual(['Hal 100% Wood']);
    expect((await list('filter=nobody')).body.meta).toMatchObject({ record_total: 0, page_max: 1 });
  });

  it('filters by round, no round and missing meals, and combines the filters', async () => {
    const north = s.rounds.north.id;
    expect(names((await list(`filter_round=${north}`)).body.data)).toEqual([
      'Alice Brown',
      'Bob Smith',
      'Carol Jones',
    ]);
    expect(names((await list('filter_round=none')).body.data)).toEqual(['Dan Brown', 'Gus Brown']);
    expect(names((await list('missing_meals=true')).body.data)).toEqual([
      'Bob Smith',
      'Dan Brown',
      'Fay Green',
      'Gus Brown',
    ]);
    expect((await list('missing_meals=false')).body.meta.record_total).toBe(8);
    expect(names((await list('missing_meals=true&filter_round=none')).body.data)).toEqual([
      'Dan Brown',
      'Gus Brown',
    ]);
    expect(
      names((await list(`missing_meals=true&filter_round=${s.rounds.south.id}&filter=smith`)).body.data),
    ).toEqual(['Bob Smith']);
    const combined = await list(`missing_meals=true&filter_round=${north}`);
    expect(combined.body.meta).toMatchObject({ record_total: 0, record_count: 0, page_max: 1 });
  });

  it("never shows another account's clients, and an unknown round id lists nobody", async () => {
    const other = await createClientsAccount(t, 'Other List', [{ name: 'Zed Other' }]);
    expect(names((await list('', other.token)).body.data)).toEqual(['Zed Other']);
    expect((await list(`filter_round=${other.rounds.north.id}`)).body.meta.record_total).toBe(0);
  });

  it('validates the query', async () => {
    for (const query of ['page=0', 'page_size=101', 'filter_round=x', 'missing_meals=yes', 'unknown=1']) {
      const result = await t.call('GET', `/api/clients?${query}`, { token: s.token });
      expect(result.status, query).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
  });

  it("takes today in the timezone of the account's first round (by id)", async () => {
    // Sunday 22-11-2026 22:30 in Perth is already Monday 23-11 01:30 in Sydney. Set before logging in: a login
    // session lasts hours, not days.
    clock = new Date('2026-11-22T14:30:00Z');
    try {
      const sydney = await createClientsAccount(t, 'Zones Sydney', [{ name: 'Ann Zone' }]);
      const perth = await t.createAccount('Zones Perth');
      await t.db.insert(rounds).values([
        { accountId: perth.account.id, name: 'West', timezone: 'Australia/Perth' },
        { accountId: perth.account.id, name: 'East', timezone: 'Australia/Sydney' },
      ]);
      await t.db.insert(clients).values({ accountId: perth.account.id, sourceId: 'p1', name: 'Pat West' });
      const perthToken = await t.login(perth.user.username);
      const inSydney = await list('', sydney.token);
      expect(inSydney.body.data[0]?.meal_strip[0]?.date).toBe('23-11-2026');
      const inPerth = await list('', perthToken);
      expect(inPerth.body.data[0]?.meal_strip[0]?.date).toBe('16-11-2026');
    } finally {
      clock = fixedNow;
    }
  });
});

describe('GET /api/clients/:id/prev_next', () => {
  async function neighbours(id: number, query = '') {
    const result = await t.call<ClientPrevNext>('GET', `/api/clients/${id}/prev_next?${query}`, {
      token: s.token,
    });
    expect(result.status).toBe(200);
    return [result.body.data.prev_client?.name ?? null, result.body.data.next_client?.name ?? null];
  }

  it('follows the list order, with null at both ends', async () => {
    expect(await neighbours(s.ids.alice)).toEqual([null, 'Bob Smith']);
    const first = await t.call<ClientPrevNext>('GET', `/api/clients/${s.ids.bob}/prev_next`, {
      token: s.token,
    });
    expect(first.body.data).toEqual({
      prev_client: { client_id: s.ids.alice, name: 'Alice Brown' },
      next_client: { client_id: s.ids.bob2, name: 'Bob Smith' },
    });
    expect(await neighbours(s.ids.carol)).toEqual(['Bob Smith', 'Dan Brown']);
    expect(await neighbours(s.ids.gus, 'page=3')).toEqual(['Fay Green', 'Hal 100% Wood']);
  });

  it('follows the filters, also from a client outside them', async () => {
    expect(await neighbours(s.ids.bob, 'missing_meals=true')).toEqual([null, 'Dan Brown']);
    expect(await neighbours(s.ids.gus, 'missing_meals=true')).toEqual(['Fay Green', null]);
    expect(await neighbours(s.ids.dan, 'filter=brown&filter_round=none')).toEqual([null, 'Gus Brown']);
    // Carol has no missing day: her neighbours are the missing ones around her place in the order.
    expect(await neighbours(s.ids.carol, 'missing_meals=true')).toEqual(['Bob Smith', 'Dan Brown']);
    expect(await neighbours(s.ids.carol, `filter_round=${s.rounds.south.id}`)).toEqual([
      'Bob Smith',
      'Fay Green',
    ]);
  });

  it("answers 404 for a hidden client, another account's or a missing one", async () => {
    const other = await createClientsAccount(t, 'Other Neighbours', [{ name: 'Zed Other' }]);
    const hidden = s.clientIds[4] ?? 0;
    for (const id of [hidden, other.clientIds[0] ?? 0, 2_000_000]) {
      const result = await t.call('GET', `/api/clients/${id}/prev_next`, { token: s.token });
      expect(result.status).toBe(404);
      expect(result.body.meta.error_code).toBe(5);
    }
    const invalid = await t.call('GET', `/api/clients/${s.ids.bob}/prev_next?sync=true`, { token: s.token });
    expect(invalid.body.meta.error_code).toBe(2);
  });
});
