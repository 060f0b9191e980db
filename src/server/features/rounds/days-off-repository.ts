import { and, asc, between, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roundDaysOff } from '../../db/schema/day-plans';

export type RoundDayOffRow = { roundId: number; date: string };

export function createDaysOffRepository(db: Database) {
  return {
    listDaysOff(accountId: number, from: string, to: string): Promise<RoundDayOffRow[]> {
      return db
        .select({ roundId: roundDaysOff.roundId, date: roundDaysOff.date })
        .from(roundDaysOff)
        .where(and(eq(roundDaysOff.accountId, accountId), between(roundDaysOff.date, from, to)))
        .orderBy(asc(roundDaysOff.date), asc(roundDaysOff.roundId));
    },

    /** Marking a day twice keeps one row: the mark is a state, not an event. */
    async markDayOff(accountId: number, roundId: number, date: string): Promise<void> {
      await db.insert(roundDaysOff).values({ accountId, roundId, date }).onConflictDoNothing();
    },

    async clearDayOff(accountId: number, roundId: number, date: string): Promise<void> {
      await db
        .delete(roundDaysOff)
        .where(
          and(
            eq(roundDaysOff.accountId, accountId),
            eq(roundDaysOff.roundId, roundId),
            eq(roundDaysOff.date, date),
          ),
        );
    },
  };
}
export type DaysOffRepository = ReturnType<typeof createDaysOffRepository>;
