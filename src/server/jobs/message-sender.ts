import type { MessageSender } from '../features/messages/outbox-sender';
import { startPeriodicJob, type JobLog } from './periodic-job';

/**
 * Sends the message outbox every `intervalMs` (welfare messages should not wait long). Every app server runs one;
 * the outbox's claims keep them from sending a message twice.
 */
export function startMessageSender(sender: Pick<MessageSender, 'sendDue'>, log: JobLog, intervalMs = 2_000) {
  return startPeriodicJob('message sender', () => sender.sendDue(), { intervalMs, log, runAtStart: true });
}
