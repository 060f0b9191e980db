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
