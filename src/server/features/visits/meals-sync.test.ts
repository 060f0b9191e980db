import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getZonedDate } from '../../../domain/zoned-time';
import { clients, mealCategories } from '../../db/schema/clients';
import { clientMealChoices, meals } from '../../db/schema/meals';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createAccountWithSimulator } from '../../testing/test-source';
import type { MealsSyncResult } from './meals-sync';

// Both the product and the simulator live on Wednesday 18 November 2026 (Sydney).
const now = new Date('2026-11-18T01:00:00Z');
let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let accountId = 0;
let soupMealId = 0;
let mainMealId = 0;
let clientId = 0;
let visitDate = '';
let simVisitId = 0;

const premiums = {
  soup: { id: '601', name: 'MEAL-SOUP', code: 'MEAL-SOUP' },
  main: { id: '602', name: 'MEAL-MAIN', code: 'MEAL-MAIN' },
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  const setup = await createAccountWithSimulator(t, { clients: 12 });
  ({ simulator, adminToken: token } = setup);
  accountId = setup.account.id;
  await t.call('GET', '/api/clients?sync=true', { token });
  const [soup, main] = await t.db
    .insert(mealCategories)
    .values([
      { accountId, key: 'soup', name: 'Soup', position: 0 },
      { accountId, key: 'main', name: 'Main', position: 1 },
    ])
    .returning();
  const [soupMeal, mainMeal] = await t.db
    .insert(meals)
    .values([
      { accountId, key: 'pumpkin-soup', description: 'Pumpkin Soup', categoryId: soup!.id },
      { accountId, key: 'beef-casserole', description: 'Beef Casserole', categoryId: main!.id },
    ])
    .returning();
  soupMealId = soupMeal!.id;
  mainMealId = mainMeal!.id;
  // A client with a scheduled visit on Friday the 20th, inside the sync's window.
  const simVisit = simulator.state
    .findVisits({
      fromMs: Date.parse('2026-11-19T13:00:00Z'),
      toMs: Date.parse('2026-11-20T13:00:00Z'),
      clientIds: null,
      externalClientIds: null,
      tags: null,
      statuses: ['scheduled'],
    })
    .find((visit) => visit.tags.includes('Meal Delivery'))!;
  simVisitId = simVisit.id;
  visitDate = getZonedDate(simVisit.startMs, 'Australia/Sydney');
  const [client] = await t.db
    .select()
    .from(clients)
    .where(and(eq(clients.accountId, accountId), eq(clients.sourceId, String(simVisit.clientId))));
  clientId = client!.id;
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const runSync = () => t.call<MealsSyncResult>('PUT', '/api/clients/meals_sync', { token, body: {} });
const premiumsOfVisit = () =>
  simulator.state
    .listVisitPremiums(simVisitId)
    .map((entry) => ({ premiumId: entry.premiumId, quantity: entry.quantity }))
    .sort((a, b) => a.premiumId - b.premiumId);
const writesSeen = () => simulator.faults.requests.filter((request) => request.method !== 'GET').length;

describe('PUT /api/clients/meals_sync', () => {
  it('says so when no meal category has a premium', async () => {
    const result = await runSync();
    expect(result.body.meta).toMatchObject({
      error_code: 0,
      message: 'No meal category has a premium: choose them in Settings > CMS Integration.',
    });
  });

  it("sets each visit's premiums from the client's meal choices that day", async () => {
    const account = await t.call('GET', `/api/accounts/${accountId}`, { token });
    const settings = (account.body.data as { source_settings: Record<string, unknown> }).source_settings;
    await t.call('PUT', `/api/accounts/${accountId}`, {
      token,
      body: { source_settings: { ...settings, premiums } },
    });
    await t.db.insert(clientMealChoices).values([
      { accountId, clientId, date: visitDate, mealId: soupMealId, quantity: 2 },
      { accountId, clientId, date: visitDate, mealId: mainMealId, quantity: 1 },
    ]);
    const result = await runSync();
    expect(result.body.meta).toMatchObject({ error_code: 0, message: '' });
    expect(result.body.data.visits).toBeGreaterThan(10);
    expect(result.body.data.failed).toBe(0);
    expect(premiumsOfVisit()).toEqual([
      { premiumId: 601, quantity: 2 },
      { premiumId: 602, quantity: 1 },
    ]);
  });

  it('is idempotent: a second run with nothing changed writes nothing to the CRM', async () => {
    simulator.faults.clearRequests();
    const result = await runSync();
    expect(result.body.data.updated).toBe(0);
    expect(writesSeen()).toBe(0);
    expect(premiumsOfVisit()).toHaveLength(2);
  });

  it('follows changed choices: a new quantity, and a category no longer ordered removed', async () => {
    await t.db
      .update(clientMealChoices)
      .set({ quantity: 3 })
      .where(and(eq(clientMealChoices.clientId, clientId), eq(clientMealChoices.mealId, soupMealId)));
    await t.db
      .delete(clientMealChoices)
      .where(and(eq(clientMealChoices.clientId, clientId), eq(clientMealChoices.mealId, mainMealId)));
    const result = await runSync();
    expect(result.body.data.updated).toBe(1);
    expect(premiumsOfVisit()).toEqual([{ premiumId: 601, quantity: 3 }]);
  });

  it('answers code 7 when the CRM is down, and changes nothing stored', async () => {
    simulator.faults.setFaults({ isDown: true });
    try {
      const result = await runSync();
      expect(result.status).toBe(502);
      expect(result.body.meta.error_code).toBe(7);
    } finally {
      simulator.faults.resetFaults();
    }
    expect(premiumsOfVisit()).toEqual([{ premiumId: 601, quantity: 3 }]);
    expect((await runSync()).body.data.updated).toBe(0);
  });

  it('needs a login and refuses a body', async () => {
    expect((await t.call('PUT', '/api/clients/meals_sync', { body: {} })).body.meta.error_code).toBe(3);
    expect(
      (await t.call('PUT', '/api/clients/meals_sync', { token, body: { all: true } })).body.meta.error_code,
    ).toBe(2);
  });
});
