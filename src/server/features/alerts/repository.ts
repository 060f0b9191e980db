import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rounds } from '../../db/schema/accounts';
import { clients, visits } from '../../db/schema/clients';
import { alerts, driverOutcomes } from '../../db/schema/driver';
import { users } from '../../db/schema/users';
import type { Transaction } from '../../db/transaction';

export type AlertStatus = 'open' | 'resolved';

/** What an alerting outcome did to its visit's alert. */
export type AlertChange = 'opened' | 'reopened' | 'updated';

export type AlertOutcome = { accountId: number; visitId: number; outcomeId: number; recordedAt: Date };

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
      .innerJoin(clients, eq(clients.id, visits.clientId))
      .leftJoin(rounds, eq(rounds.id, clients.roundId))
      .innerJoin(driverOutcomes, eq(driverOutcomes.id, alerts.outcomeId));
  }

  return {
    /**
     * One alert per visit: opens it, reopens it when it was resolved, or (open) moves it to this outcome when this
     * one is the later. Runs in the transaction that records the outcome.
     */
    async upsertForOutcome(tx: Transaction, input: AlertOutcome, now: Date): Promise<AlertChange> {
      const [current] = await tx
        .select({ id: alerts.id, status: alerts.status, recordedAt: driverOutcomes.recordedAt })
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
        });
        return 'opened';
      }
      const isLater = input.recordedAt.getTime() >= current.recordedAt.getTime();
      const isReopened = current.status === 'resolved';
      await tx
        .update(alerts)
        .set({
          ...(isLater ? { outcomeId: input.outcomeId } : {}),
          status: 'open',
          updatedAt: now,
          ...(isReopened
            ? { resolvedAt: null, resolvedBy: null, resolvedByName: null, resolutionNote: '' }
            : {}),
        })
        .where(eq(alerts.id, current.id));
      return isReopened ? 'reopened' : 'updated';
    },

    list(accountId: number, status: AlertStatus | undefined) {
      return selectAlerts()
        .where(and(eq(alerts.accountId, accountId), status ? eq(alerts.status, status) : undefined))
        .orderBy(desc(driverOutcomes.recordedAt), desc(alerts.id));
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

    /** Resolves the account's alert; false when there is no such alert. */
    async resolve(
      accountId: number,
      id: number,
      resolution: { userId: number; username: string; note: string; now: Date },
    ): Promise<boolean> {
      const changed = await db
        .update(alerts)
        .set({
          status: 'resolved',
          resolvedAt: resolution.now,
          resolvedBy: resolution.userId,
          resolvedByName: resolution.username,
          resolutionNote: resolution.note,
          updatedAt: resolution.now,
        })
        .where(and(eq(alerts.accountId, accountId), eq(alerts.id, id)))
        .returning({ id: alerts.id });
      return changed.length > 0;
    },

    /** The account's administrators' addresses (usernames are emails), for the alert mail. */
    async listAdminEmails(tx: Transaction, accountId: number): Promise<string[]> {
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
