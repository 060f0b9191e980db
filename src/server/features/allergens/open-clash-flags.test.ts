import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverLink, DriverRun } from '../../../contracts/driver';
import type { PrintLink, PrintRoundBody } from '../../../contracts/print';
import type { KitchenDayReport, PackingListReport } from '../../../contracts/reports';
import { clients } from '../../db/schema/clients';
import { clientMealChoices, meals } from '../../db/schema/meals';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedOtherAccountOrder, seedReportFixture, type ReportFixture } from '../../testing/reports-fixture';

/*
 * A clash that arose after the meal was chosen (the client's allergy or the meal's allergens added later) is
 * flagged on the client's line of every list that hands the meal over, until it is overridden or the meal changed.
 * On Monday 7 December: Alice (North) has Roast Chicken (milk) and is allergic to milk; Bob (North) too, but his
 * choice was overridden; Carol (East) has Apple Crumble (egg) and is allergic to egg; Alice's crumble is fine.
 */

// Sunday 6 December 2026, 10:00 in Perth: Monday's driver link can still be made.
const now = () => new Date('2026-12-06T02:00:00Z');
const reason = 'Milk-free gravy made for Bob';

let t: TestApp;
let token = '';
let otherToken = '';
let fixture: ReportFixture;

beforeAll(async () => {
  t = await createTestApp({}, { now });
  const { account, user } = await t.createAccount('Open Clashes');
  fixture = await seedReportFixture(t.db, account.id);
  const idOf = (name: string) => fixture.clientIds[name] ?? 0;
  await t.db
    .update(meals)
    .set({ allergens: ['milk', 'gluten'] })
    .where(and(eq(meals.accountId, account.id), eq(meals.key, 'roast')));
  await t.db
    .update(meals)
    .set({ allergens: ['gluten', 'egg'] })
    .where(and(eq(meals.accountId, account.id), eq(meals.key, 'crumble')));
  await t.db
    .update(clients)
    .set({ allergies: ['milk'] })
    .where(inArray(clients.id, [idOf('Alice'), idOf('Bob')]));
  await t.db
    .update(clients)
    .set({ allergies: ['Egg'] })
    .where(eq(clients.id, idOf('Carol')));
  const [roast] = await t.db
    .select({ id: meals.id })
    .from(meals)
    .where(and(eq(meals.accountId, account.id), eq(meals.key, 'roast')));
  await t.db
    .update(clientMealChoices)
    .set({ allergenOverride: reason })
    .where(
      and(
        eq(clientMealChoices.clientId, idOf('Bob')),
        eq(clientMealChoices.date, '2026-12-07'),
        eq(clientMealChoices.mealId, roast?.id ?? 0),
      ),
    );
  token = await t.login(user.username);
  const other = await t.createAccount('Other Clashes');
  await seedOtherAccountOrder(t.db, other.account.id);
  otherToken = await t.login(other.user.username);
});
afterAll(async () => t.close());

const visit = (key: string) => fixture.visitIds[key] ?? 0;
const all = { mains: true, desserts: true, '': true };

function packingList(withToken = token) {
  return t.call<PackingListReport>('POST', '/api/reports/packing_list', {
    token: withToken,
    body: { date: '07-12-2026', categories: all },
  });
}

function northBody(format: PrintRoundBody['format']): PrintRoundBody {
  return {
    round: fixture.roundIds.north,
    date: '2026-12-07',
    format,
    events: [
      { id: visit('Bob 2026-12-07 completed'), start: '09:20', end: '09:35' },
      { id: visit('Alice 2026-12-07 completed'), start: '09:45', end: '10:00' },
    ],
  };
}

async function fetchFile(url: string, body: unknown): Promise<string> {
  const link = await t.call<PrintLink>('POST', url, { token, body });
  expect(link.body.meta).toMatchObject({ error_code: 0 });
  const file = await t.server.inject({ method: 'GET', url: link.body.data.url });
  expect(file.headers['content-type']).toBe('application/pdf');
  return extractPdfText(file.rawPayload);
}

