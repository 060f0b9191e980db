import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isClientHeldOn } from '../../db/held-sql';
import { visits } from '../../db/schema/clients';
import { sourceWrites } from '../../db/schema/source-writes';
import type { Transaction } from '../../db/transaction';

/** A visit the holds put in or take out of the CRM's cancelled visits. */
export type HoldVisitRow = { id: number; sourceId: string; status: string; isHoldCancelled: boolean };

/** One of the client's cancel or restore writes that the CRM has not confirmed. */
export type OpenCancelWrite = {
  visitId: number;
  date: string;
  status: string;
  isCancelled: boolean;
  message: string;
};

const held = isClientHeldOn(sql`${visits.clientId}`, sql`${visits.date}`);
const hasOpenCancel = sql`exists (select 1 from source_writes w where w.visit_id = ${visits.id}
  and w.kind = 'visit_cancel' and w.status in ('pending', 'failed'))`;

/**
 * The account's clients with a hold reaching `today` or later: only their visits can be on a held day. Asked first,
 * so that the check after every round's refresh reads those clients' visits rather than all of the account's.
 */
const hasHoldFrom = (accountId: number, today: string) =>
  sql`${visits.clientId} in (select h.client_id from client_holds h where h.account_id = ${accountId}
    and (h.to_date is null or h.to_date >= ${today}))`;

/** The visits that pass `where`, by day. */
function listVisits(tx: Transaction, where: SQL | undefined): Promise<HoldVisitRow[]> {
  return tx
    .select({
      id: visits.id,
      sourceId: visits.sourceId,
      status: visits.status,
      isHoldCancelled: visits.isHoldCancelled,
    })
    .from(visits)
    .where(where)
    .orderBy(asc(visits.date), asc(visits.id));
}

/** Which visits the holds must cancel or put back in the CRM (SQL only; the rules are in hold-visits.ts). */
export function createHoldVisitsRepository(db: Database) {
  const scope = (accountId: number, today: string, clientId?: number) =>
    and(
      eq(visits.accountId, accountId),
      clientId === undefined ? undefined : eq(visits.clientId, clientId),
      sql`${visits.date} >= ${today}`,
      sql`not ${hasOpenCancel}`,
    );

  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Visits from today on, on a held day, neither cancelled nor completed, with no cancel write open. */
    listToCancel(tx: Transaction, accountId: number, today: string, clientId?: number) {
      return listVisits(
        tx,
        and(
          scope(accountId, today, clientId),
          sql`${visits.status} not in ('cancelled', 'completed')`,
          hasHoldFrom(accountId, today),
          held,
        ),
      );
    },

    /** Visits from today on that a hold cancelled and that no hold covers any more, with no cancel write open. */
    listToRestore(tx: Transaction, accountId: number, today: string, clientId?: number) {
      return listVisits(
        tx,
        and(scope(accountId, today, clientId), eq(visits.isHoldCancelled, true), sql`not ${held}`),
      );
    },

    /** The client's cancel and restore writes the CRM has not confirmed, by day. */
    async listOpenCancels(accountId: number, clientId: number): Promise<OpenCancelWrite[]> {
      const rows = await db
        .select({
          visitId: visits.id,
          date: visits.date,
          status: sourceWrites.status,
          payload: sourceWrites.payload,
          message: sourceWrites.lastError,
        })
        .from(sourceWrites)
        .innerJoin(visits, eq(visits.id, sourceWrites.visitId))
        .where(
          and(
            eq(sourceWrites.accountId, accountId),
            eq(visits.clientId, clientId),
            eq(sourceWrites.kind, 'visit_cancel'),
            inArray(sourceWrites.status, ['pending', 'failed']),
          ),
        )
        .orderBy(asc(visits.date), asc(sourceWrites.id));
      return rows.map(({ payload, ...row }) => ({ ...row, isCancelled: payload.isCancelled === true }));
    },
  };
}
export type HoldVisitsRepository = ReturnType<typeof createHoldVisitsRepository>;
