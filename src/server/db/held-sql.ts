import { sql, type SQL } from 'drizzle-orm';

/**
 * Is the client on hold that day? The SQL form of domain/holds.ts `isDateHeld` (a client_holds row covers the
 * date: from_date <= date and to_date null or >= date; dates YYYY-MM-DD, so text order is date order). Shared by
 * the counting rule of the reports (features/reports/repository.ts) and the clients list's strip and filters.
 */
export function isClientHeldOn(clientId: SQL, date: SQL): SQL {
  return sql`exists (select 1 from client_holds h where h.client_id = ${clientId} and h.from_date <= ${date}
    and (h.to_date is null or h.to_date >= ${date}))`;
}

/**
 * isClientHeldOn for a date known to lie from `from` to `to` (YYYY-MM-DD): the same answer, for a report's many
 * rows. Whether the client has any hold reaching the window is one lookup in a set the database builds once per
 * query; only the few clients with such a hold are then tested day by day (a hold covering a date of the window
 * starts by its end and ends, if at all, on or after its start, so no held day is missed).
 */
export function isClientHeldOnWithin(clientId: SQL, date: SQL, from: string, to: string): SQL {
  return sql`(${clientId} in (select h.client_id from client_holds h where h.from_date <= ${to}
    and (h.to_date is null or h.to_date >= ${from})) and ${isClientHeldOn(clientId, date)})`;
}
