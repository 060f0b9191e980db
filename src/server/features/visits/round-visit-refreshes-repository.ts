import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roundVisitRefreshes } from '../../db/schema/round-visit-refreshes';

export type RoundDay = { accountId: number; roundId: number; date: string };
export type RoundVisitRefresh = typeof roundVisitRefreshes.$inferSelect;
type RefreshOutcome = { startedAt: Date; finishedAt: Date; error: string };

const matchesDay = (day: RoundDay) =>
  and(
    eq(roundVisitRefreshes.accountId, day.accountId),
    eq(roundVisitRefreshes.roundId, day.roundId),
    eq(roundVisitRefreshes.date, day.date),
  );

const dayKey = [roundVisitRefreshes.accountId, roundVisitRefreshes.roundId, roundVisitRefreshes.date];

/** When each round's day was last fetched from the CRM (one row per account, round and date). */
export function createRoundVisitRefreshesRepository(db: Database) {
  /**
   * Records a refresh's outcome on its rounds' days (round automation fetches several together); a success moves
   * refreshed_at forward only (an older refresh may finish last).
   */
  async function finishRefreshes(days: RoundDay[], outcome: RefreshOutcome) {
    if (days.length === 0) return;
    const refreshedAt = outcome.error
      ? roundVisitRefreshes.refreshedAt
      : sql`greatest(${roundVisitRefreshes.refreshedAt}, ${outcome.startedAt.toISOString()}::timestamptz)`;
    await db
      .update(roundVisitRefreshes)
      .set({ finishedAt: outcome.finishedAt, refreshedAt, lastError: outcome.error })
      .where(or(...days.map(matchesDay)));
  }

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

    /** Marks the refresh of several rounds' day as begun (round automation fetches them together). */
    async startRefreshes(days: RoundDay[], startedAt: Date): Promise<void> {
      if (days.length === 0) return;
      await db
        .insert(roundVisitRefreshes)
        .values(days.map((day) => ({ ...day, startedAt })))
        .onConflictDoUpdate({ target: dayKey, set: { startedAt } });
    },

    /** Records the outcome of one round's day. */
    async finishRefresh(day: RoundDay, outcome: RefreshOutcome) {
      await finishRefreshes([day], outcome);
    },

    finishRefreshes,
  };
}
export type RoundVisitRefreshesRepository = ReturnType<typeof createRoundVisitRefreshesRepository>;
