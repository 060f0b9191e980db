import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Refreshes the query planner's statistics of every table (ANALYZE). Without them PostgreSQL takes each table for
 * nearly empty and chooses nested loops that rescan an index once per row: on the demo data the kitchen prep week
 * took over 100 ms instead of 3 ms. PostgreSQL's autovacuum keeps them current by itself; PGlite runs without
 * background workers, so on the embedded database nothing does unless the app asks.
 */
export async function analyseTables(db: Database): Promise<void> {
  await db.execute(sql`analyze`);
}
