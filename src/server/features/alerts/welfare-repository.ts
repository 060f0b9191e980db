import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import type { WelfareStep } from '../../../domain/welfare-steps';
import type { Database } from '../../db/client';
import { isOwnClient } from '../../db/own-client-sql';
import { clients, visits } from '../../db/schema/clients';
import { alerts } from '../../db/schema/driver';
import {
  alertAttempts,
  welfareSettings,
  type AttemptChannel,
  type AttemptMadeBy,
  type AttemptResult,
  type DutyManager,
} from '../../db/schema/welfare';
import type { Transaction } from '../../db/transaction';
import type { Executor } from './welfare-ports';

export type NewAttempt = {
  accountId: number;
  alertId: number;
  at: Date;
  by: string;
  madeBy: AttemptMadeBy;
  channel: AttemptChannel;
  to: string;
  result: AttemptResult;
  note: string;
  messageId?: number | null;
};

export type StoredWelfareSettings = {
  steps: WelfareStep[];
  checkOutcomes: string[];
  managers: DutyManager[];
};

/** An open check whose next step is due, locked by the runner that claimed it. */
export type DueCheck = {
  id: number;
  accountId: number;
  steps: WelfareStep[];
  clockStartedAt: Date;
  step: number | null;
  clientId: number;
  clientName: string;
  date: string;
};

/** An open check whose next step is due at `now`. */
const isStepDue = (now: Date) =>
  and(eq(alerts.status, 'open'), isNotNull(alerts.nextStepAt), lte(alerts.nextStepAt, now));

export function createWelfareRepository(db: Database) {
  return {
    /** Runs `work` in one transaction (a check's lock, its step and its attempts commit together). */
    inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async insertAttempt(tx: Executor, attempt: NewAttempt): Promise<number> {
      const [row] = await tx
        .insert(alertAttempts)
        .values({ ...attempt, messageId: attempt.messageId ?? null })
        .returning({ id: alertAttempts.id });
      return row?.id ?? 0;
    },

    /** The attempts of some of the account's alerts, oldest first. */
    listAttempts(accountId: number, alertIds: number[]) {
      if (alertIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(alertAttempts)
        .where(and(eq(alertAttempts.accountId, accountId), inArray(alertAttempts.alertId, alertIds)))
        .orderBy(asc(alertAttempts.at), asc(alertAttempts.id));
    },

    async findSettings(accountId: number, tx: Executor = db): Promise<StoredWelfareSettings | null> {
      const [row] = await tx.select().from(welfareSettings).where(eq(welfareSettings.accountId, accountId));
      return row ? { steps: row.steps, checkOutcomes: row.checkOutcomes, managers: row.managers } : null;
    },

    async saveSettings(accountId: number, settings: StoredWelfareSettings, now: Date): Promise<void> {
      await db
        .insert(welfareSettings)
        .values({ accountId, ...settings, updatedAt: now })
        .onConflictDoUpdate({ target: welfareSettings.accountId, set: { ...settings, updatedAt: now } });
    },

    /**
     * Claims one open check whose next step is due at `now`: its row stays locked until `tx` ends, and another
     * runner skips it (SKIP LOCKED) and then sees the step it moved to. Null when none is due.
     */
    /**
     * Whether any open check has a step due: one read outside a transaction, so that a run with nothing due (nearly
     * every run: the job runs every few seconds on every app server) costs no transaction.
     */
    async hasDueCheck(now: Date): Promise<boolean> {
      const rows = await db.select({ id: alerts.id }).from(alerts).where(isStepDue(now)).limit(1);
      return rows.length > 0;
    },

    async claimDueCheck(tx: Transaction, now: Date): Promise<DueCheck | null> {
      const [row] = await tx
        .select({
          id: alerts.id,
          accountId: alerts.accountId,
          steps: alerts.steps,
          clockStartedAt: alerts.clockStartedAt,
          step: alerts.step,
          clientId: clients.id,
          clientName: clients.name,
          date: visits.date,
        })
        .from(alerts)
        .innerJoin(visits, eq(visits.id, alerts.visitId))
        .innerJoin(clients, isOwnClient(visits))
        .where(isStepDue(now))
        .orderBy(asc(alerts.nextStepAt), asc(alerts.id))
        .limit(1)
        .for('update', { of: alerts, skipLocked: true });
      if (!row?.steps || !row.clockStartedAt) return null;
      return { ...row, steps: row.steps, clockStartedAt: row.clockStartedAt };
    },

    async moveToStep(
      tx: Transaction,
      id: number,
      step: number | null,
      nextStepAt: Date | null,
    ): Promise<void> {
      await tx.update(alerts).set({ step, nextStepAt }).where(eq(alerts.id, id));
    },

    /** The open check that last texted `phone` automatically (a contact's reply belongs to it); null: none. */
    async findOpenCheckTexted(tx: Executor, accountId: number, phone: string) {
      const [row] = await tx
        .select({ alertId: alerts.id, clientId: visits.clientId })
        .from(alertAttempts)
        .innerJoin(alerts, eq(alerts.id, alertAttempts.alertId))
        .innerJoin(visits, eq(visits.id, alerts.visitId))
        .where(
          and(
            eq(alertAttempts.accountId, accountId),
            eq(alertAttempts.madeBy, 'automatic'),
            eq(alertAttempts.channel, 'sms'),
            eq(alertAttempts.to, phone),
            eq(alerts.status, 'open'),
          ),
        )
        .orderBy(desc(alertAttempts.at), desc(alertAttempts.id))
        .limit(1);
      return row ?? null;
    },

    /** The account's alerts opened (their clock started, or created without steps) in [from, to). */
    listOpenedBetween(accountId: number, from: Date, to: Date) {
      return db
        .select({
          status: alerts.status,
          clockStartedAt: alerts.clockStartedAt,
          resolvedAt: alerts.resolvedAt,
          outcome: alerts.resolutionOutcome,
        })
        .from(alerts)
        .where(
          and(
            eq(alerts.accountId, accountId),
            isNotNull(alerts.steps),
            gte(alerts.clockStartedAt, from),
            lt(alerts.clockStartedAt, to),
          ),
        );
    },
  };
}
export type WelfareRepository = ReturnType<typeof createWelfareRepository>;
