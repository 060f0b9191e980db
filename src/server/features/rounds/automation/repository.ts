import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { createAdvisoryLocks, type AdvisoryLock, type AdvisoryLocks } from '../../../db/advisory-lock';
import type { Database } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { roundAutomationRuns } from '../../../db/schema/round-automation';

export type RunRow = typeof roundAutomationRuns.$inferSelect;
export type RunTrigger = 'schedule' | 'manual';
export type RunOutcome = Pick<
  RunRow,
  'status' | 'finishedAt' | 'rounds' | 'days' | 'visitsChanged' | 'errors'
>;

/** The first key of the advisory lock: round automation's own class, the second key is the account. */
export const roundAutomationLockClass = 0x52_41_55_54; // 'RAUT'

export const interruptedRunMessage = 'The run was interrupted (the server stopped).';

export type RunProgress = Pick<RunRow, 'rounds' | 'days' | 'visitsChanged' | 'errors'> & {
  heartbeatAt: Date;
};

/** A claimed run holds the account's lock until its end: release it once the run is recorded. */
export type ClaimResult = { run: RunRow; lock: AdvisoryLock } | { refusal: 'running' | 'already-ran' };

/** PostgreSQL's unique_violation, on the driver's error or on Drizzle's wrapper of it. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : undefined;
  return codeOf(error) === '23505' || (error instanceof Error && codeOf(error.cause) === '23505');
}

export function createRoundAutomationRepository(
  db: Database,
  locks: AdvisoryLocks = createAdvisoryLocks(db),
) {
  /** The insert of a new run, with the lock held: any run still 'running' belongs to a process that died. */
  function insertRun(accountId: number, trigger: RunTrigger, now: Date, scheduledSince: Date | null) {
    return db.transaction(async (tx): Promise<{ run: RunRow } | { refusal: 'already-ran' }> => {
      await tx
        .update(roundAutomationRuns)
        .set({ status: 'failed', finishedAt: now, errors: [interruptedRunMessage] })
        .where(and(eq(roundAutomationRuns.accountId, accountId), eq(roundAutomationRuns.status, 'running')));
      if (scheduledSince) {
        const [done] = await tx
          .select({ id: roundAutomationRuns.id })
          .from(roundAutomationRuns)
          .where(
            and(
              eq(roundAutomationRuns.accountId, accountId),
              eq(roundAutomationRuns.trigger, 'schedule'),
              gte(roundAutomationRuns.startedAt, scheduledSince),
            ),
          )
          .limit(1);
        if (done) return { refusal: 'already-ran' };
      }
      const [run] = await tx
        .insert(roundAutomationRuns)
        .values({ accountId, trigger, status: 'running', startedAt: now })
        .returning();
      if (!run) throw new Error('The round automation run was not recorded.');
      return { run };
    });
  }

  return {
    /**
     * Starts a run unless one is going for the account (on any server) or, for a scheduled run, one already
     * started since `scheduledSince`. The account's session advisory lock, taken here and held until the run's
     * end, is what says a run is going: a server that dies frees it at once, and the next claim marks the run it
     * left 'running' as interrupted. The unique index on running runs backs this in the database.
     */
    async claimRun(
      accountId: number,
      trigger: RunTrigger,
      now: Date,
      scheduledSince: Date | null,
    ): Promise<ClaimResult> {
      const lock = await locks.tryLock(roundAutomationLockClass, accountId);
      if (!lock) return { refusal: 'running' };
      try {
        const claimed = await insertRun(accountId, trigger, now, scheduledSince);
        if ('run' in claimed) return { run: claimed.run, lock };
        await lock.release();
        return claimed;
      } catch (error) {
        await lock.release();
        if (isUniqueViolation(error)) return { refusal: 'running' };
        throw error;
      }
    },

    /** A running run's counts so far, and when it wrote them. */
    async recordProgress(accountId: number, id: number, progress: RunProgress): Promise<void> {
      await db
        .update(roundAutomationRuns)
        .set(progress)
        .where(
          and(
            eq(roundAutomationRuns.accountId, accountId),
            eq(roundAutomationRuns.id, id),
            eq(roundAutomationRuns.status, 'running'),
          ),
        );
    },

    async finishRun(accountId: number, id: number, outcome: RunOutcome): Promise<RunRow> {
      const [run] = await db
        .update(roundAutomationRuns)
        .set(outcome)
        .where(and(eq(roundAutomationRuns.accountId, accountId), eq(roundAutomationRuns.id, id)))
        .returning();
      if (!run) throw new Error('The round automation run was not found.');
      return run;
    },

    listRuns(accountId: number, limit: number) {
      return db
        .select()
        .from(roundAutomationRuns)
        .where(eq(roundAutomationRuns.accountId, accountId))
        .orderBy(desc(roundAutomationRuns.startedAt), desc(roundAutomationRuns.id))
        .limit(limit);
    },

    /** Accounts with round automation switched on (a read of the accounts table: the job's one query there). */
    async listEnabledAccountIds(): Promise<number[]> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`${accounts.roundAutomation}->>'enabled' = '1'`)
        .orderBy(accounts.id);
      return rows.map((row) => row.id);
    },
  };
}
export type RoundAutomationRepository = ReturnType<typeof createRoundAutomationRepository>;
