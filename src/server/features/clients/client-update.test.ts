import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail, ClientListItem } from '../../../contracts/clients';
import type { Label } from '../../../contracts/meals';
import { rounds } from '../../db/schema/accounts';
import { clients } from '../../db/schema/clients';
import { clientMealChoices } from '../../db/schema/meals';
import { auditLog } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

async function setUp(name: string) {
  return createClientsAccount(t, name, [
    { name: 'Ann Able', round: 'North', planDow: [1, 0, 1, 0, 0, 0, 0], labels: ['Gluten Free'] },
    { name: 'Ben Hidden', isHidden: true },
  ]);
}
type Setup = Awaited<ReturnType<typeof setUp>>;

const details = {
  round: 'South',
  labels: ['Vegetarian', 'Gluten Free', 'Vegetarian'],
  dietary_requirements: '  No nuts  ',
  plan: ' Mon, Fri ',
  plan_dow: [1, 0, 0, 0, 1, 0, 0],
  delivery_instructions: 'Side door',
};

function put(s: Setup, body: unknown, id = s.clientIds[0] ?? 0, token = s.token) {
  return t.call<ClientDetail>('PUT', `/api/clients/${id}`, { token, body });
}

async function storedChoices(clientId: number) {
  return t.db
    .select()
    .from(clientMealChoices)
    .where(eq(clientMealChoices.clientId, clientId))
    .orderBy(asc(clientMealChoices.date), asc(clientMealChoices.mealId));
}

