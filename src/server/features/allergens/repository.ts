import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { allergens, meals } from '../../db/schema/meals';

export type AllergenRow = typeof allergens.$inferSelect;

/** Where an allergen is in use: the meals that contain it and the clients allergic to it (names, a few of each). */
export type AllergenUsage = { meals: string[]; mealCount: number; clients: string[]; clientCount: number };

/** How many names of each kind a usage carries (the message names a few and counts the rest). */
const usageSample = 3;

/** A jsonb array of names with `oldName` replaced by `newName`, in its order. */
function renamedIn(
  column: typeof meals.allergens | typeof clients.allergies,
  oldName: string,
  newName: string,
) {
  return sql`(select coalesce(jsonb_agg(case when item.value = ${oldName} then ${newName} else item.value end order by item.ordinality), '[]'::jsonb) from jsonb_array_elements_text(${column}) with ordinality as item(value, ordinality))`;
}

function contains(column: typeof meals.allergens | typeof clients.allergies, name: string) {
  return sql`${column} @> jsonb_build_array(cast(${name} as text))`;
}

export function createAllergensRepository(db: Database) {
  return {
    list(accountId: number): Promise<AllergenRow[]> {
      return db.select().from(allergens).where(eq(allergens.accountId, accountId)).orderBy(asc(allergens.id));
    },

    async insert(accountId: number, values: { key: string; name: string }): Promise<void> {
      await db.insert(allergens).values({ accountId, ...values });
    },

    /** Renames an allergen and carries the new name to the account's meals and clients, in one transaction. */
    async rename(accountId: number, id: number, oldName: string, newName: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(allergens)
          .set({ name: newName })
          .where(and(eq(allergens.accountId, accountId), eq(allergens.id, id)));
        if (oldName === newName) return;
        await tx
          .update(meals)
          .set({ allergens: renamedIn(meals.allergens, oldName, newName), updatedAt: now })
          .where(and(eq(meals.accountId, accountId), contains(meals.allergens, oldName)));
        await tx
          .update(clients)
          .set({ allergies: renamedIn(clients.allergies, oldName, newName), updatedAt: now })
          .where(and(eq(clients.accountId, accountId), contains(clients.allergies, oldName)));
      });
    },

    async readUsage(accountId: number, name: string): Promise<AllergenUsage> {
      const [mealRows, clientRows] = await Promise.all([
        db
          .select({ name: meals.description, total: sql<number>`cast(count(*) over () as integer)` })
          .from(meals)
          .where(and(eq(meals.accountId, accountId), contains(meals.allergens, name)))
          .orderBy(asc(meals.description))
          .limit(usageSample),
        db
          .select({ name: clients.name, total: sql<number>`cast(count(*) over () as integer)` })
          .from(clients)
          .where(and(eq(clients.accountId, accountId), contains(clients.allergies, name)))
          .orderBy(asc(clients.name))
          .limit(usageSample),
      ]);
      return {
        meals: mealRows.map((row) => row.name),
        mealCount: mealRows[0]?.total ?? 0,
        clients: clientRows.map((row) => row.name),
        clientCount: clientRows[0]?.total ?? 0,
      };
    },

    /** Deletes the allergen unless a meal or a client took it up meanwhile; answers whether it was deleted. */
    async deleteUnused(accountId: number, id: number, name: string): Promise<boolean> {
      const rows = await db
        .delete(allergens)
        .where(
          and(
            eq(allergens.accountId, accountId),
            eq(allergens.id, id),
            sql`not exists (select 1 from ${meals} where ${meals.accountId} = ${accountId} and ${contains(meals.allergens, name)})`,
            sql`not exists (select 1 from ${clients} where ${clients.accountId} = ${accountId} and ${contains(clients.allergies, name)})`,
          ),
        )
        .returning({ id: allergens.id });
      return rows.length > 0;
    },
  };
}
export type AllergensRepository = ReturnType<typeof createAllergensRepository>;
