import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/messages';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export function createContactRepository(db: Database) {
  return {
    async insertMessage(values: { name: string; email: string; message: string; nextAttemptAt: Date }) {
      const [row] = await db.insert(contactMessages).values(values).returning();
      if (!row) throw new Error('Inserting into contact_messages returned no row.');
      return row;
    },

    /**
     * Takes up to `limit` unforwarded messages that are due and moves their next attempt to `leaseUntil`, in one
     * statement. SKIP LOCKED keeps two app servers from claiming the same row; the lease makes a message whose
     * forward was cut short (crash, restart) due again later instead of lost.
     */
    async claimDueMessages(options: {
      now: Date;
      leaseUntil: Date;
      limit: number;
    }): Promise<ContactMessageRow[]> {
      const due = db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(and(isNull(contactMessages.forwardedAt), lte(contactMessages.nextAttemptAt, options.now)))
        .orderBy(asc(contactMessages.nextAttemptAt), asc(contactMessages.id))
        .limit(options.limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(contactMessages)
        .set({ nextAttemptAt: options.leaseUntil })
        .where(inArray(contactMessages.id, due))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },

    async markForwarded(id: number, forwardedAt: Date) {
      await db.update(contactMessages).set({ forwardedAt, lastError: '' }).where(eq(contactMessages.id, id));
    },

    async markFailed(id: number, failure: { error: string; nextAttemptAt: Date }) {
      await db
        .update(contactMessages)
        .set({
          attempts: sql`${contactMessages.attempts} + 1`,
          nextAttemptAt: failure.nextAttemptAt,
          lastError: failure.error,
        })
        .where(eq(contactMessages.id, id));
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
