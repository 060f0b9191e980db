import { sql, type SQL } from 'drizzle-orm';
import type { AllergenClash, AllergenOverrideFlag } from '../../../contracts/allergens';
import type { Database } from '../../db/client';
import {
  mealClashesWithClient,
  selectChoiceAllergens,
  type ChoiceAllergensRow,
} from '../../db/choice-clash-sql';
import { toClash } from '../allergens/service';
import { countedChoices } from './repository';

/** An overridden clash among the counted orders. */
export type OverrideRow = ChoiceAllergensRow & { reason: string };

function toOverrideFlag(row: OverrideRow): AllergenOverrideFlag {
  return { ...toClash(row), reason: row.reason };
}

/** The choices (`c`) from `from` to `to` that the reports count (repository.ts, countedChoices). */
function isCounted(accountId: number, from: string, to: string): SQL {
  return sql`c.account_id = ${accountId} and c.date between ${from} and ${to}
    and exists (select 1 from ${countedChoices(accountId, from, to)}
      where counted.client_id = c.client_id and counted.date = c.date and counted.meal_id = c.meal_id)`;
}

/**
 * The allergen clashes among the orders the kitchen reports count, by date, client and meal: the overridden ones
 * (flagged with their reason) and the open ones (not overridden: the meal must be changed or overridden before it
 * goes out).
 */
export function createAllergenOverridesRepository(db: Database) {
  return {
    async listCountedOverrides(accountId: number, from: string, to: string): Promise<AllergenOverrideFlag[]> {
      const where = sql`${isCounted(accountId, from, to)} and c.allergen_override is not null`;
      const result = await db.execute(selectChoiceAllergens(where, sql`, c.allergen_override as "reason"`));
      return (result as unknown as { rows: OverrideRow[] }).rows.map(toOverrideFlag);
    },

    async listCountedClashes(accountId: number, from: string, to: string): Promise<AllergenClash[]> {
      const where = sql`${isCounted(accountId, from, to)} and c.allergen_override is null
        and ${mealClashesWithClient}`;
      const result = await db.execute(selectChoiceAllergens(where));
      return (result as unknown as { rows: ChoiceAllergensRow[] }).rows.map(toClash);
    },
  };
}
export type AllergenOverridesRepository = ReturnType<typeof createAllergenOverridesRepository>;
