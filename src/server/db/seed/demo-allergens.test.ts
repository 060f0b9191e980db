import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findClashingAllergens } from '../../../domain/allergen-clash';
import { accounts } from '../schema/accounts';
import { clients } from '../schema/clients';
import { clientMealChoices, meals } from '../schema/meals';
import { createTestDatabase } from '../../testing/test-database';
import { findDemoAllergens, seedDemoAllergens } from './demo-allergens';

describe('demo allergens', () => {
  it.each([
    ['Butternut pumpkin, onion, vegetable stock, cream, nutmeg', ['milk']],
    ['Barramundi, flour, egg, breadcrumbs', ['gluten', 'egg', 'fish']],
    ['Chicken, carrot, celery, potato', []],
    [
      'Prawns, peanuts, soy sauce, sesame oil, cashews',
      ['crustacea', 'peanut', 'soy', 'sesame', 'tree nuts'],
    ],
  ])('reads %s as %j', (ingredients, allergens) => {
    expect(findDemoAllergens(ingredients)).toEqual(allergens);
  });

  it('gives meals their allergens, three clients allergies and one overridden clash, the same on a second run', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const [account] = await db.insert(accounts).values({ name: 'Demo Allergens' }).returning();
      const accountId = account?.id ?? 0;
      const [soup, stew] = await db
        .insert(meals)
        .values([
          { accountId, key: 'soup', description: 'Soup', ingredients: 'Pumpkin, cream' },
          { accountId, key: 'stew', description: 'Stew', ingredients: 'Beef, carrot' },
        ])
        .returning();
      const clientRows = await db
        .insert(clients)
        .values(['Ann', 'Bob', 'Cat'].map((name) => ({ accountId, sourceId: name, name })))
        .returning();
      const [bob] = clientRows.filter((row) => row.name === 'Bob');
      await db.insert(clientMealChoices).values([
        { accountId, clientId: bob?.id ?? 0, date: '2026-11-20', mealId: soup?.id ?? 0 },
        { accountId, clientId: bob?.id ?? 0, date: '2026-11-21', mealId: stew?.id ?? 0 },
      ]);
      for (let run = 0; run < 2; run += 1) await seedDemoAllergens(db, accountId, '2026-11-18');

      const mealRows = await db.select().from(meals).where(eq(meals.accountId, accountId));
      expect(Object.fromEntries(mealRows.map((row) => [row.key, row.allergens]))).toEqual({
        soup: ['milk'],
        stew: [],
      });
      const byName = Object.fromEntries(
        (await db.select().from(clients).where(eq(clients.accountId, accountId))).map((row) => [
          row.name,
          row.allergies,
        ]),
      );
      expect(byName).toEqual({ Ann: ['peanut', 'tree nuts'], Bob: ['milk'], Cat: ['crustacea', 'fish'] });
      const choices = await db
        .select()
        .from(clientMealChoices)
        .where(eq(clientMealChoices.accountId, accountId));
      const overridden = choices.filter((choice) => choice.allergenOverride !== null);
      expect(overridden).toHaveLength(1);
      expect(overridden[0]?.mealId).toBe(soup?.id);
      expect(findClashingAllergens(['milk'], byName.Bob ?? [])).toEqual(['milk']);
    } finally {
      await database.close();
    }
  });
});
