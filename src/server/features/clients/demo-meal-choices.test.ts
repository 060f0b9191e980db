import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlannedDay } from '../../../domain/meal-days';
import { snapToMonday } from '../../../domain/weeks';
import { addDays, getIsoWeekday } from '../../../domain/zoned-time';
import { rounds } from '../../db/schema/accounts';
import { clients, mealCategories } from '../../db/schema/clients';
import { clientMealChoices, meals, menuItems } from '../../db/schema/meals';
import { seedDemoCatalogue } from '../../db/seed/demo-catalogue';
import { assignDemoRoundsAndPlans } from '../../db/seed/demo-clients';
import { getDemoMealChoicesRange, seedDemoMealChoices } from '../../db/seed/demo-meal-choices';
import { generateDemoClients } from '../../integrations/alayacare/simulator/demo-seed';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let accountId = 0;
const today = '2026-11-18';
const firstDay = addDays(snapToMonday(today), -28);
const lastDay = addDays(snapToMonday(today), 13);

beforeAll(async () => {
  t = await createTestApp();
  const { account } = await t.createAccount('Demo Choices');
  accountId = account.id;
  await t.db.insert(rounds).values(['Inner West', 'North Shore'].map((name) => ({ accountId, name })));
  await t.db.insert(mealCategories).values(
    ['Soup', 'Main', 'Dessert', 'Salad', 'Sandwich'].map((name, position) => ({
      accountId,
      key: name.toLowerCase(),
      name,
      position,
    })),
  );
  await seedDemoCatalogue(t.db, accountId, today);
  await t.db.insert(clients).values(
    generateDemoClients(160).map((client) => ({
      accountId,
      sourceId: String(client.id),
      name: `${client.firstName} ${client.lastName}`,
    })),
  );
  await assignDemoRoundsAndPlans(t.db, accountId);
});
afterAll(async () => t.close());

async function readClients() {
  return t.db.select().from(clients).where(eq(clients.accountId, accountId));
}

async function readChoices() {
  return t.db.select().from(clientMealChoices).where(eq(clientMealChoices.accountId, accountId));
}

describe('demo meal choices', () => {
  it('gives about 40% of the demo clients labels, and some dietary notes and delivery instructions', async () => {
    const rows = await readClients();
    const labelled = rows.filter((row) => row.labels.length > 0);
    expect(labelled.length / rows.length).toBeGreaterThan(0.3);
    expect(labelled.length / rows.length).toBeLessThan(0.5);
    expect(
      labelled.every((row) => row.labels.length <= 2 && new Set(row.labels).size === row.labels.length),
    ).toBe(true);
    expect(rows.filter((row) => row.dietaryRequirements !== '').length).toBeGreaterThan(30);
    expect(rows.filter((row) => row.deliveryInstructions !== '').length).toBeGreaterThan(40);
    expect(rows.every((row) => row.planDow.includes(1))).toBe(true);
  });

  it('names the range it seeds (its visits are synced for the same days)', () => {
    expect(getDemoMealChoicesRange(today)).toEqual({ from: firstDay, to: lastDay });
    expect(getDemoMealChoicesRange('2026-11-23')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
  });

  it('seeds planned days of the past four weeks, this one and the next from the menu, about 1 in 12 missing', async () => {
    const written = await seedDemoMealChoices(t.db, accountId, today);
    const choices = await readChoices();
    expect(written).toBe(choices.length);
    expect(choices.length).toBeGreaterThan(160 * 6 * 2);

    const clientRows = await readClients();
    const planOf = new Map(clientRows.map((row) => [row.id, row.planDow]));
    let planned = 0;
    const filled = new Set(choices.map((choice) => `${choice.clientId}|${choice.date}`));
    for (let date = firstDay; date <= lastDay; date = addDays(date, 1)) {
      for (const row of clientRows) if (isPlannedDay(row.planDow, getIsoWeekday(date))) planned += 1;
    }
    const missingShare = 1 - filled.size / planned;
    expect(missingShare).toBeGreaterThan(0.04);
    expect(missingShare).toBeLessThan(0.14);
    for (const choice of choices) {
      expect(choice.date >= firstDay && choice.date <= lastDay).toBe(true);
      expect(isPlannedDay(planOf.get(choice.clientId) ?? [], getIsoWeekday(choice.date))).toBe(true);
    }
    const perDay = new Map<string, number>();
    for (const choice of choices)
      perDay.set(
        `${choice.clientId}|${choice.date}`,
        (perDay.get(`${choice.clientId}|${choice.date}`) ?? 0) + 1,
      );
    expect(Math.max(...perDay.values())).toBe(2);
    expect(new Set(choices.map((choice) => choice.quantity))).toEqual(new Set([1, 2]));
    expect(new Set(choices.map((choice) => choice.mealState)).size).toBe(3);
    expect(new Set(choices.map((choice) => choice.cookDeliver)).size).toBe(3);
    expect(choices.some((choice) => choice.comment !== '')).toBe(true);
  });

  it('chooses only meals on that date’s menu, mostly suitable for the client’s labels', async () => {
    const offMenu = await t.db
      .select({ total: sql<number>`cast(count(*) as integer)` })
      .from(clientMealChoices)
      .where(
        and(
          eq(clientMealChoices.accountId, accountId),
          sql`not exists (select 1 from ${menuItems} where ${menuItems.accountId} = ${accountId} and ${menuItems.date} = ${clientMealChoices.date} and ${menuItems.mealId} = ${clientMealChoices.mealId})`,
        ),
      );
    expect(offMenu[0]?.total).toBe(0);
    // The past weeks the catalogue had no menu for now have one.
    const weeks = await t.db
      .selectDistinct({ date: menuItems.date })
      .from(menuItems)
      .where(eq(menuItems.accountId, accountId));
    expect(weeks.some((row) => row.date === firstDay)).toBe(true);

    const mealLabels = new Map(
      (await t.db.select().from(meals).where(eq(meals.accountId, accountId))).map((meal) => [
        meal.id,
        meal.labels,
      ]),
    );
    const labelsOf = new Map((await readClients()).map((row) => [row.id, row.labels]));
    const labelledChoices = (await readChoices()).filter(
      (choice) => (labelsOf.get(choice.clientId) ?? []).length > 0,
    );
    const suitable = labelledChoices.filter((choice) =>
      (labelsOf.get(choice.clientId) ?? []).every((label) =>
        (mealLabels.get(choice.mealId) ?? []).includes(label),
      ),
    );
    expect(labelledChoices.length).toBeGreaterThan(0);
    expect(suitable.length / labelledChoices.length).toBeGreaterThan(0.7);
  });

  it('is idempotent: a second run writes nothing and leaves a changed day alone', async () => {
    const before = await readChoices();
    const [first] = before;
    if (!first) throw new Error('no choices');
    await t.db.update(clientMealChoices).set({ quantity: 7 }).where(eq(clientMealChoices.id, first.id));
    expect(await seedDemoMealChoices(t.db, accountId, today)).toBe(0);
    const after = await readChoices();
    expect(after.length).toBe(before.length);
    expect(after.find((choice) => choice.id === first.id)?.quantity).toBe(7);
  });
});
