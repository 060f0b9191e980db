import { and, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { getIsoWeekday } from '../../../domain/zoned-time';
import { aliasedHold, holdOverlaps, isClientHeldOn } from '../../db/held-sql';
import { clients } from '../../db/schema/clients';
import { clientMealChoices } from '../../db/schema/meals';

/**
 * The clients list's filters. `stripDates` are the 14 dates (YYYY-MM-DD) of the meal strip, which the
 * missing-meals filter looks at.
 */
export type ClientFilters = {
  accountId: number;
  nameContains: string;
  round: 'all' | 'none' | number;
  missingMeals?: { stripDates: string[] };
  /** Only clients on hold on some of these dates (YYYY-MM-DD). */
  onHold?: { stripDates: string[] };
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The SQL form of domain/meal-days.ts `isMissingMealDay` over the strip: some strip date falls on a planned
 * weekday (plan_dow's flag for that weekday is 1), the client is not on hold that day, and the sum of the
 * client's quantities that date is 0 or there is none. The strip's dates travel as a VALUES list with each date's
 * plan index (ISO weekday - 1).
 */
export function hasMissingMealDay(stripDates: string[]): SQL {
  const strip = sql.join(
    stripDates.map((date) => sql`(cast(${date} as text), cast(${getIsoWeekday(date) - 1} as integer))`),
    sql`, `,
  );
  return sql`exists (
    select 1 from (values ${strip}) as strip(day, plan_index)
    where ${clients.planDow} -> strip.plan_index = '1'::jsonb
      and not ${isClientHeldOn(sql`${clients.id}`, sql`strip.day`)}
      and coalesce((
        select sum(${clientMealChoices.quantity}) from ${clientMealChoices}
        where ${clientMealChoices.clientId} = ${clients.id} and ${clientMealChoices.date} = strip.day
      ), 0) <= 0
  )`;
}

/** Some date of the strip is held (domain/holds.ts): a hold starts on or before its last day and runs into it. */
function isOnHoldInStrip(stripDates: string[]): SQL {
  const from = stripDates[0] ?? '';
  const to = stripDates[stripDates.length - 1] ?? '';
  return sql`exists (select 1 from client_holds h where h.client_id = ${clients.id}
    and ${holdOverlaps(aliasedHold, from, to)})`;
}

/** The WHERE of the list (and of previous/next): the account's visible clients matching every filter given. */
export function buildClientsWhere(filters: ClientFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(clients.accountId, filters.accountId),
    eq(clients.isHidden, false),
  ];
  if (filters.nameContains) {
    const pattern = `%${escapeLike(filters.nameContains)}%`;
    conditions.push(or(ilike(clients.name, pattern), ilike(clients.externalId, pattern)));
  }
  if (filters.round === 'none') conditions.push(isNull(clients.roundId));
  else if (filters.round !== 'all') conditions.push(eq(clients.roundId, filters.round));
  if (filters.missingMeals) conditions.push(hasMissingMealDay(filters.missingMeals.stripDates));
  if (filters.onHold) conditions.push(isOnHoldInStrip(filters.onHold.stripDates));
  return and(...conditions);
}
