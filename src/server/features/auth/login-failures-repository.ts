import { and, count, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema/users';
import type { LoginFailureCounts } from './login-throttle';

type Attempt = { username: string; address: string };

/** The log in attempts the throttle counts, shared by every app server through the database. */
export function createLoginFailuresRepository(db: Database) {
  return {
    /**
     * Records an attempt before its password is checked, so that attempts running at the same time (on any
     * server) count each other; answers the row's id.
     */
    async recordAttempt(attempt: Attempt, at: Date): Promise<number> {
      const [row] = await db
        .insert(loginFailures)
        .values({ ...attempt, attemptedAt: at })
        .returning({ id: loginFailures.id });
      if (!row) throw new Error('login attempt not recorded');
      return row.id;
    },

    /** The failures of this username since `since`, other than the attempt `exceptId`. */
    async countFailures(attempt: Attempt, since: Date, exceptId: number): Promise<LoginFailureCounts> {
      const isFromNetwork = sql`${loginFailures.address} = ${attempt.address}`;
      const [row] = await db
        .select({
          total: count(),
          fromNetwork: sql<number>`count(*) filter (where ${isFromNetwork})`.mapWith(Number),
          inProgressFromNetwork:
            sql<number>`count(*) filter (where ${isFromNetwork} and not ${loginFailures.isChecked})`.mapWith(
              Number,
            ),
          oldestFromNetwork:
            sql<Date | null>`min(${loginFailures.attemptedAt}) filter (where ${isFromNetwork})`.mapWith(
              loginFailures.attemptedAt,
            ),
        })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.username, attempt.username),
            gt(loginFailures.attemptedAt, since),
            ne(loginFailures.id, exceptId),
          ),
        );
      return {
        total: row?.total ?? 0,
        fromNetwork: row?.fromNetwork ?? 0,
        inProgressFromNetwork: row?.inProgressFromNetwork ?? 0,
        oldestFromNetwork: row?.oldestFromNetwork ?? null,
      };
    },

    /** The attempt's password proved wrong: its row stays, now as a failure. */
    async markFailed(id: number) {
      await db.update(loginFailures).set({ isChecked: true }).where(eq(loginFailures.id, id));
    },

    async deleteAttempt(id: number) {
      await db.delete(loginFailures).where(eq(loginFailures.id, id));
    },

    /** After a successful log in: the failures of this username from this network only. */
    async clearFailures(attempt: Attempt) {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.username, attempt.username), eq(loginFailures.address, attempt.address)));
    },

    async deleteFailuresUpTo(until: Date) {
      await db.delete(loginFailures).where(lte(loginFailures.attemptedAt, until));
    },
  };
}
export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
