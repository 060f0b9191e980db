import { and, asc, between, eq, exists, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isOwnClient } from '../../db/own-client-sql';
import { accounts } from '../../db/schema/accounts';
import { clients, visits } from '../../db/schema/clients';
import { driverOutcomes } from '../../db/schema/driver';
import { localVisits } from '../../db/schema/local-visits';

export type LocalVisitRow = typeof localVisits.$inferSelect & { clientSourceId: string };

/** A local visit's source id: the id with a prefix no CRM id of AlayaCare's (a number) can take. */
export const localVisitIdPrefix = 'mr-';

export function toLocalVisitSourceId(id: number): string {
  return `${localVisitIdPrefix}${String(id)}`;
}

/** The row id of a local visit's source id, or null when it names none. */
export function parseLocalVisitSourceId(sourceId: string): number | null {
  const match = /^mr-(\d{1,15})$/.exec(sourceId);
  return match?.[1] ? Number(match[1]) : null;
}

export type NewLocalVisit = {
  clientId: number;
  roundId: number;
  date: string;
  startAt: Date;
  endAt: Date;
  timezone: string;
};

export type LocalVisitTimes = { id: number; roundId: number; startAt: Date; endAt: Date };

export type PlanVisitWrites = {
  create: NewLocalVisit[];
  retime: LocalVisitTimes[];
  restore: LocalVisitTimes[];
  cancel: { ids: number[]; cancelCodeId: string; cancelReason: string };
};

