import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mealCategories } from '../../db/schema/clients';
import { meals } from '../../db/schema/meals';

export const mealColumns = {
  id: meals.id,
  key: meals.key,
  description: meals.description,
  ingredients: meals.ingredients,
  categoryId: meals.categoryId,
  categoryName: mealCategories.name,
  categoryPosition: mealCategories.position,
  mealState: meals.mealState,
  labels: meals.labels,
  allergens: meals.allergens,
  reheatingInstructions: meals.reheatingInstructions,
  isActive: meals.isActive,
};
export type MealRow = {
  id: number;
  key: string;
  description: string;
  ingredients: string;
  categoryId: number | null;
  categoryName: string | null;
  categoryPosition: number | null;
  mealState: string;
  labels: string[];
  allergens: string[];
  reheatingInstructions: string;
  isActive: boolean;
};

export type MealFilters = {
  status: 'all' | 'active' | 'inactive';
  /** null: every category. */
  categoryName: string | null;
  query: string;
};

export type MealValues = {
  description: string;
  ingredients: string;
  categoryId: number | null;
  mealState: string;
  labels: string[];
  allergens: string[];
  reheatingInstructions: string;
  isActive: boolean;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function createCatalogueRepository(db: Database) {
  function conditions(accountId: number, filters: MealFilters): SQL | undefined {
    const parts: (SQL | undefined)[] = [eq(meals.accountId, accountId)];
    if (filters.status !== 'all') parts.push(eq(meals.isActive, filters.status === 'active'));
    if (filters.categoryName !== null) parts.push(eq(mealCategories.name, filters.categoryName));
    if (filters.query) {
      const pattern = `%${escapeLike(filters.query)}%`;
      parts.push(or(ilike(meals.description, pattern), ilike(meals.ingredients, pattern)));
    }
    return and(...parts);
  }

  return {
    async list(
      accountId: number,
      filters: MealFilters,
      page: { limit: number | null; offset: number },
    ): Promise<{ rows: MealRow[]; total: number }> {
      const where = conditions(accountId, filters);
      const [totalRow] = await db
        .select({ total: count() })
        .from(meals)
        .leftJoin(mealCategories, eq(mealCategories.id, meals.categoryId))
        .where(where);
      const query = db
        .select(mealColumns)
        .from(meals)
        .leftJoin(mealCategories, eq(mealCategories.id, meals.categoryId))
        .where(where)
        .orderBy(asc(mealCategories.position), asc(meals.description), asc(meals.id))
        .offset(page.offset);
      const rows = page.limit === null ? await query : await query.limit(page.limit);
      return { rows, total: totalRow?.total ?? 0 };
    },

    async findByKeys(accountId: number, keys: string[]): Promise<MealRow[]> {
      if (keys.length === 0) return [];
      return db
        .select(mealColumns)
        .from(meals)
        .leftJoin(mealCategories, eq(mealCategories.id, meals.categoryId))
        .where(and(eq(meals.accountId, accountId), inArray(meals.key, keys)));
    },

    async insert(accountId: number, key: string, values: MealValues): Promise<void> {
      await db.insert(meals).values({ accountId, key, ...values });
    },

    async update(accountId: number, id: number, values: Partial<MealValues>): Promise<void> {
      await db
        .update(meals)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(meals.accountId, accountId), eq(meals.id, id)));
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
