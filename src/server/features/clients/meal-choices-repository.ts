import { and, asc, between, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { isClientDayCancelled } from '../../db/cancelled-day-sql';
import type { Database } from '../../db/client';
import { clientDays, visits } from '../../db/schema/clients';
import { clientHolds } from '../../db/schema/holds';
import { clientMealChoices, labels, meals } from '../../db/schema/meals';

/** A stored choice with its meal's key; `date` is YYYY-MM-DD. */
export type MealChoiceRow = {
  date: string;
  mealKey: string;
  quantity: number;
  mealState: string;
  cookDeliver: string;
  comment: string;
  /** The reason a clashing meal was chosen all the same; null when not overridden. */
  allergenOverride: string | null;
};
export type NewMealChoice = {
  date: string;
  mealId: number;
  quantity: number;
  mealState: string;
  cookDeliver: string;
  comment: string;
  allergenOverride: string | null;
};
export type MealRef = {
  id: number;
  key: string;
  description: string;
  mealState: string;
  allergens: string[];
};

export function createMealChoicesRepository(db: Database) {
  return {
    /** A client's choices from `from` to `to` (YYYY-MM-DD, both included), by date then meal. */
    listChoices(clientId: number, from: string, to: string): Promise<MealChoiceRow[]> {
      return db
        .select({
          date: clientMealChoices.date,
          mealKey: meals.key,
          quantity: clientMealChoices.quantity,
          mealState: clientMealChoices.mealState,
          cookDeliver: clientMealChoices.cookDeliver,
          comment: clientMealChoices.comment,
          allergenOverride: clientMealChoices.allergenOverride,
        })
        .from(clientMealChoices)
        .innerJoin(meals, eq(meals.id, clientMealChoices.mealId))
        .where(and(eq(clientMealChoices.clientId, clientId), between(clientMealChoices.date, from, to)))
        .orderBy(asc(clientMealChoices.date), asc(meals.id));
    },

    /** For the list's strip: per client and date, the sum of quantities (one query for the whole page). */
    async sumQuantities(
      clientIds: number[],
      from: string,
      to: string,
    ): Promise<{ clientId: number; date: string; count: number }[]> {
      if (clientIds.length === 0) return [];
      return db
        .select({
          clientId: clientMealChoices.clientId,
          date: clientMealChoices.date,
          count: sql<number>`cast(sum(${clientMealChoices.quantity}) as integer)`,
        })
        .from(clientMealChoices)
        .where(and(inArray(clientMealChoices.clientId, clientIds), between(clientMealChoices.date, from, to)))
        .groupBy(clientMealChoices.clientId, clientMealChoices.date);
    },

    /** The holds of these clients that touch `from` to `to` (YYYY-MM-DD): the strip marks their days. */
    listHoldsInWindow(clientIds: number[], from: string, to: string) {
      if (clientIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          clientId: clientHolds.clientId,
          fromDate: clientHolds.fromDate,
          toDate: clientHolds.toDate,
          reason: clientHolds.reason,
        })
        .from(clientHolds)
        .where(
          and(
            inArray(clientHolds.clientId, clientIds),
            lte(clientHolds.fromDate, to),
            or(isNull(clientHolds.toDate), gte(clientHolds.toDate, from)),
          ),
        );
    },

    /**
     * The days from `from` to `to` (YYYY-MM-DD) on which the CRM cancelled every visit of one of these clients, with
     * the CRM's reasons ('; ' between different ones, '' when it gave none).
     */
    listCancelledDays(
      clientIds: number[],
      from: string,
      to: string,
    ): Promise<{ clientId: number; date: string; reason: string }[]> {
      if (clientIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          clientId: clientDays.clientId,
          date: clientDays.date,
          reason: sql<string>`coalesce(string_agg(distinct nullif(${visits.cancelReason}, ''), '; '), '')`,
        })
        .from(clientDays)
        .innerJoin(visits, and(eq(visits.clientId, clientDays.clientId), eq(visits.date, clientDays.date)))
        .where(
          and(
            inArray(clientDays.clientId, clientIds),
            between(clientDays.date, from, to),
            isClientDayCancelled(clientDays.visits, clientDays.cancelledVisits),
          ),
        )
        .groupBy(clientDays.clientId, clientDays.date);
    },

    /** The account's meals with these keys (any status). */
    findMealsByKeys(accountId: number, keys: string[]): Promise<MealRef[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: meals.id,
          key: meals.key,
          description: meals.description,
          mealState: meals.mealState,
          allergens: meals.allergens,
        })
        .from(meals)
        .where(and(eq(meals.accountId, accountId), inArray(meals.key, keys)));
    },

    /** The names of the account's labels. */
    async listLabelNames(accountId: number): Promise<string[]> {
      const rows = await db.select({ name: labels.name }).from(labels).where(eq(labels.accountId, accountId));
      return rows.map((row) => row.name);
    },

    /**
     * Replaces the client's choices on these dates (YYYY-MM-DD) with the given ones and marks the client updated,
     * in one statement (the database function replace_client_meal_choices): a save's locks last one round trip.
     * Answers false, writing nothing, when the client is not (or no longer) the account's.
     */
    async replaceDays(
      accountId: number,
      clientId: number,
      dates: string[],
      choices: NewMealChoice[],
      now: Date,
    ): Promise<boolean> {
      const rows = choices.map((choice) => ({
        date: choice.date,
        meal_id: choice.mealId,
        quantity: choice.quantity,
        meal_state: choice.mealState,
        cook_deliver: choice.cookDeliver,
        comment: choice.comment,
        allergen_override: choice.allergenOverride,
      }));
      const result = (await db.execute(
        sql`select replace_client_meal_choices(${accountId}::integer, ${clientId}::integer, ${JSON.stringify(dates)}::jsonb, ${JSON.stringify(rows)}::jsonb, ${now.toISOString()}::timestamptz) as "replaced"`,
      )) as unknown as { rows: { replaced: boolean }[] };
      return result.rows[0]?.replaced === true;
    },
  };
}
export type MealChoicesRepository = ReturnType<typeof createMealChoicesRepository>;
