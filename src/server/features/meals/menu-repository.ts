import { and, asc, between, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mealCategories } from '../../db/schema/clients';
import { meals, menuItems } from '../../db/schema/meals';
import { mealColumns, type MealRow } from './catalogue-repository';

export type MenuItemRow = { date: string; position: number; meal: MealRow };
export type NewMenuItem = { date: string; mealId: number; position: number };

export function createMenuRepository(db: Database) {
  return {
    /** The menu between two dates (YYYY-MM-DD, both included), by date, category order and position. */
    async list(accountId: number, fromDate: string, toDate: string): Promise<MenuItemRow[]> {
      const rows = await db
        .select({ date: menuItems.date, position: menuItems.position, meal: mealColumns })
        .from(menuItems)
        .innerJoin(meals, eq(meals.id, menuItems.mealId))
        .leftJoin(mealCategories, eq(mealCategories.id, meals.categoryId))
        .where(and(eq(menuItems.accountId, accountId), between(menuItems.date, fromDate, toDate)))
        .orderBy(asc(menuItems.date), asc(mealCategories.position), asc(menuItems.position));
      return rows;
    },

    async countItems(accountId: number, fromDate: string, toDate: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(menuItems)
        .where(and(eq(menuItems.accountId, accountId), between(menuItems.date, fromDate, toDate)));
      return row?.total ?? 0;
    },

    /** Replaces the menu between two dates with these items, in one transaction. */
    async replace(accountId: number, fromDate: string, toDate: string, items: NewMenuItem[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(menuItems)
          .where(and(eq(menuItems.accountId, accountId), between(menuItems.date, fromDate, toDate)));
        if (items.length > 0) {
          await tx.insert(menuItems).values(items.map((item) => ({ accountId, ...item })));
        }
      });
    },
  };
}
export type MenuRepository = ReturnType<typeof createMenuRepository>;
