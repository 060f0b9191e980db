import { drainDue } from '../../db/job-queue';
import type { MessagingProvider } from '../../integrations/sms/messaging-provider';
import type { MessageQueue } from './outbox-queue';
import type { MessageRow } from './repository';
import type { MessagingConnection } from './settings-service';

export type CreateMessagingProvider = (connection: MessagingConnection) => MessagingProvider;

export type MessageSenderLog = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * Sends the message outbox. Each claimed message goes to its account's provider; an attempt after the first reads
 * back first, so a message whose answer was lost (a timeout, a dropped line) is recorded as sent, not sent again.
 */
export function createMessageSender(deps: {
  queue: MessageQueue;
  getConnection: (accountId: number) => Promise<MessagingConnection>;
  createProvider: CreateMessagingProvider;
  statusCallbackUrl: (messageId: number) => string;
  log: MessageSenderLog;
}) {
  const { queue } = deps;

  /** The provider's id of this message when an earlier attempt of it did reach the provider. */
  async function readBack(
    provider: MessagingProvider,
    row: MessageRow,
    from: string,
  ): Promise<string | null> {
    const sids = await provider.findSent({
      channel: row.channel,
      to: row.to,
      from,
      body: row.body,
      since: row.firstAttemptAt ?? row.createdAt,
    });
    for (const sid of sids) if (!(await queue.isSidTaken(row.accountId, sid, row.id))) return sid;
    return null;
  }

  async function attempt(row: MessageRow): Promise<boolean> {
    const connection = await deps.getConnection(row.accountId);
    const provider = deps.createProvider(connection);
    if (row.attempts > 1) {
      try {
        const sid = await readBack(provider, row, connection.senderNumber);
        if (sid !== null) {
          await queue.markAccepted(row, sid);
          return true;
        }
      } catch (error) {
        const reason = `The messaging provider could not be read back (${error instanceof Error ? error.message : String(error)}).`;
        await queue.markForRetry(row, reason);
        return false;
      }
    }
    const outcome = await provider.send({
      channel: row.channel,
      to: row.to,
      from: connection.senderNumber,
      body: row.body,
      statusCallbackUrl: deps.statusCallbackUrl(row.id),
    });
    switch (outcome.kind) {
      case 'accepted':
        await queue.markAccepted(row, outcome.sid);
        return true;
      case 'refused':
        await queue.markFailed(row, outcome.reason);
        deps.log.warn({ messageId: row.id, reason: outcome.reason }, 'message refused');
        return false;
      case 'unavailable':
      case 'unknown': {
        const next = await queue.markForRetry(row, outcome.reason);
        deps.log.warn(
          { messageId: row.id, reason: outcome.reason, next },
          'message not sent; it is tried again',
        );
        return false;
      }
    }
  }

  async function attemptSafely(row: MessageRow): Promise<boolean> {
    try {
      return await attempt(row);
    } catch (error) {
      // A broken setting (a token sealed with another app secret ...) must not stop the batch: the message waits
      // its backoff like any failed attempt, and fails for good after the last one.
      deps.log.error({ err: error, messageId: row.id }, 'message attempt failed');
      await queue
        .markForRetry(row, 'The message could not be sent (an error in MealRounds).')
        .catch(() => undefined);
      return false;
    }
  }

  return {
    /** Sends every due message, batch after batch; answers how many the provider took. */
    async sendDue(): Promise<number> {
      const { succeeded } = await drainDue(async () => {
        const rows = await queue.claimDue();
        const results = await Promise.all(rows.map(attemptSafely));
        return { taken: rows.length, succeeded: results.filter(Boolean).length };
      });
      return succeeded;
    },
  };
}
export type MessageSender = ReturnType<typeof createMessageSender>;
