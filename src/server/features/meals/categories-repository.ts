import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mealCategories } from '../../db/schema/clients';

export type CategoryRow = typeof mealCategories.$inferSelect;

export function createCategoriesRepository(db: Database) {
  return {
    listRows(accountId: number): Promise<CategoryRow[]> {
      return db
        .select()
        .from(mealCategories)
        .where(eq(mealCategories.accountId, accountId))
        .orderBy(asc(mealCategories.position), asc(mealCategories.name));
    },

    async insert(accountId: number, key: string, name: string): Promise<void> {
      await db.insert(mealCategories).values({
        accountId,
        key,
        name,
        position: sql`(select coalesce(max(${mealCategories.position}) + 1, 0) from ${mealCategories} where ${mealCategories.accountId} = ${accountId})`,
      });
    },

    async rename(accountId: number, key: string, name: string): Promise<boolean> {
      const rows = await db
        .update(mealCategories)
        .set({ name })
        .where(and(eq(mealCategories.accountId, accountId), eq(mealCategories.key, key)))
        .returning({ id: mealCategories.id });
      return rows.length > 0;
    },

    async reorder(accountId: number, keys: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [position, key] of keys.entries()) {
          await tx
            .update(mealCategories)
            .set({ position })
            .where(and(eq(mealCategories.accountId, accountId), eq(mealCategories.key, key)));
        }
      });
    },
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
