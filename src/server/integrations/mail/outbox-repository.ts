import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { claimDue, dbTimeFromNow } from '../../db/job-queue';
import { mailOutbox } from '../../db/schema/messages';
import type { Mail } from './mailer';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Every time is the database's own clock, so app servers with skewed clocks agree on what is due. */
const dbNow = sql`now()`;

export function createOutboxRepository(db: Database) {
  /**
   * The mail queue's adapter to the job queue: a pending mail is due once its next attempt is reached; a claim moves
   * that to the end of the lease and counts the attempt.
   */
  function claim(where: SQL | undefined, limit: number, leaseMs: number): Promise<OutboxRow[]> {
    return claimDue(db, mailOutbox, {
      due: and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, dbNow), where),
      orderBy: [asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id)],
      limit,
      set: { nextAttemptAt: dbTimeFromNow(leaseMs), attempts: sql`${mailOutbox.attempts} + 1` },
    });
  }

  return {
    async insertPending(mail: Mail): Promise<number> {
      const [row] = await db
        .insert(mailOutbox)
        .values({ recipient: mail.to, subject: mail.subject, body: mail.text, status: 'pending' })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('Inserting into mail_outbox returned no row.');
      return row.id;
    },

    claimMail(id: number, leaseMs: number) {
      return claim(eq(mailOutbox.id, id), 1, leaseMs);
    },

    claimDueMails(limit: number, leaseMs: number) {
      return claim(undefined, limit, leaseMs);
    },

    async markDelivered(id: number, status: 'sent' | 'logged') {
      await db.update(mailOutbox).set({ status, error: '', sentAt: dbNow }).where(eq(mailOutbox.id, id));
    },

    /** Schedules the next attempt, or gives the mail up (`retryInMs` null). */
    async markAttemptFailed(id: number, error: string, retryInMs: number | null) {
      await db
        .update(mailOutbox)
        .set(
          retryInMs === null
            ? { status: 'failed', error }
            : { error, nextAttemptAt: dbTimeFromNow(retryInMs) },
        )
        .where(eq(mailOutbox.id, id));
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
