import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { getTodayIn } from '../../../domain/today';
import type { Database } from '../client';
import { clients } from '../schema/clients';
import { clientMealChoices, meals } from '../schema/meals';
import { demoTimeZone } from '../../integrations/alayacare/simulator/demo-seed';

/** Which declarable allergen an ingredient word means (the demo meals list their ingredients). */
const allergenWords: [allergen: string, words: RegExp][] = [
  [
    'gluten',
    /\b(flour|pastry|bread|breadcrumbs|pasta|noodles?|wheat|barley|couscous|scone|crumble|sponge)\b/i,
  ],
  ['crustacea', /\b(prawns?|shrimp|crab|lobster)\b/i],
  ['egg', /\beggs?\b/i],
  ['fish', /\b(fish|salmon|barramundi|tuna|cod|snapper)\b/i],
  ['milk', /\b(milk|cream|cheese|butter|yoghurt|custard|parmesan|cheddar|ricotta)\b/i],
  ['peanut', /\bpeanuts?\b/i],
  ['soy', /\b(soy|tofu)\b/i],
  ['sesame', /\bsesame\b/i],
  ['tree nuts', /\b(almonds?|cashews?|walnuts?|pecans?|hazelnuts?)\b/i],
];

export function findDemoAllergens(ingredients: string): string[] {
  return allergenWords.filter(([, words]) => words.test(ingredients)).map(([allergen]) => allergen);
}

const overrideReason = 'GP confirmed the small amount of milk in this meal is tolerated (note on file).';

/**
 * The demo's allergens (issue 17): each demo meal gets the allergens its ingredients name, three clients get
 * allergies, and one future choice of a milk-allergic client is an overridden clash with its reason. Safe to run
 * again: every write sets the same values.
 */
export async function seedDemoAllergens(
  db: Database,
  accountId: number,
  today = getTodayIn(demoTimeZone),
): Promise<void> {
  const mealRows = await db
    .select({ id: meals.id, ingredients: meals.ingredients })
    .from(meals)
    .where(eq(meals.accountId, accountId));
  await db.transaction(async (tx) => {
    for (const meal of mealRows) {
      await tx
        .update(meals)
        .set({ allergens: findDemoAllergens(meal.ingredients) })
        .where(eq(meals.id, meal.id));
    }
  });
  const milky = new Set(
    mealRows.filter((meal) => findDemoAllergens(meal.ingredients).includes('milk')).map((meal) => meal.id),
  );

  // The milk-allergic client is one with a future choice of a meal containing milk, so the override shows.
  const [overridden] = await db
    .select({ id: clientMealChoices.id, clientId: clientMealChoices.clientId })
    .from(clientMealChoices)
    .where(
      and(
        eq(clientMealChoices.accountId, accountId),
        gte(clientMealChoices.date, today),
        inArray(clientMealChoices.mealId, milky.size > 0 ? [...milky] : [0]),
      ),
    )
    .orderBy(asc(clientMealChoices.date), asc(clientMealChoices.clientId))
    .limit(1);
  const others = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.accountId, accountId), sql`${clients.id} <> ${overridden?.clientId ?? 0}`))
    .orderBy(asc(clients.name))
    .limit(2);
  await db.transaction(async (tx) => {
    const allergies: [number | undefined, string[]][] = [
      [overridden?.clientId, ['milk']],
      [others[0]?.id, ['peanut', 'tree nuts']],
      [others[1]?.id, ['crustacea', 'fish']],
    ];
    for (const [clientId, names] of allergies) {
      if (clientId !== undefined)
        await tx.update(clients).set({ allergies: names }).where(eq(clients.id, clientId));
    }
    if (overridden) {
      await tx
        .update(clientMealChoices)
        .set({ allergenOverride: overrideReason })
        .where(eq(clientMealChoices.id, overridden.id));
    }
  });
}
