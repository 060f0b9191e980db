import type { z } from 'zod';
import type { contactBodySchema } from '../../../contracts/contact';
import { getBackoffDelayMs, type RetryBackoff } from '../../../domain/retry-backoff';
import { drainDue } from '../../db/job-queue';
import { formatContactChatText } from './chat-message';
import type { ContactMessageRow, ContactRepository } from './repository';

export type ContactLog = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type ForwardResult = { forwarded: number; failed: number };

/** After `attempts` failed forwards: 1, 2, 4 ... minutes, at most an hour; a message is never given up. */
export const contactBackoff: RetryBackoff = { firstDelayMs: 60_000, maxDelayMs: 60 * 60_000 };
// Longer than a whole batch of forwards at the webhook timeout, so a claimed row is not claimed twice.
const claimLeaseMs = 5 * 60_000;
const batchSize = 20;
const maxBatchesPerRun = 10;
const maxErrorLength = 500;

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch reports network failures as 'fetch failed' with the useful part (ECONNREFUSED ...) in the cause.
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`.slice(0, maxErrorLength);
}

export function createContactService(deps: {
  repository: ContactRepository;
  webhookUrl: string;
  now: () => Date;
  fetch?: typeof fetch;
  log: ContactLog;
  /** How long one webhook call may take; the contact request waits for it. */
  timeoutMs?: number;
}) {
  const { repository, log } = deps;
  const fetchWebhook = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? 5_000;
  const isForwarding = deps.webhookUrl !== '';

  async function postToWebhook(text: string): Promise<void> {
    const response = await fetchWebhook(deps.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const detail = (await response.text().catch(() => '')).trim().slice(0, 200);
    throw new Error(`The webhook answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
  }

  /** One delivery attempt; records the outcome. Only a database failure makes it throw. */
  async function forwardMessage(row: ContactMessageRow): Promise<boolean> {
    const failure = await postToWebhook(formatContactChatText(row)).then(
      () => null,
      (error: unknown) => describeFailure(error),
    );
    if (failure === null) {
      await repository.markForwarded(row.id, deps.now());
      log.info({ contactMessageId: row.id }, 'contact message forwarded');
      return true;
    }
    const attempts = row.attempts + 1;
    const nextAttemptAt = new Date(deps.now().getTime() + getBackoffDelayMs(contactBackoff, attempts));
    await repository.markFailed(row.id, { error: failure, nextAttemptAt });
    log.error(
      { contactMessageId: row.id, attempts, nextAttemptAt: nextAttemptAt.toISOString(), reason: failure },
      'contact message could not be forwarded; it stays stored and is retried later',
    );
    return false;
  }

  return {
    /** Stores the message first, then tries one forward. The webhook never fails the request. */
    async submit(body: z.output<typeof contactBodySchema>): Promise<{ id: number }> {
      const now = deps.now();
      // While forwarding, the new row starts claimed, so the retry job cannot send it alongside this request.
      const nextAttemptAt = isForwarding ? new Date(now.getTime() + claimLeaseMs) : now;
      const row = await repository.insertMessage({ ...body, nextAttemptAt });
      if (!isForwarding) {
        log.info(
          { contactMessageId: row.id, text: formatContactChatText(row) },
          'contact message stored; not forwarded because CONTACT_WEBHOOK_URL is not set',
        );
        return { id: row.id };
      }
      await forwardMessage(row).catch((error: unknown) => {
        // The message is stored and its claim runs out, so the retry job still delivers it.
        log.error(
          { contactMessageId: row.id, reason: describeFailure(error) },
          'contact forward not recorded',
        );
      });
      return { id: row.id };
    },

    /** Forwards every due message (the retry job). Without a webhook URL they stay pending. */
    async forwardPending(): Promise<ForwardResult> {
      if (!isForwarding) return { forwarded: 0, failed: 0 };
      const { taken, succeeded } = await drainDue(
        async () => {
          const now = deps.now();
          const rows = await repository.claimDueMessages({
            now,
            leaseUntil: new Date(now.getTime() + claimLeaseMs),
            limit: batchSize,
          });
          let forwarded = 0;
          for (const row of rows) if (await forwardMessage(row)) forwarded += 1;
          return { taken: rows.length, succeeded: forwarded };
        },
        { maxBatches: maxBatchesPerRun, isStoppedByFailedBatch: true },
      );
      return { forwarded: succeeded, failed: taken - succeeded };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
