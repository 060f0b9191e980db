import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Did the CRM cancel the client's day? The SQL form of domain/report-rules.ts `isDayCancelled` over a client_days
 * row's visit counts (at least one visit, every one cancelled; no row means no visit). Shared by the counting rule
 * of the reports (features/reports/repository.ts) and the clients list's strip and a client's week, so a day the
 * kitchen leaves out is the day those screens mark.
 */
export function isClientDayCancelled(visitCount: SQLWrapper, cancelledCount: SQLWrapper): SQL {
  return sql`(coalesce(${visitCount}, 0) > 0 and ${cancelledCount} >= ${visitCount})`;
}
