import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The dates of a client_holds row: the table's columns (drizzle) or those of the alias `h` in raw SQL. */
export type HoldDates = { fromDate: SQLWrapper; toDate: SQLWrapper };

/** client_holds under the alias `h`, as the raw SQL of the reports and the clients list name it. */
export const aliasedHold: HoldDates = { fromDate: sql`h.from_date`, toDate: sql`h.to_date` };

/**
 * The one form of "a hold overlaps the days `from` to `to`" (YYYY-MM-DD, so text order is date order; `to` null:
 * every day from `from` on): it starts on or before `to` and has no end or ends on or after `from`.
 */
export function holdOverlaps(hold: HoldDates, from: SQL | string, to: SQL | string | null): SQL {
  const endsOnOrAfter = sql`(${hold.toDate} is null or ${hold.toDate} >= ${from})`;
  return to === null ? endsOnOrAfter : sql`(${hold.fromDate} <= ${to} and ${endsOnOrAfter})`;
}

/**
 * Is the client on hold that day? The SQL form of domain/holds.ts `isDateHeld` (a client_holds row covers the
 * date: from_date <= date and to_date null or >= date; dates YYYY-MM-DD, so text order is date order). Shared by
 * the counting rule of the reports (features/reports/repository.ts) and the clients list's strip and filters.
 */
export function isClientHeldOn(clientId: SQL, date: SQL): SQL {
  return sql`exists (select 1 from client_holds h where h.client_id = ${clientId}
    and ${holdOverlaps(aliasedHold, date, date)})`;
}

/**
 * isClientHeldOn for a date known to lie from `from` to `to` (YYYY-MM-DD), of a client of `accountId`: the same
 * answer, for a report's many rows. Whether the client has any hold reaching the window is one lookup in a set the
 * database builds once per query from the account's holds (by its index, not every account's); only the few
 * clients with such a hold are then tested day by day (a hold covering a date of the window starts by its end and
 * ends, if at all, on or after its start, so no held day is missed).
 */
export function isClientHeldOnWithin(
  accountId: number,
  clientId: SQL,
  date: SQL,
  from: string,
  to: string,
): SQL {
  return sql`(${clientId} in (select h.client_id from client_holds h
      where h.account_id = ${accountId} and ${holdOverlaps(aliasedHold, from, to)})
    and ${isClientHeldOn(clientId, date)})`;
}
