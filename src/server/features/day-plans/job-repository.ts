import { and, desc, eq, gte, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DayPlan } from '../../../contracts/day-plans';
import type { Database } from '../../db/client';
import { dayPlanJobs } from '../../db/schema/day-plans';

export type DayPlanJobRow = typeof dayPlanJobs.$inferSelect;

/** The first key of the transaction lock that puts one account's starts in a row; the second is the account. */
const dayPlanStartLockClass = 0x44_50_4c_4e; // 'DPLN'

const isJob = (accountId: number, id: string) =>
  and(eq(dayPlanJobs.accountId, accountId), eq(dayPlanJobs.id, id));
const isRunning = eq(dayPlanJobs.status, 'running');

/** The day planner's jobs (ADR 0029): any server reads and cancels any job; the server running one beats. */
export function createDayPlanJobsRepository(db: Database) {
  /** The job, if it is the account's and not yet forgotten (finished before `keptSince`). */
  async function findJob(accountId: number, id: string, keptSince: Date): Promise<DayPlanJobRow | undefined> {
    const [row] = await db
      .select()
      .from(dayPlanJobs)
      .where(
        and(isJob(accountId, id), or(isNull(dayPlanJobs.finishedAt), gte(dayPlanJobs.finishedAt, keptSince))),
      );
    return row;
  }

  /** The best plan found by a search that was stopped, kept on its cancelled job (unless it has one). */
  async function keepCancelledPlan(id: string, plan: DayPlan | null): Promise<void> {
    if (!plan) return;
    await db
      .update(dayPlanJobs)
      .set({ plan })
      .where(and(eq(dayPlanJobs.id, id), eq(dayPlanJobs.status, 'cancelled'), isNull(dayPlanJobs.plan)));
  }

  return {
    findJob,
    keepCancelledPlan,

    /**
     * A new running job of the account; the account's running job, if any, is cancelled in the same
     * transaction (answered in `cancelledIds`, so that the server running it here can stop it at once). Starts of
     * one account wait for each other (a transaction lock), so two at once leave the later one running; the
     * unique index on running jobs holds the rule whatever happens. Forgets the jobs finished before
     * `keptSince` (and those whose server stopped beating before it), and all but the account's newest `kept`.
     */
    startJob(input: { accountId: number; id: string; now: Date; keptSince: Date; kept: number }) {
      const { accountId, id, now, keptSince, kept } = input;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${dayPlanStartLockClass}::int, ${accountId}::int)`);
        const cancelled = await tx
          .update(dayPlanJobs)
          .set({ status: 'cancelled', finishedAt: now })
          .where(and(eq(dayPlanJobs.accountId, accountId), isRunning))
          .returning({ id: dayPlanJobs.id });
        const [job] = await tx
          .insert(dayPlanJobs)
          .values({ id, accountId, status: 'running', startedAt: now, heartbeatAt: now })
          .returning();
        if (!job) throw new Error('The planning job was not recorded.');
        const newest = tx
          .select({ id: dayPlanJobs.id })
          .from(dayPlanJobs)
          .where(eq(dayPlanJobs.accountId, accountId))
          .orderBy(desc(dayPlanJobs.seq))
          .limit(kept);
        await tx
          .delete(dayPlanJobs)
          .where(
            or(
              and(eq(dayPlanJobs.accountId, accountId), notInArray(dayPlanJobs.id, newest)),
              lt(dayPlanJobs.finishedAt, keptSince),
              and(isRunning, lt(dayPlanJobs.heartbeatAt, keptSince)),
            ),
          );
        return { job, cancelledIds: cancelled.map((row) => row.id) };
      });
    },

    /** The server running the job is alive, with its progress so far; false when the job no longer runs. */
    async beat(id: string, progress: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(dayPlanJobs)
        .set({ progress: sql`greatest(${dayPlanJobs.progress}, ${progress})`, heartbeatAt: now })
        .where(and(eq(dayPlanJobs.id, id), isRunning))
        .returning({ id: dayPlanJobs.id });
      return rows.length > 0;
    },

    /** Cancels the account's job if it runs; undefined when it did not (finished, missing, another's). */
    async cancelJob(accountId: number, id: string, now: Date): Promise<DayPlanJobRow | undefined> {
      const [row] = await db
        .update(dayPlanJobs)
        .set({ status: 'cancelled', finishedAt: now })
        .where(and(isJob(accountId, id), isRunning))
        .returning();
      return row;
    },

    /** Fails the account's job if it still runs without a beat since `staleBefore`; undefined otherwise. */
    async failStaleJob(
      accountId: number,
      id: string,
      input: { staleBefore: Date; now: Date; message: string },
    ): Promise<DayPlanJobRow | undefined> {
      const [row] = await db
        .update(dayPlanJobs)
        .set({ status: 'failed', message: input.message, finishedAt: input.now })
        .where(and(isJob(accountId, id), isRunning, lt(dayPlanJobs.heartbeatAt, input.staleBefore)))
        .returning();
      return row;
    },

    /**
     * The search ended: the job is done with its plan if it still runs; a job cancelled meanwhile keeps the plan
     * as the best found (unless it has one); a failed job stays as it was.
     */
    async finishJob(id: string, plan: DayPlan | null, now: Date): Promise<void> {
      const done = await db
        .update(dayPlanJobs)
        .set({ status: 'done', progress: 1, plan, finishedAt: now })
        .where(and(eq(dayPlanJobs.id, id), isRunning))
        .returning({ id: dayPlanJobs.id });
      if (done.length === 0) await keepCancelledPlan(id, plan);
    },

    /** Fails the job if it still runs. */
    async failJob(id: string, message: string, now: Date): Promise<void> {
      await db
        .update(dayPlanJobs)
        .set({ status: 'failed', message, finishedAt: now })
        .where(and(eq(dayPlanJobs.id, id), isRunning));
    },
  };
}
export type DayPlanJobsRepository = ReturnType<typeof createDayPlanJobsRepository>;