/** The SQL of the local source (the visits of accounts without a CRM) and of the visit planner. */
export function createLocalVisitsRepository(db: Database) {
  const selectVisits = () =>
    db
      .select({ visit: localVisits, clientSourceId: clients.sourceId })
      .from(localVisits)
      .innerJoin(clients, isOwnClient(localVisits));
  const toRow = ({
    visit,
    clientSourceId,
  }: {
    visit: typeof localVisits.$inferSelect;
    clientSourceId: string;
  }) => ({
    ...visit,
    clientSourceId,
  });
  const ofVisit = (accountId: number, id: number) =>
    and(eq(localVisits.accountId, accountId), eq(localVisits.id, id));

  return {
    /** The visible clients of the account, for the local source's client list. */
    listVisibleClients(accountId: number) {
      return db
        .select()
        .from(clients)
        .where(and(eq(clients.accountId, accountId), eq(clients.isHidden, false)))
        .orderBy(asc(clients.name), asc(clients.id));
    },

    async listVisits(
      accountId: number,
      query: { clientSourceIds: string[]; fromDate: string; toDate: string },
    ): Promise<LocalVisitRow[]> {
      if (query.clientSourceIds.length === 0) return [];
      const rows = await selectVisits()
        .where(
          and(
            eq(localVisits.accountId, accountId),
            between(localVisits.date, query.fromDate, query.toDate),
            inArray(clients.sourceId, query.clientSourceIds),
          ),
        )
        .orderBy(asc(localVisits.startAt), asc(localVisits.id));
      return rows.map(toRow);
    },

    async findVisit(accountId: number, id: number): Promise<LocalVisitRow | null> {
      const [row] = await selectVisits().where(ofVisit(accountId, id));
      return row ? toRow(row) : null;
    },

    /** A publish's times: from now on the visit keeps them (the plan no longer moves it). */
    async updateTimes(accountId: number, id: number, times: { startAt: Date; endAt: Date }, now: Date) {
      const rows = await db
        .update(localVisits)
        .set({ ...times, isPlannedTime: false, updatedAt: now })
        .where(ofVisit(accountId, id))
        .returning({ id: localVisits.id });
      return rows.length > 0;
    },

    /** Completes (locks) the visits that are not cancelled; answers the ids locked. */
    async lockVisits(accountId: number, ids: number[], now: Date): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(localVisits)
        .set({ status: 'completed', isLocked: true, updatedAt: now })
        .where(
          and(
            eq(localVisits.accountId, accountId),
            inArray(localVisits.id, ids),
            sql`${localVisits.status} <> 'cancelled'`,
          ),
        )
        .returning({ id: localVisits.id });
      return rows.map((row) => row.id);
    },

    async setPremiums(accountId: number, id: number, premiums: Record<string, number>, now: Date) {
      const rows = await db
        .update(localVisits)
        .set({ premiums, updatedAt: now })
        .where(ofVisit(accountId, id))
        .returning({ id: localVisits.id });
      return rows.length > 0;
    },

    async addNote(accountId: number, id: number, text: string, now: Date) {
      const rows = await db
        .update(localVisits)
        .set({ notes: sql`${localVisits.notes} || ${JSON.stringify([text])}::jsonb`, updatedAt: now })
        .where(ofVisit(accountId, id))
        .returning({ id: localVisits.id });
      return rows.length > 0;
    },

    async setCancelled(
      accountId: number,
      id: number,
      change: { isCancelled: boolean; cancelCodeId: string | null; cancelReason: string },
      now: Date,
    ) {
      const rows = await db
        .update(localVisits)
        .set({
          status: change.isCancelled ? 'cancelled' : 'scheduled',
          cancelCodeId: change.isCancelled ? change.cancelCodeId : null,
          cancelReason: change.isCancelled ? change.cancelReason : '',
          updatedAt: now,
        })
        .where(and(ofVisit(accountId, id), eq(localVisits.isLocked, false)))
        .returning({ id: localVisits.id });
      return rows.length > 0;
    },

    /** What the plan is made from: every client of the account (a hidden one counts as discharged). */
    listPlanClients(accountId: number) {
      return db
        .select({
          id: clients.id,
          sourceId: clients.sourceId,
          name: clients.name,
          planDow: clients.planDow,
          roundId: clients.roundId,
          externalStatus: clients.externalStatus,
          isHidden: clients.isHidden,
        })
        .from(clients)
        .where(eq(clients.accountId, accountId));
    },

    /**
     * The kept visits from `fromDate` on, each with whether it is settled: completed, or with a driver's outcome
     * on the product's copy of it (the same source id).
     */
    async listKeptVisits(accountId: number, fromDate: string) {
      const hasOutcome = exists(
        db
          .select({ one: sql`1` })
          .from(visits)
          .innerJoin(driverOutcomes, eq(driverOutcomes.visitId, visits.id))
          .where(
            and(
              eq(visits.accountId, accountId),
              sql`${visits.sourceId} = ${localVisitIdPrefix} || ${localVisits.id}::text`,
            ),
          ),
      );
      const rows = await db
        .select({
          visit: localVisits,
          clientSourceId: clients.sourceId,
          hasOutcome: sql<boolean>`${hasOutcome}`.mapWith(Boolean),
        })
        .from(localVisits)
        .innerJoin(clients, isOwnClient(localVisits))
        .where(and(eq(localVisits.accountId, accountId), gte(localVisits.date, fromDate)))
        .orderBy(asc(localVisits.id));
      return rows.map((row) => ({ ...toRow(row), hasOutcome: row.hasOutcome }));
    },

    /** The plan's changes in one transaction; a visit another server made first is left as it made it. */
    async applyPlanWrites(accountId: number, writes: PlanVisitWrites, now: Date) {
      await db.transaction(async (tx) => {
        if (writes.create.length > 0) {
          await tx
            .insert(localVisits)
            .values(writes.create.map((visit) => ({ ...visit, accountId, createdAt: now, updatedAt: now })))
            .onConflictDoNothing();
        }
        const notSettled = (id: number) =>
          and(eq(localVisits.accountId, accountId), eq(localVisits.id, id), eq(localVisits.isLocked, false));
        for (const visit of writes.retime) {
          const { id, ...times } = visit;
          await tx
            .update(localVisits)
            .set({ ...times, isPlannedTime: true, updatedAt: now })
            .where(notSettled(id));
        }
        for (const visit of writes.restore) {
          const { id, ...times } = visit;
          await tx
            .update(localVisits)
            .set({
              ...times,
              isPlannedTime: true,
              status: 'scheduled',
              cancelCodeId: null,
              cancelReason: '',
              updatedAt: now,
            })
            .where(and(notSettled(id), eq(localVisits.cancelCodeId, writes.cancel.cancelCodeId)));
        }
        if (writes.cancel.ids.length > 0) {
          await tx
            .update(localVisits)
            .set({
              status: 'cancelled',
              cancelCodeId: writes.cancel.cancelCodeId,
              cancelReason: writes.cancel.cancelReason,
              updatedAt: now,
            })
            .where(
              and(
                eq(localVisits.accountId, accountId),
                inArray(localVisits.id, writes.cancel.ids),
                eq(localVisits.status, 'scheduled'),
                eq(localVisits.isLocked, false),
              ),
            );
        }
      });
    },

    /** The accounts that keep their clients in MealRounds (the daily horizon run). */
    async listLocalAccountIds(): Promise<number[]> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.sourceSystem, 'none'));
      return rows.map((row) => row.id);
    },
  };
}
export type LocalVisitsRepository = ReturnType<typeof createLocalVisitsRepository>;
