import { lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/sessions';

/** Fixed-window request counters in the database, so every app server counts against the same limit. */
export function createRateCountersRepository(db: Database) {
  return {
    /** Counts one request under `key`; a window that has ended starts again at 1. One atomic statement. */
    async increment(key: string, windowMs: number, now: Date): Promise<{ hits: number; windowEndsAt: Date }> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const hasEnded = sql`${rateLimitCounters.windowEndsAt} <= ${at}`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, hits: 1, windowEndsAt: new Date(now.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${hasEnded} then 1 else ${rateLimitCounters.hits} + 1 end`,
            windowEndsAt: sql`case when ${hasEnded} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt });
      if (!row) throw new Error('rate counter not written');
      return row;
    },

    async deleteEnded(now: Date) {
      await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, now));
    },
  };
}
export type RateCountersRepository = ReturnType<typeof createRateCountersRepository>;
