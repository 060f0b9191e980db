import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { getRetryDelayMs, type RetryBackoff } from '../../../domain/retry-backoff';
import type { Database } from '../../db/client';
import { claimDue, dbTimeFromNow } from '../../db/job-queue';
import { messages } from '../../db/schema/text-messages';
import type { MessageRow } from './repository';

/**
 * The message outbox's adapter to the job queue (ADR 0048): what a due message is, what a claim and an answer
 * write. The claim, lease and backoff themselves are the job queue's.
 *
 * A due row is 'queued' or 'deferred' with next_attempt_at passed, or 'sending' with its lease passed (a server
 * stopped mid-attempt). A claim sets it 'sending', counts the attempt and sets next_attempt_at to the end of the
 * lease, in one statement under FOR UPDATE SKIP LOCKED, so two app servers never claim one row. The claimed
 * attempt number is the claim's token: an answer is written only while the row is still at that attempt.
 */

/** Longer than an attempt can take (the provider's timeout plus a read-back). */
const leaseMs = 60_000;
const batchSize = 20;
/** 15 seconds doubling to 15 minutes, 10 attempts in all. */
export const messageBackoff: RetryBackoff = { firstDelayMs: 15_000, maxDelayMs: 900_000, maxAttempts: 10 };

export function createMessageQueue(db: Database) {
  const isDue = and(
    eq(messages.direction, 'out'),
    inArray(messages.status, ['queued', 'deferred', 'sending']),
    lte(messages.nextAttemptAt, sql`now()`),
  );

  function claim(onlyId: number | null): Promise<MessageRow[]> {
    return claimDue(db, messages, {
      due: and(isDue, onlyId === null ? undefined : eq(messages.id, onlyId)),
      orderBy: [asc(messages.nextAttemptAt), asc(messages.id)],
      limit: batchSize,
      set: {
        status: 'sending',
        attempts: sql`${messages.attempts} + 1`,
        nextAttemptAt: dbTimeFromNow(leaseMs),
        firstAttemptAt: sql`coalesce(${messages.firstAttemptAt}, now())`,
        updatedAt: sql`now()`,
      },
    });
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
      const retryIn = getRetryDelayMs(messageBackoff, row.attempts);
      await db
        .update(messages)
        .set(
          retryIn === null
            ? { status: 'failed', error: reason, updatedAt: sql`now()` }
            : {
                status: 'queued',
                error: reason,
                nextAttemptAt: dbTimeFromNow(retryIn),
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
