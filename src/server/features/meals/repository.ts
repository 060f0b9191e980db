import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mealCategories } from '../../db/schema/clients';
import { clientMealChoices, meals } from '../../db/schema/meals';
import { createCatalogueRepository } from './catalogue-repository';
import { createCategoriesRepository } from './categories-repository';
import { createLabelsRepository } from './labels-repository';
import { createMenuRepository } from './menu-repository';

export type ChoiceQuantity = { clientId: number; date: string; categoryKey: string; quantity: number };

export function createMealsRepository(db: Database) {
  return {
    categories: createCategoriesRepository(db),
    labels: createLabelsRepository(db),
    catalogue: createCatalogueRepository(db),
    menu: createMenuRepository(db),

    listCategories(accountId: number) {
      return db
        .select({ key: mealCategories.key, name: mealCategories.name })
        .from(mealCategories)
        .where(eq(mealCategories.accountId, accountId))
        .orderBy(asc(mealCategories.position), asc(mealCategories.name));
    },

    /** Ordered quantities per client, day and meal category between two dates (YYYY-MM-DD, both included). */
    async sumChoicesByCategory(
      accountId: number,
      fromDate: string,
      toDate: string,
    ): Promise<ChoiceQuantity[]> {
      return db
        .select({
          clientId: clientMealChoices.clientId,
          date: clientMealChoices.date,
          categoryKey: mealCategories.key,
          quantity: sql<number>`cast(sum(${clientMealChoices.quantity}) as integer)`,
        })
        .from(clientMealChoices)
        .innerJoin(meals, eq(meals.id, clientMealChoices.mealId))
        .innerJoin(mealCategories, eq(mealCategories.id, meals.categoryId))
        .where(
          and(eq(clientMealChoices.accountId, accountId), between(clientMealChoices.date, fromDate, toDate)),
        )
        .groupBy(clientMealChoices.clientId, clientMealChoices.date, mealCategories.key);
    },
  };
}
export type MealsRepository = ReturnType<typeof createMealsRepository>;
