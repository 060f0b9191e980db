import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenDayReport, KitchenWeekReport } from '../../../contracts/reports';
import { clients } from '../../db/schema/clients';
import { clientHolds } from '../../db/schema/holds';
import { clientMealChoices, meals } from '../../db/schema/meals';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixtureClock, seedReportFixture } from '../../testing/reports-fixture';

/*
 * The kitchen's allergen flags list only the orders the reports count (allergen-overrides.ts reads the flagged
 * choices first, then applies the counting rule to their clients). The report fixture with Roast Chicken holding
 * milk and Apple Crumble egg; Alice, Bob and Eve (hidden) allergic to milk, Carol to egg and on hold on 07-12.
 * Monday 7 December: Alice's roast is an open clash; Bob's and Eve's roasts are overridden; Carol's crumble would
 * clash but she is on hold. Wednesday 9 December: Alice's roast would clash but her only visit is cancelled.
 */

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Counted Clashes');
  token = await t.login(user.username);
  const fixture = await seedReportFixture(t.db, account.id);
  const idOf = (name: string) => fixture.clientIds[name] ?? 0;
  const setAllergens = (key: string, allergens: string[]) =>
    t.db
      .update(meals)
      .set({ allergens })
      .where(and(eq(meals.accountId, account.id), eq(meals.key, key)));
  await setAllergens('roast', ['milk']);
  await setAllergens('crumble', ['egg']);
  await t.db
    .update(clients)
    .set({ allergies: ['milk'] })
    .where(inArray(clients.id, [idOf('Alice'), idOf('Bob'), idOf('Eve')]));
  await t.db
    .update(clients)
    .set({ allergies: ['egg'] })
    .where(eq(clients.id, idOf('Carol')));
  const [roast] = await t.db
    .select({ id: meals.id })
    .from(meals)
    .where(and(eq(meals.accountId, account.id), eq(meals.key, 'roast')));
  await t.db
    .update(clientMealChoices)
    .set({ allergenOverride: 'Milk-free gravy' })
    .where(
      and(
        inArray(clientMealChoices.clientId, [idOf('Bob'), idOf('Eve')]),
        eq(clientMealChoices.date, '2026-12-07'),
        eq(clientMealChoices.mealId, roast?.id ?? 0),
      ),
    );
  await t.db.insert(clientHolds).values({
    accountId: account.id,
    clientId: idOf('Carol'),
    fromDate: '2026-12-07',
    toDate: '2026-12-07',
    reason: 'hospital',
  });
});
afterAll(async () => t.close());

type Flag = { client: string; meal: string; date: string };
const describeFlags = (flags: Flag[] | undefined) =>
  (flags ?? []).map((flag) => [flag.client, flag.meal, flag.date]);

describe('allergen flags of the counted orders only', () => {
  it('Kitchen Prep By Day: no flag for a held, hidden or cancelled day', async () => {
    const result = await t.call<KitchenDayReport>('GET', '/api/reports/kitchen_prep/day?date=07-12-2026', {
      token,
    });
    expect(result.body.meta.error_code).toBe(0);
    const flags = result.body.data.days.map((day) => ({
      date: day.date,
      clashes: describeFlags(day.allergen_clashes),
      overrides: describeFlags(day.allergen_overrides),
    }));
    expect(flags.filter((day) => day.clashes.length > 0 || day.overrides.length > 0)).toEqual([
      {
        date: '07-12-2026',
        clashes: [['Alice Archer', 'Roast Chicken', '07-12-2026']],
        overrides: [['Bob Baker', 'Roast Chicken', '07-12-2026']],
      },
    ]);
  });

  it("Kitchen Prep By Week: the week's counted overrides only", async () => {
    const result = await t.call<KitchenWeekReport>('GET', '/api/reports/kitchen_prep/week?date=07-12-2026', {
      token,
    });
    expect(describeFlags(result.body.data.allergen_overrides)).toEqual([
      ['Bob Baker', 'Roast Chicken', '07-12-2026'],
    ]);
  });
});
