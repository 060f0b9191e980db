import { sql } from 'drizzle-orm';
import type { AllergenOverrideFlag } from '../../../contracts/allergens';
import type { Database } from '../../db/client';
import { selectChoiceAllergens, type ChoiceAllergensRow } from '../../db/choice-clash-sql';
import { toClash } from '../allergens/service';
import { countedChoices } from './repository';

/** An overridden clash among the counted orders. */
export type OverrideRow = ChoiceAllergensRow & { reason: string };

function toOverrideFlag(row: OverrideRow): AllergenOverrideFlag {
  return { ...toClash(row), reason: row.reason };
}

/**
 * The overridden clashes the kitchen reports and the packing list flag: choices stored with an allergen override
 * that the reports count (the counting rule of repository.ts, countedChoices), by date, client and meal.
 */
export function createAllergenOverridesRepository(db: Database) {
  return {
    async listCountedOverrides(accountId: number, from: string, to: string): Promise<AllergenOverrideFlag[]> {
      const where = sql`c.account_id = ${accountId} and c.date between ${from} and ${to}
        and c.allergen_override is not null
        and exists (select 1 from ${countedChoices(accountId, from, to)}
          where counted.client_id = c.client_id and counted.date = c.date and counted.meal_id = c.meal_id)`;
      const result = await db.execute(selectChoiceAllergens(where, sql`, c.allergen_override as "reason"`));
      return (result as unknown as { rows: OverrideRow[] }).rows.map(toOverrideFlag);
    },
  };
}
export type AllergenOverridesRepository = ReturnType<typeof createAllergenOverridesRepository>;
