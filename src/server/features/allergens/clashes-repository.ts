import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  mealClashesWithClient,
  selectChoiceAllergens,
  type ChoiceAllergensRow,
} from '../../db/choice-clash-sql';
import { isClientHeldOn } from '../../db/held-sql';

/** A stored choice whose meal contains one of its client's allergies. */
export type ClashRow = ChoiceAllergensRow;

/** The most clashes one answer lists (earliest first); far more would mean the data needs fixing, not a list. */
export const clashListLimit = 1000;

export function createClashesRepository(db: Database) {
  return {
    /**
     * The choices from `from` (YYYY-MM-DD) on, of visible clients, not overridden, whose meal contains one of the
     * client's allergies, optionally of one meal; by date, client name, meal name. A day the client is on hold is
     * left out: its meals are neither cooked nor delivered, so there is nothing for the kitchen to act on (the day
     * comes back on the list if the hold is shortened). Optionally of one meal or one client.
     */
    async listOpenClashes(
      accountId: number,
      from: string,
      of: { mealId?: number; clientId?: number } = {},
    ): Promise<ClashRow[]> {
      const ofMeal = of.mealId === undefined ? sql`` : sql`and m.id = ${of.mealId}`;
      const ofClient = of.clientId === undefined ? sql`` : sql`and cl.id = ${of.clientId}`;
      const where = sql`c.account_id = ${accountId} and c.date >= ${from} and c.allergen_override is null
        and not cl.is_hidden ${ofMeal} ${ofClient} and ${mealClashesWithClient}
        and not ${isClientHeldOn(sql`c.client_id`, sql`c.date`)}`;
      const result = await db.execute(sql`${selectChoiceAllergens(where)} limit ${clashListLimit}`);
      return (result as unknown as { rows: ClashRow[] }).rows;
    },
  };
}
export type ClashesRepository = ReturnType<typeof createClashesRepository>;
