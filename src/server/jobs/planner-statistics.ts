import type { Database } from '../db/client';
import { analyseTables } from '../db/planner-statistics';
import { startPeriodicJob, type JobLog } from './periodic-job';

/**
 * The embedded database's stand-in for autovacuum's ANALYZE (PGlite has no background workers): the planner's
 * statistics are refreshed every `intervalMs`, so they follow the data as CRM syncs and meal choices add to it.
 * An ANALYZE of a kitchen's data takes a fraction of a second; it holds PGlite's one connection meanwhile.
 */
export function startPlannerStatistics(
  db: Database,
  log: JobLog,
  intervalMs = 60 * 60_000,
): { stop(): Promise<void> } {
  return startPeriodicJob('planner statistics', () => analyseTables(db), { intervalMs, log });
}
