import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roundVisitRefreshes } from '../../db/schema/round-visit-refreshes';

export type RoundDay = { accountId: number; roundId: number; date: string };
export type RoundVisitRefresh = typeof roundVisitRefreshes.$inferSelect;

const matchesDay = (day: RoundDay) =>
  and(
    eq(roundVisitRefreshes.accountId, day.accountId),
    eq(roundVisitRefreshes.roundId, day.roundId),
    eq(roundVisitRefreshes.date, day.date),
  );

const dayKey = [roundVisitRefreshes.accountId, roundVisitRefreshes.roundId, roundVisitRefreshes.date];

/** When each round's day was last fetched from the CRM (one row per account, round and date). */
export function createRoundVisitRefreshesRepository(db: Database) {
  return {
    async findRefresh(day: RoundDay): Promise<RoundVisitRefresh | undefined> {
      const [row] = await db.select().from(roundVisitRefreshes).where(matchesDay(day));
      return row;
    },

    /**
     * Marks a refresh as begun. With `startedBefore`, only when no refresh began since then: one statement, so of
     * several servers asking at once exactly one gets the day. Answers whether this caller got it.
     */
    async startRefresh(day: RoundDay, startedAt: Date, startedBefore?: Date): Promise<boolean> {
      const rows = await db
        .insert(roundVisitRefreshes)
        .values({ ...day, startedAt })
        .onConflictDoUpdate({
          target: dayKey,
          set: { startedAt },
          ...(startedBefore
            ? {
                setWhere: or(
                  isNull(roundVisitRefreshes.startedAt),
                  lt(roundVisitRefreshes.startedAt, startedBefore),
                ),
              }
            : {}),
        })
        .returning({ accountId: roundVisitRefreshes.accountId });
      return rows.length > 0;
    },

    /** Records the outcome; a success moves refreshed_at forward only (an older refresh may finish last). */
    async finishRefresh(day: RoundDay, outcome: { startedAt: Date; finishedAt: Date; error: string }) {
      const refreshedAt = outcome.error
        ? roundVisitRefreshes.refreshedAt
        : sql`greatest(${roundVisitRefreshes.refreshedAt}, ${outcome.startedAt.toISOString()}::timestamptz)`;
      await db
        .update(roundVisitRefreshes)
        .set({ finishedAt: outcome.finishedAt, refreshedAt, lastError: outcome.error })
        .where(matchesDay(day));
    },
  };
}
export type RoundVisitRefreshesRepository = ReturnType<typeof createRoundVisitRefreshesRepository>;