describe('GET /api/clients/:id', () => {
  it("answers the client with the week's choices, every date present; week snaps to its Monday", async () => {
    const s = await setUp('Detail');
    const id = s.clientIds[0] ?? 0;
    await s.addChoices([
      [id, '2026-11-16', 'pumpkin-soup', 2],
      [id, '2026-11-24', 'beef-pie', 1],
    ]);
    const current = await t.call<ClientDetail>('GET', `/api/clients/${id}`, { token: s.token });
    expect(current.status).toBe(200);
    expect(current.body.data).toMatchObject({
      client_id: id,
      name: 'Ann Able',
      round: 'North',
      labels: ['Gluten Free'],
    });
    expect(Object.keys(current.body.data.meal_choices)).toEqual([
      '16-11-2026',
      '17-11-2026',
      '18-11-2026',
      '19-11-2026',
      '20-11-2026',
      '21-11-2026',
      '22-11-2026',
    ]);
    expect(current.body.data.meal_choices['16-11-2026']).toEqual({
      'pumpkin-soup': { quantity: 2, meal_state: 'Frozen', cook_deliver: 'Cook & Deliver', comment: '' },
    });
    const next = await t.call<ClientDetail>('GET', `/api/clients/${id}?week=27-11-2026`, { token: s.token });
    expect(Object.keys(next.body.data.meal_choices)[0]).toBe('23-11-2026');
    expect(next.body.data.meal_choices['24-11-2026']).toHaveProperty('beef-pie');
  });

  it("answers 404 for hidden, missing and another account's clients; 400 for a bad week", async () => {
    const s = await setUp('Detail 404');
    const other = await setUp('Detail Other');
    for (const id of [s.clientIds[1], other.clientIds[0], 99_999_999]) {
      const result = await t.call('GET', `/api/clients/${String(id)}`, { token: s.token });
      expect(result.status).toBe(404);
      expect(result.body.meta.error_code).toBe(5);
    }
    for (const query of ['week=31-02-2026', 'week=2026-11-16', 'week=x', 'other=1']) {
      const result = await t.call('GET', `/api/clients/${String(s.clientIds[0])}?${query}`, {
        token: s.token,
      });
      expect(result.status, query).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    expect((await t.call('GET', '/api/clients/abc', { token: s.token })).status).toBe(400);
  });
});

describe('PUT /api/clients/:id (details)', () => {
  it('saves the product-maintained fields, trimmed, labels once each in order, and audits', async () => {
    const s = await setUp('Details');
    const id = s.clientIds[0] ?? 0;
    const result = await put(s, details);
    expect(result.status).toBe(200);
    expect(result.body.meta.message).toBe('Client updated successfully.');
    expect(result.body.data).toMatchObject({
      round: 'South',
      round_id: s.rounds.south.id,
      labels: ['Vegetarian', 'Gluten Free'],
      dietary_requirements: 'No nuts',
      plan: 'Mon, Fri',
      plan_dow: [1, 0, 0, 0, 1, 0, 0],
      delivery_instructions: 'Side door',
      name: 'Ann Able',
    });
    expect(Object.keys(result.body.data.meal_choices)[0]).toBe('16-11-2026');
    const cleared = await put(s, { ...details, round: '', labels: [] });
    expect(cleared.body.data).toMatchObject({ round: '', round_id: null, labels: [] });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, s.accountId), eq(auditLog.action, 'client.update')));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ targetType: 'client', targetId: String(id) });
  });

  it('refuses an unknown round or label (field errors) and a change of a CRM field (code 6), changing nothing', async () => {
    const s = await setUp('Details Invalid');
    const id = s.clientIds[0] ?? 0;
    const [before] = await t.db.select().from(clients).where(eq(clients.id, id));
    const round = await put(s, { ...details, round: 'Nowhere' });
    expect(round.status).toBe(400);
    expect(round.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'round' }] });
    const label = await put(s, { ...details, labels: ['Gluten Free', 'Kosher'] });
    expect(label.body.meta.error_code).toBe(2);
    expect(label.body.meta.message).toContain("'Kosher'");
    expect(label.body.meta.errors).toEqual([{ field: 'labels', message: "Unknown label 'Kosher'." }]);
    // The account has a CRM: its fields are the CRM's (local-clients.test.ts has the account without one).
    const sourceField = await put(s, { ...details, name: 'New Name' });
    expect(sourceField.status).toBe(409);
    expect(sourceField.body.meta.error_code).toBe(6);
    for (const body of [
      { ...details, plan_dow: [1, 0] },
      { ...details, plan_dow: [2, 0, 0, 0, 0, 0, 0] },
      { round: 'South' },
      { ...details, meal_choices: {} },
    ]) {
      const result = await put(s, body);
      expect(result.status).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    const [after] = await t.db.select().from(clients).where(eq(clients.id, id));
    expect(after).toEqual(before);
  });

  it("answers 404 for a hidden client and another account's, and 401 without a token", async () => {
    const s = await setUp('Details 404');
    const other = await setUp('Details Other');
    expect((await put(s, details, s.clientIds[1])).status).toBe(404);
    const foreign = await put(s, details, other.clientIds[0]);
    expect(foreign.status).toBe(404);
    expect(foreign.body.meta.error_code).toBe(5);
    const [untouched] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.id, other.clientIds[0] ?? 0));
    expect(untouched?.roundId).toBe(other.rounds.north.id);
    const anonymous = await t.call('PUT', `/api/clients/${String(s.clientIds[0])}`, { body: details });
    expect(anonymous.status).toBe(401);
  });

  it("carries a label's new name to the clients that have it", async () => {
    const s = await setUp('Label Rename');
    const labels = await t.call<Label[]>('GET', '/api/meals/labels', { token: s.token });
    const gf = labels.body.data.find((label) => label.name === 'Gluten Free');
    if (!gf) throw new Error('label missing');
    await put(s, { ...details, labels: ['Vegetarian', 'Gluten Free'] });
    const renamed = await t.call('PUT', '/api/meals/labels', {
      token: s.token,
      body: { key: gf.key, name: 'Coeliac', colour: gf.colour },
    });
    expect(renamed.status).toBe(200);
    const client = await t.call<ClientDetail>('GET', `/api/clients/${String(s.clientIds[0])}`, {
      token: s.token,
    });
    expect(client.body.data.labels).toEqual(['Vegetarian', 'Coeliac']);
  });
});

