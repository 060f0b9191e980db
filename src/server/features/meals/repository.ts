import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mealCategories } from '../../db/schema/clients';

export function createMealsRepository(db: Database) {
  return {
    listCategories(accountId: number) {
      return db
        .select({ key: mealCategories.key, name: mealCategories.name })
        .from(mealCategories)
        .where(eq(mealCategories.accountId, accountId))
        .orderBy(asc(mealCategories.position), asc(mealCategories.name));
    },
  };
}
export type MealsRepository = ReturnType<typeof createMealsRepository>;
