import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/messages';
import type { Mail } from './mailer';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Every time is the database's own clock, so app servers with skewed clocks agree on what is due. */
const dbNow = sql`now()`;
const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export function createOutboxRepository(db: Database) {
  /**
   * Takes the due pending mails matching `where` (up to `limit`) and moves their next attempt to the end of the
   * lease, counting the attempt, in one statement. SKIP LOCKED keeps two app servers from claiming one mail; the
   * lease makes a mail whose attempt was cut short (crash, restart) due again instead of lost.
   */
  async function claim(where: SQL | undefined, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, dbNow), where))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: secondsFromNow(leaseSeconds), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
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

    claimMail(id: number, leaseSeconds: number) {
      return claim(eq(mailOutbox.id, id), 1, leaseSeconds);
    },

    claimDueMails(limit: number, leaseSeconds: number) {
      return claim(undefined, limit, leaseSeconds);
    },

    async markDelivered(id: number, status: 'sent' | 'logged') {
      await db.update(mailOutbox).set({ status, error: '', sentAt: dbNow }).where(eq(mailOutbox.id, id));
    },

    /** Schedules the next attempt, or gives the mail up (`retryInSeconds` null). */
    async markAttemptFailed(id: number, error: string, retryInSeconds: number | null) {
      await db
        .update(mailOutbox)
        .set(
          retryInSeconds === null
            ? { status: 'failed', error }
            : { error, nextAttemptAt: secondsFromNow(retryInSeconds) },
        )
        .where(eq(mailOutbox.id, id));
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