describe('PUT /api/clients/:id (meal choices)', () => {
  it('normalises every reading of a choice and replaces only the dates sent, in one go', async () => {
    const s = await setUp('Choices');
    const id = s.clientIds[0] ?? 0;
    await s.addChoices([
      [id, '2026-11-16', 'beef-pie', 1],
      [id, '2026-11-17', 'beef-pie', 5],
    ]);
    const result = await put(s, {
      meal_choices: {
        '16-11-2026': {
          'pumpkin-soup': 3,
          'beef-pie': {
            quantity: 2,
            meal_state: 'Fresh',
            cook_deliver: 'Deliver Only',
            comment: '  No onion ',
          },
        },
        '18-11-2026': { 'beef-pie': true, 'garden-salad': null, 'pumpkin-soup': {} },
      },
    });
    expect(result.status).toBe(200);
    expect(result.body.meta.message).toBe('Client meal choices updated successfully.');
    expect(result.body.data.meal_choices).toEqual({
      '16-11-2026': {
        'pumpkin-soup': { quantity: 3, meal_state: 'Hot', cook_deliver: 'Cook & Deliver', comment: '' },
        'beef-pie': { quantity: 2, meal_state: 'Fresh', cook_deliver: 'Deliver Only', comment: 'No onion' },
      },
      '18-11-2026': {
        'pumpkin-soup': { quantity: 1, meal_state: 'Hot', cook_deliver: 'Cook & Deliver', comment: '' },
        // Beef Pie's own meal_state is not Frozen/Hot/Fresh: Frozen.
        'beef-pie': { quantity: 1, meal_state: 'Frozen', cook_deliver: 'Cook & Deliver', comment: '' },
        'garden-salad': { quantity: 1, meal_state: 'Fresh', cook_deliver: 'Cook & Deliver', comment: '' },
      },
    });
    // 17-11 was not sent: it stays.
    const week = await t.call<ClientDetail>('GET', `/api/clients/${id}`, { token: s.token });
    expect(week.body.data.meal_choices['17-11-2026']).toEqual({
      'beef-pie': { quantity: 5, meal_state: 'Frozen', cook_deliver: 'Cook & Deliver', comment: '' },
    });
    const cleared = await put(s, { meal_choices: { '16-11-2026': {} } });
    expect(cleared.body.data.meal_choices).toEqual({ '16-11-2026': {} });
    expect((await storedChoices(id)).map((row) => row.date)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-18',
      '2026-11-18',
    ]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, s.accountId), eq(auditLog.action, 'client.meal_choices')));
    expect(entries.map((entry) => entry.detail)).toEqual([
      { dates: ['16-11-2026', '18-11-2026'] },
      { dates: ['16-11-2026'] },
    ]);
  });

  it('sets a ticked meal with a quantity of 0 or less to 1 instead of refusing it', async () => {
    const s = await setUp('Choices Zero');
    const id = s.clientIds[0] ?? 0;
    const result = await put(s, {
      meal_choices: {
        '16-11-2026': { 'pumpkin-soup': 0, 'beef-pie': { quantity: -3, comment: 'Soft' } },
        '17-11-2026': { 'pumpkin-soup': { quantity: 0 } },
      },
    });
    expect(result.status).toBe(200);
    expect(result.body.data.meal_choices).toEqual({
      '16-11-2026': {
        'pumpkin-soup': { quantity: 1, meal_state: 'Hot', cook_deliver: 'Cook & Deliver', comment: '' },
        'beef-pie': { quantity: 1, meal_state: 'Frozen', cook_deliver: 'Cook & Deliver', comment: 'Soft' },
      },
      '17-11-2026': {
        'pumpkin-soup': { quantity: 1, meal_state: 'Hot', cook_deliver: 'Cook & Deliver', comment: '' },
      },
    });
    expect((await storedChoices(id)).map((row) => row.quantity)).toEqual([1, 1, 1]);
  });

  it('refuses invalid quantities, unknown meals and unreal dates, changing nothing', async () => {
    const s = await setUp('Choices Invalid');
    const other = await setUp('Choices Other');
    const id = s.clientIds[0] ?? 0;
    await s.addChoices([[id, '2026-11-16', 'beef-pie', 1]]);
    const before = await storedChoices(id);
    const invalid: unknown[] = [100, 2.5, '3', { quantity: 100 }, { quantity: 2.5 }, { quantity: '3' }];
    for (const choice of invalid) {
      const result = await put(s, {
        meal_choices: { '16-11-2026': { 'pumpkin-soup': choice }, '17-11-2026': {} },
      });
      expect(result.status, JSON.stringify(choice)).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    const unknown = await put(s, {
      meal_choices: { '16-11-2026': { 'pumpkin-soup': 1 }, '17-11-2026': { 'no-such-meal': 1 } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.meta.message).toContain("'no-such-meal'");
    expect(unknown.body.meta.errors).toEqual([
      { field: 'meal_choices.17-11-2026.no-such-meal', message: "Unknown meal 'no-such-meal'." },
    ]);
    for (const body of [
      { meal_choices: { '31-02-2026': { 'pumpkin-soup': 1 } } },
      { meal_choices: { '2026-11-16': { 'pumpkin-soup': 1 } } },
      { meal_choices: { '16-11-2026': { 'pumpkin-soup': { quantity: 1, meal_state: 'Cold' } } } },
      { meal_choices: { '16-11-2026': { 'pumpkin-soup': { quantity: 1, extra: 1 } } } },
    ]) {
      const result = await put(s, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    expect(await storedChoices(id)).toEqual(before);
    const foreign = await put(s, { meal_choices: { '16-11-2026': { 'beef-pie': 1 } } }, other.clientIds[0]);
    expect(foreign.status).toBe(404);
    expect(await storedChoices(other.clientIds[0] ?? 0)).toEqual([]);
    expect((await put(s, { meal_choices: { '16-11-2026': {} } }, s.clientIds[1])).status).toBe(404);
  });
});

describe('the list after a change', () => {
  it('counts again after a write here or by another app server', async () => {
    const s = await setUp('Counts');
    const id = s.clientIds[0] ?? 0;
    const total = async (query: string) =>
      (await t.call('GET', `/api/clients?${query}`, { token: s.token })).body.meta.record_total;
    // Ann's plan: Monday and Wednesday; nothing chosen yet.
    expect(await total('missing_meals=true')).toBe(1);
    expect(await total(`filter_round=${s.rounds.north.id}`)).toBe(1);
    const days = ['16-11-2026', '18-11-2026', '23-11-2026'];
    await put(s, { meal_choices: Object.fromEntries(days.map((day) => [day, { 'beef-pie': 1 }])) });
    expect(await total('missing_meals=true')).toBe(1);
    await put(s, { meal_choices: { '25-11-2026': { 'beef-pie': 1 } } });
    expect(await total('missing_meals=true')).toBe(0);
    await put(s, details);
    expect(await total(`filter_round=${s.rounds.north.id}`)).toBe(0);
    expect(await total('missing_meals=true')).toBe(1);
    // Another server clears Monday 23-11 and changes the plan, with nothing but SQL.
    await t.db.delete(clientMealChoices).where(eq(clientMealChoices.date, '2026-11-23'));
    expect(await total('missing_meals=true')).toBe(1);
    await t.db
      .update(clients)
      .set({ planDow: [1, 0, 1, 0, 1, 0, 0] })
      .where(eq(clients.id, id));
    await put(s, { meal_choices: { '20-11-2026': { 'beef-pie': 1 }, '27-11-2026': { 'beef-pie': 1 } } });
    expect(await total('missing_meals=true')).toBe(1);
    await t.db
      .update(clients)
      .set({ planDow: [0, 0, 0, 0, 0, 0, 0] })
      .where(eq(clients.id, id));
    expect(await total('missing_meals=true')).toBe(0);
  });

  it('shows the page as stored after writes the list did not make (choices, a round renamed)', async () => {
    const s = await setUp('Pages');
    const id = s.clientIds[0] ?? 0;
    const firstRow = async () => {
      const list = await t.call<ClientListItem[]>('GET', '/api/clients?page=1', { token: s.token });
      const [row] = list.body.data;
      if (!row) throw new Error('The list is empty.');
      return row;
    };
    expect((await firstRow()).meal_strip[0]?.count).toBe(0);
    expect((await firstRow()).round).toBe('North');
    await s.addChoices([[id, '2026-11-16', 'beef-pie', 3]]);
    expect((await firstRow()).meal_strip[0]?.count).toBe(3);
    await t.db.update(rounds).set({ name: 'North Shore' }).where(eq(rounds.id, s.rounds.north.id));
    expect((await firstRow()).round).toBe('North Shore');
  });
});
