import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A stored choice whose meal contains one of its client's allergies; `date` is YYYY-MM-DD. */
export type ClashRow = {
  clientId: number;
  clientName: string;
  date: string;
  mealKey: string;
  mealName: string;
  mealAllergens: string[];
  clientAllergies: string[];
};

/** The most clashes one answer lists (earliest first); far more would mean the data needs fixing, not a list. */
export const clashListLimit = 1000;

export function createClashesRepository(db: Database) {
  return {
    /**
     * The choices from `from` (YYYY-MM-DD) on, of visible clients, not overridden, whose meal contains one of the
     * client's allergies (compared like src/domain/allergen-clash.ts: case and spaces aside), optionally of one
     * meal; by date, client name, meal name.
     */
    async listOpenClashes(accountId: number, from: string, mealId?: number): Promise<ClashRow[]> {
      const ofMeal = mealId === undefined ? sql`` : sql`and m.id = ${mealId}`;
      const result = await db.execute(sql`
        select c.client_id as "clientId", cl.name as "clientName", c.date, m.key as "mealKey",
          m.description as "mealName", m.allergens as "mealAllergens", cl.allergies as "clientAllergies"
        from client_meal_choices c
        join clients cl on cl.id = c.client_id
        join meals m on m.id = c.meal_id
        where c.account_id = ${accountId} and c.date >= ${from} and c.allergen_override is null
          and not cl.is_hidden ${ofMeal}
          and exists (
            select 1 from jsonb_array_elements_text(m.allergens) as contained(name)
            join jsonb_array_elements_text(cl.allergies) as allergy(name)
              on lower(trim(contained.name)) = lower(trim(allergy.name)))
        order by c.date, cl.name, cl.id, m.description, m.id
        limit ${clashListLimit}`);
      return (result as unknown as { rows: ClashRow[] }).rows;
    },
  };
}
export type ClashesRepository = ReturnType<typeof createClashesRepository>;