describe('open allergen clashes in the packing list', () => {
  it("flags the clash on the client's entry, an empty list when none, and an override as resolved", async () => {
    const result = await packingList();
    expect(result.status).toBe(200);
    const entries = result.body.data.rounds.flatMap((round) =>
      round.meals.flatMap((meal) => meal.entries.map((entry) => ({ meal: meal.key, ...entry }))),
    );
    const find = (client: string, meal: string) =>
      entries.find((entry) => entry.client === client && entry.meal === meal);
    expect(find('Alice Archer', 'roast')?.allergen_clash).toEqual(['milk']);
    expect(find('Alice Archer', 'crumble')?.allergen_clash).toEqual([]);
    expect(find('Carol Cook', 'crumble')?.allergen_clash).toEqual(['egg']);
    expect(find('Dan Dunn', 'fish')?.allergen_clash).toEqual([]);
    const bob = find('Bob Baker', 'roast');
    expect(bob?.allergen_clash).toEqual([]);
    expect(bob?.allergen_override).toEqual({ allergens: ['milk'], reason });
  });

  it("leaves another account's list without the flags", async () => {
    const result = await packingList(otherToken);
    const entries = result.body.data.rounds.flatMap((round) => round.meals.flatMap((meal) => meal.entries));
    expect(entries.map((entry) => entry.allergen_clash)).toEqual([[]]);
  });

  it('prints the flag on the client line of the PDF', async () => {
    const text = await fetchFile('/api/print/report', {
      report: 'packing_list',
      format: 'pdf',
      date: '07-12-2026',
      categories: all,
    });
    expect(text).toMatch(/Alice Archer.*ALLERGY: milk/);
    expect(text).toMatch(/Carol Cook.*ALLERGY: egg/);
    expect(text).not.toMatch(/Bob Baker.*ALLERGY/);
    expect(text).toMatch(/Bob Baker\s+Allergen override/);
  });

  it('puts the flag first in the note of the CSV', async () => {
    const link = await t.call<PrintLink>('POST', '/api/print/report', {
      token,
      body: { report: 'packing_list', format: 'csv', date: '07-12-2026', categories: all },
    });
    const file = await t.server.inject({ method: 'GET', url: link.body.data.url });
    const lines = file.rawPayload.subarray(3).toString('utf8').split('\r\n');
    const id = (name: string) => String(fixture.clientIds[name] ?? 0);
    expect(lines).toContain(
      `North,Mains,Roast Chicken,Alice Archer,${id('Alice')},ALLERGY: milk Extra gravy,No nuts,2`,
    );
    expect(lines).toContain(`East,Desserts,Apple Crumble,Carol Cook,${id('Carol')},ALLERGY: egg,,2`);
  });
});

describe('open allergen clashes in Kitchen Prep By Day', () => {
  it("lists the day's open clashes, not the overridden ones", async () => {
    const result = await t.call<KitchenDayReport>('GET', '/api/reports/kitchen_prep/day?date=07-12-2026', {
      token,
    });
    const monday = result.body.data.days[0];
    expect(monday?.allergen_clashes?.map((clash) => [clash.client, clash.meal, clash.allergens])).toEqual([
      ['Alice Archer', 'Roast Chicken', ['milk']],
      ['Carol Cook', 'Apple Crumble', ['egg']],
    ]);
    expect(result.body.data.days[1]?.allergen_clashes).toEqual([]);
    const text = await fetchFile('/api/print/report', {
      report: 'kitchen_prep_by_day',
      format: 'pdf',
      days: ['07-12-2026'],
    });
    expect(text).toContain('Allergy clashes to resolve');
    expect(text).toMatch(/Alice Archer\s+Roast Chicken\s+ALLERGY: milk/);
    expect(text).toMatch(/Carol Cook\s+Apple Crumble\s+ALLERGY: egg/);
    expect(text).not.toMatch(/Bob Baker\s+Roast Chicken\s+ALLERGY/);
  });
});

describe('open allergen clashes on the round sheets', () => {
  it("flags the clash on the driver sheet, kitchen sheet and Alice's label, not Bob's", async () => {
    const driver = await fetchFile('/api/print/round', northBody('driver'));
    expect(driver).toMatch(/Alice Archer\s+ALLERGY: milk - 2 x Roast Chicken/);
    expect(driver.match(/ALLERGY:/g)).toHaveLength(1);

    const kitchen = await fetchFile('/api/print/round', northBody('kitchen'));
    expect(kitchen).toContain('Allergy clashes to resolve');
    expect(kitchen).toMatch(/Alice Archer\s+Roast Chicken\s+ALLERGY: milk/);
    expect(kitchen.match(/ALLERGY:/g)).toHaveLength(1);

    const labels = await fetchFile('/api/print/round', northBody('meal_labels'));
    expect(labels).toContain('ALLERGY: milk');
    expect(labels.match(/ALLERGY:/g)).toHaveLength(2);
    expect(labels).toContain('Contains: milk, gluten');
  });
});

describe('open allergen clashes on the driver page', () => {
  it("carries the clash with each stop's meals, empty when none and when overridden", async () => {
    const link = await t.call<DriverLink>('POST', `/api/rounds/${fixture.roundIds.north}/driver_link`, {
      token,
      body: { date: '2026-12-07' },
    });
    const run = await t.call<DriverRun>(
      'GET',
      `/api/driver/${link.body.data.url.replace('/driver/', '')}/run`,
    );
    expect(run.status).toBe(200);
    const meals = run.body.data.stops.flatMap((stop) =>
      stop.meals.map((meal) => [stop.client.name, meal.description, meal.allergen_clash]),
    );
    expect(meals).toEqual(
      expect.arrayContaining([
        ['Alice Archer', 'Roast Chicken', ['milk']],
        ['Alice Archer', 'Apple Crumble', []],
        ['Bob Baker', 'Roast Chicken', []],
        ['Bob Baker', 'Pumpkin Soup', []],
      ]),
    );
  });
});
