import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import { getNextStepAtMs, type WelfareStep } from '../../../domain/welfare-steps';
import type { Database } from '../../db/client';
import { isOwnClient } from '../../db/own-client-sql';
import { rounds } from '../../db/schema/accounts';
import { clients, visits } from '../../db/schema/clients';
import { alerts, driverOutcomes } from '../../db/schema/driver';
import { users } from '../../db/schema/users';
import type { Transaction } from '../../db/transaction';
import type { Executor } from './welfare-ports';

export type AlertStatus = 'open' | 'resolved';

/** What an alerting outcome did to its visit's alert. */
export type AlertChange = 'opened' | 'reopened' | 'updated';

export type AlertOutcome = { accountId: number; visitId: number; outcomeId: number; recordedAt: Date };

/** A check's clock from `now`: its steps (null: an alert without steps) and when the first falls due. */
function startClock(steps: WelfareStep[] | null, now: Date) {
  if (!steps) return { steps: null, clockStartedAt: null, step: null, nextStepAt: null };
  const nextMs = getNextStepAtMs(steps, now.getTime(), null);
  return { steps, clockStartedAt: now, step: null, nextStepAt: nextMs === null ? null : new Date(nextMs) };
}

const alertColumns = {
  alert: alerts,
  visitDate: visits.date,
  client: { id: clients.id, name: clients.name, phone: clients.phone },
  roundId: rounds.id,
  roundName: rounds.name,
  outcome: {
    outcome: driverOutcomes.outcome,
    note: driverOutcomes.note,
    recordedAt: driverOutcomes.recordedAt,
    photoId: driverOutcomes.photoId,
  },
};

export function createAlertsRepository(db: Database) {
  function selectAlerts() {
    return db
      .select(alertColumns)
      .from(alerts)
      .innerJoin(visits, eq(visits.id, alerts.visitId))
      .innerJoin(clients, isOwnClient(visits))
      .leftJoin(rounds, eq(rounds.id, clients.roundId))
      .innerJoin(driverOutcomes, eq(driverOutcomes.id, alerts.outcomeId));
  }

  return {
    /**
     * One alert per visit: opens it, reopens it when it was resolved, or (open) moves it to this outcome when this
     * one is the later. Runs in the transaction that records the outcome. `steps` (null: none) start the clock of
     * a check that opens or reopens, or of an open alert without steps that this outcome makes a check.
     */
    async upsertForOutcome(
      tx: Transaction,
      input: AlertOutcome,
      steps: WelfareStep[] | null,
      now: Date,
    ): Promise<AlertChange> {
      const [current] = await tx
        .select({
          id: alerts.id,
          status: alerts.status,
          recordedAt: driverOutcomes.recordedAt,
          hasSteps: sql<boolean>`${alerts.steps} IS NOT NULL`,
        })
        .from(alerts)
        .innerJoin(driverOutcomes, eq(driverOutcomes.id, alerts.outcomeId))
        .where(eq(alerts.visitId, input.visitId))
        .for('update', { of: alerts });
      if (!current) {
        await tx.insert(alerts).values({
          accountId: input.accountId,
          visitId: input.visitId,
          outcomeId: input.outcomeId,
          status: 'open',
          createdAt: now,
          updatedAt: now,
          ...startClock(steps, now),
        });
        return 'opened';
      }
      const isLater = input.recordedAt.getTime() >= current.recordedAt.getTime();
      const isReopened = current.status === 'resolved';
      const isClockStarting = isReopened || (!current.hasSteps && steps !== null);
      await tx
        .update(alerts)
        .set({
          ...(isLater ? { outcomeId: input.outcomeId } : {}),
          status: 'open',
          updatedAt: now,
          ...(isReopened
            ? {
                resolvedAt: null,
                resolvedBy: null,
                resolvedByName: null,
                resolutionNote: '',
                resolutionOutcome: null,
              }
            : {}),
          ...(isClockStarting ? startClock(steps, now) : {}),
        })
        .where(eq(alerts.id, current.id));
      return isReopened ? 'reopened' : 'updated';
    },

    list(accountId: number, status: AlertStatus | undefined) {
      return (
        selectAlerts()
          .where(and(eq(alerts.accountId, accountId), status ? eq(alerts.status, status) : undefined))
          // Open ones first ('open' sorts before 'resolved'), then the newest outcome.
          .orderBy(asc(alerts.status), desc(driverOutcomes.recordedAt), desc(alerts.id))
      );
    },

    async find(accountId: number, id: number) {
      const [row] = await selectAlerts().where(and(eq(alerts.accountId, accountId), eq(alerts.id, id)));
      return row ?? null;
    },

    async countOpen(accountId: number): Promise<number> {
      const [row] = await db
        .select({ open: count() })
        .from(alerts)
        .where(and(eq(alerts.accountId, accountId), eq(alerts.status, 'open')));
      return row?.open ?? 0;
    },

    /** The account's alert's status, locked for a change in `tx`; null when there is no such alert. */
    async lockStatus(tx: Transaction, accountId: number, id: number): Promise<AlertStatus | null> {
      const [row] = await tx
        .select({ status: alerts.status })
        .from(alerts)
        .where(and(eq(alerts.accountId, accountId), eq(alerts.id, id)))
        .for('update');
      return row?.status ?? null;
    },

    /** Resolves the alert: no step is left to run (the runner only takes open checks). */
    async resolve(
      tx: Transaction,
      id: number,
      resolution: { userId: number; username: string; note: string; outcome: string; now: Date },
    ): Promise<void> {
      await tx
        .update(alerts)
        .set({
          status: 'resolved',
          resolvedAt: resolution.now,
          resolvedBy: resolution.userId,
          resolvedByName: resolution.username,
          resolutionNote: resolution.note,
          resolutionOutcome: resolution.outcome,
          nextStepAt: null,
          updatedAt: resolution.now,
        })
        .where(eq(alerts.id, id));
    },

    /** The account's administrators' addresses (usernames are emails), for the alert mail. */
    async listAdminEmails(tx: Executor, accountId: number): Promise<string[]> {
      const rows = await tx
        .select({ username: users.username })
        .from(users)
        .where(and(eq(users.accountId, accountId), like(users.accessLevel, '%admin%')))
        .orderBy(asc(users.username));
      return rows.map((row) => row.username);
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
export type AlertRow = NonNullable<Awaited<ReturnType<AlertsRepository['find']>>>;
