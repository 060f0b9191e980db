import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { claimDue } from '../../db/job-queue';
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
     * The contact queue's adapter to the job queue: an unforwarded message is due once its next attempt is
     * reached; a claim moves that to `leaseUntil` (attempts are counted when one fails).
     */
    claimDueMessages(options: { now: Date; leaseUntil: Date; limit: number }): Promise<ContactMessageRow[]> {
      return claimDue(db, contactMessages, {
        due: and(isNull(contactMessages.forwardedAt), lte(contactMessages.nextAttemptAt, options.now)),
        orderBy: [asc(contactMessages.nextAttemptAt), asc(contactMessages.id)],
        limit: options.limit,
        set: { nextAttemptAt: options.leaseUntil },
      });
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
