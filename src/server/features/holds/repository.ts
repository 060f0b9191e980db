import { and, asc, eq, sql } from 'drizzle-orm';
import type { HoldReason } from '../../../contracts/holds';
import type { Database } from '../../db/client';
import { holdOverlaps } from '../../db/held-sql';
import { isOwnClient } from '../../db/own-client-sql';
import { clients } from '../../db/schema/clients';
import { clientHolds } from '../../db/schema/holds';
import type { Transaction } from '../../db/transaction';

export type HoldRow = typeof clientHolds.$inferSelect;
export type HoldValues = { fromDate: string; toDate: string | null; reason: HoldReason; note: string };

/** A hold with its client, for the Holds report. */
export type ReportHoldRow = HoldRow & { clientName: string; roundId: number | null };

export function createHoldsRepository(db: Database) {
  const ofClient = (accountId: number, clientId: number) =>
    and(eq(clientHolds.accountId, accountId), eq(clientHolds.clientId, clientId));

  return {
    /** Is this a visible client of the account? */
    async isClientVisible(accountId: number, clientId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.accountId, accountId), eq(clients.id, clientId), eq(clients.isHidden, false)));
      return row !== undefined;
    },

    /** The client's holds, earliest first. */
    listHolds(accountId: number, clientId: number): Promise<HoldRow[]> {
      return db
        .select()
        .from(clientHolds)
        .where(ofClient(accountId, clientId))
        .orderBy(asc(clientHolds.fromDate), asc(clientHolds.id));
    },

    /**
     * Runs `work` holding the client's row lock, so two writers of the same client's holds take turns and the
     * overlap check of one sees the other's hold. Answers null when the client is not a visible one of the account.
     */
    withClientLocked<T>(
      accountId: number,
      clientId: number,
      work: (tx: Transaction, holds: HoldRow[]) => Promise<T>,
    ): Promise<T | null> {
      return db.transaction(async (tx) => {
        const [client] = await tx
          .select({ id: clients.id })
          .from(clients)
          .where(and(eq(clients.accountId, accountId), eq(clients.id, clientId), eq(clients.isHidden, false)))
          .for('update');
        if (!client) return null;
        const holds = await tx
          .select()
          .from(clientHolds)
          .where(ofClient(accountId, clientId))
          .orderBy(asc(clientHolds.fromDate));
        return work(tx, holds);
      });
    },

    async insert(tx: Transaction, accountId: number, clientId: number, values: HoldValues, now: Date) {
      const [row] = await tx
        .insert(clientHolds)
        .values({ accountId, clientId, ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('The hold was not stored.');
      return row;
    },

    async update(tx: Transaction, id: number, values: Partial<HoldValues>, now: Date) {
      const [row] = await tx
        .update(clientHolds)
        .set({ ...values, updatedAt: now })
        .where(eq(clientHolds.id, id))
        .returning();
      if (!row) throw new Error('The hold was not stored.');
      return row;
    },

    async remove(tx: Transaction, id: number) {
      await tx.delete(clientHolds).where(eq(clientHolds.id, id));
    },

    /** The account's visible clients' holds that reach `from` or later (YYYY-MM-DD), by start. */
    listHoldsFrom(accountId: number, from: string): Promise<ReportHoldRow[]> {
      return db
        .select({ hold: clientHolds, clientName: clients.name, roundId: clients.roundId })
        .from(clientHolds)
        .innerJoin(clients, isOwnClient(clientHolds))
        .where(
          and(
            eq(clientHolds.accountId, accountId),
            eq(clients.isHidden, false),
            holdOverlaps(clientHolds, from, null),
          ),
        )
        .orderBy(asc(clientHolds.fromDate), asc(clients.name))
        .then((rows) =>
          rows.map((row) => ({ ...row.hold, clientName: row.clientName, roundId: row.roundId })),
        );
    },

    /** The holds of these clients that touch the window `from` to `to` (YYYY-MM-DD). */
    listHoldsInWindow(accountId: number, clientIds: number[], from: string, to: string): Promise<HoldRow[]> {
      if (clientIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(clientHolds)
        .where(
          and(
            eq(clientHolds.accountId, accountId),
            sql`${clientHolds.clientId} = any(${`{${clientIds.join(',')}}`}::int[])`,
            holdOverlaps(clientHolds, from, to),
          ),
        );
    },
  };
}
export type HoldsRepository = ReturnType<typeof createHoldsRepository>;
