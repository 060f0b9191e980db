import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema/text-messages';
import type { MessageRow } from './repository';

/**
 * The message outbox's queue: claims with a lease, retries with backoff. Kept apart from the messages' rules so a
 * later single job queue can take it over (ADR 0037).
 *
 * A due row is 'queued' or 'deferred' with next_attempt_at passed, or 'sending' with its lease passed (a server
 * stopped mid-attempt). A claim sets it 'sending', counts the attempt and sets next_attempt_at to the end of the
 * lease, in one statement under FOR UPDATE SKIP LOCKED, so two app servers never claim one row. The claimed
 * attempt number is the claim's token: an answer is written only while the row is still at that attempt.
 */

export const messageQueuePolicy = {
  /** Longer than an attempt can take (the provider's timeout plus a read-back). */
  leaseSeconds: 60,
  maxAttempts: 10,
  firstRetrySeconds: 15,
  maxRetrySeconds: 900,
  batchSize: 20,
};

/** Seconds before attempt `attempts + 1`, or null when the message has had all its attempts. */
export function getMessageRetryDelaySeconds(attempts: number): number | null {
  const policy = messageQueuePolicy;
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.firstRetrySeconds * 2 ** Math.max(attempts - 1, 0), policy.maxRetrySeconds);
}

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export function createMessageQueue(db: Database) {
  const isDue = and(
    eq(messages.direction, 'out'),
    inArray(messages.status, ['queued', 'deferred', 'sending']),
    lte(messages.nextAttemptAt, sql`now()`),
  );

  async function claim(onlyId: number | null): Promise<MessageRow[]> {
    const due = db
      .select({ id: messages.id })
      .from(messages)
      .where(and(isDue, onlyId === null ? undefined : eq(messages.id, onlyId)))
      .orderBy(asc(messages.nextAttemptAt), asc(messages.id))
      .limit(messageQueuePolicy.batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(messages)
      .set({
        status: 'sending',
        attempts: sql`${messages.attempts} + 1`,
        nextAttemptAt: secondsFromNow(messageQueuePolicy.leaseSeconds),
        firstAttemptAt: sql`coalesce(${messages.firstAttemptAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(inArray(messages.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Only while the claim holds: still 'sending' at the claimed attempt (a status callback may have gone ahead). */
  const isClaimHeld = (row: MessageRow) =>
    and(eq(messages.id, row.id), eq(messages.attempts, row.attempts), eq(messages.status, 'sending'));

  return {
    claimDue: () => claim(null),
    claimOne: (id: number) => claim(id),

    /** The provider took it: 'sent' with its id (a status callback that came first keeps its later status). */
    async markAccepted(row: MessageRow, sid: string) {
      await db
        .update(messages)
        .set({
          providerSid: sql`coalesce(${messages.providerSid}, ${sid})`,
          status: sql`case when ${messages.status} = 'sending' then 'sent' else ${messages.status} end`,
          error: '',
          updatedAt: sql`now()`,
        })
        .where(and(eq(messages.id, row.id), eq(messages.attempts, row.attempts)));
    },

    async markFailed(row: MessageRow, reason: string) {
      await db
        .update(messages)
        .set({ status: 'failed', error: reason, updatedAt: sql`now()` })
        .where(isClaimHeld(row));
    },

    /** Back in the queue after the backoff, or failed for good after the last attempt. */
    async markForRetry(row: MessageRow, reason: string): Promise<'retry' | 'failed'> {
      const retryIn = getMessageRetryDelaySeconds(row.attempts);
      await db
        .update(messages)
        .set(
          retryIn === null
            ? { status: 'failed', error: reason, updatedAt: sql`now()` }
            : {
                status: 'queued',
                error: reason,
                nextAttemptAt: secondsFromNow(retryIn),
                updatedAt: sql`now()`,
              },
        )
        .where(isClaimHeld(row));
      return retryIn === null ? 'failed' : 'retry';
    },

    /** Whether another message of the account already carries this provider id (a read-back must not take it). */
    async isSidTaken(accountId: number, sid: string, exceptId: number): Promise<boolean> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.accountId, accountId),
            eq(messages.providerSid, sid),
            or(sql`${messages.id} <> ${exceptId}`),
          ),
        );
      return rows.length > 0;
    },
  };
}
export type MessageQueue = ReturnType<typeof createMessageQueue>;
