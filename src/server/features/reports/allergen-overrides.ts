import { sql } from 'drizzle-orm';
import type { AllergenOverrideFlag } from '../../../contracts/allergens';
import { findClashingAllergens } from '../../../domain/allergen-clash';
import { formatDayMonthYear } from '../../../domain/weeks';
import type { Database } from '../../db/client';
import { countedChoices } from './repository';

/** An overridden clash among the counted orders; `date` is YYYY-MM-DD. */
export type OverrideRow = {
  clientId: number;
  clientName: string;
  date: string;
  mealKey: string;
  mealName: string;
  mealAllergens: string[];
  clientAllergies: string[];
  reason: string;
};

export function toOverrideFlag(row: OverrideRow): AllergenOverrideFlag {
  return {
    client_id: row.clientId,
    client: row.clientName,
    date: formatDayMonthYear(row.date),
    meal_key: row.mealKey,
    meal: row.mealName,
    allergens: findClashingAllergens(row.mealAllergens, row.clientAllergies),
    reason: row.reason,
  };
}

/**
 * The overridden clashes the kitchen reports and the packing list flag: choices stored with an allergen override
 * that the reports count (the counting rule of repository.ts, countedChoices), by date, client and meal.
 */
export function createAllergenOverridesRepository(db: Database) {
  return {
    async listCountedOverrides(accountId: number, from: string, to: string): Promise<AllergenOverrideFlag[]> {
      const result = await db.execute(sql`
        select c.client_id as "clientId", cl.name as "clientName", c.date, m.key as "mealKey",
          m.description as "mealName", m.allergens as "mealAllergens", cl.allergies as "clientAllergies",
          c.allergen_override as "reason"
        from client_meal_choices c
        join clients cl on cl.id = c.client_id
        join meals m on m.id = c.meal_id
        where c.account_id = ${accountId} and c.date between ${from} and ${to} and c.allergen_override is not null
          and exists (select 1 from ${countedChoices(accountId, from, to)}
            where counted.client_id = c.client_id and counted.date = c.date and counted.meal_id = c.meal_id)
        order by c.date, cl.name, cl.id, m.description, m.id`);
      return (result as unknown as { rows: OverrideRow[] }).rows.map(toOverrideFlag);
    },
  };
}
export type AllergenOverridesRepository = ReturnType<typeof createAllergenOverridesRepository>;
