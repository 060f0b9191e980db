import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { routeAutomationRuns } from '../../db/schema/route-automation';

export type RunRow = typeof routeAutomationRuns.$inferSelect;
export type RunTrigger = 'schedule' | 'manual';
export type RunOutcome = Pick<
  RunRow,
  'status' | 'finishedAt' | 'rounds' | 'days' | 'visitsChanged' | 'errors'
>;

/** The first key of the advisory lock: route automation's own class, the second key is the account. */
const lockClass = 0x52_41_55_54; // 'RAUT'

/**
 * A run 'running' that has not written progress (after each day, see recordProgress) for this long was cut short
 * (its server stopped): it no longer blocks new runs. A day takes a few CRM calls of at most 10 s each try.
 */
const abandonedAfterMs = 15 * 60 * 1000;

export type RunProgress = Pick<RunRow, 'rounds' | 'days' | 'visitsChanged' | 'errors'> & {
  heartbeatAt: Date;
};

export type ClaimResult = { run: RunRow } | { refusal: 'running' | 'already-ran' };

export function createRouteAutomationRepository(db: Database) {
  return {
    /**
     * Starts a run unless one is going for the account (on any server) or, for a scheduled run, one already
     * started since `scheduledSince`. A transaction-level advisory lock makes the check and the insert one step
     * across servers; the 'running' row then holds the account until the run finishes.
     */
    claimRun(
      accountId: number,
      trigger: RunTrigger,
      now: Date,
      scheduledSince: Date | null,
    ): Promise<ClaimResult> {
      return db.transaction(async (tx): Promise<ClaimResult> => {
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${lockClass}::int, ${accountId}::int) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!locked.rows[0]?.locked) return { refusal: 'running' };
        await tx
          .update(routeAutomationRuns)
          .set({
            status: 'failed',
            finishedAt: now,
            errors: ['The run was interrupted (the server stopped).'],
          })
          .where(
            and(
              eq(routeAutomationRuns.accountId, accountId),
              eq(routeAutomationRuns.status, 'running'),
              lt(
                sql`coalesce(${routeAutomationRuns.heartbeatAt}, ${routeAutomationRuns.startedAt})`,
                new Date(now.getTime() - abandonedAfterMs),
              ),
            ),
          );
        const [running] = await tx
          .select({ id: routeAutomationRuns.id })
          .from(routeAutomationRuns)
          .where(and(eq(routeAutomationRuns.accountId, accountId), eq(routeAutomationRuns.status, 'running')))
          .limit(1);
        if (running) return { refusal: 'running' };
        if (scheduledSince) {
          const [done] = await tx
            .select({ id: routeAutomationRuns.id })
            .from(routeAutomationRuns)
            .where(
              and(
                eq(routeAutomationRuns.accountId, accountId),
                eq(routeAutomationRuns.trigger, 'schedule'),
                gte(routeAutomationRuns.startedAt, scheduledSince),
              ),
            )
            .limit(1);
          if (done) return { refusal: 'already-ran' };
        }
        const [run] = await tx
          .insert(routeAutomationRuns)
          .values({ accountId, trigger, status: 'running', startedAt: now })
          .returning();
        if (!run) throw new Error('The route automation run was not recorded.');
        return { run };
      });
    },

    /** A running run's counts so far; also its sign of life (heartbeat_at). */
    async recordProgress(accountId: number, id: number, progress: RunProgress): Promise<void> {
      await db
        .update(routeAutomationRuns)
        .set(progress)
        .where(
          and(
            eq(routeAutomationRuns.accountId, accountId),
            eq(routeAutomationRuns.id, id),
            eq(routeAutomationRuns.status, 'running'),
          ),
        );
    },

    async finishRun(accountId: number, id: number, outcome: RunOutcome): Promise<RunRow> {
      const [run] = await db
        .update(routeAutomationRuns)
        .set(outcome)
        .where(and(eq(routeAutomationRuns.accountId, accountId), eq(routeAutomationRuns.id, id)))
        .returning();
      if (!run) throw new Error('The route automation run was not found.');
      return run;
    },

    listRuns(accountId: number, limit: number) {
      return db
        .select()
        .from(routeAutomationRuns)
        .where(eq(routeAutomationRuns.accountId, accountId))
        .orderBy(desc(routeAutomationRuns.startedAt), desc(routeAutomationRuns.id))
        .limit(limit);
    },

    /** Accounts with route automation switched on (a read of the accounts table: the job's one query there). */
    async listEnabledAccountIds(): Promise<number[]> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`${accounts.routeAutomation}->>'enabled' = '1'`)
        .orderBy(accounts.id);
      return rows.map((row) => row.id);
    },
  };
}
export type RouteAutomationRepository = ReturnType<typeof createRouteAutomationRepository>;
