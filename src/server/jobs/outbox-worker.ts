import type { OutboxSender } from '../features/visits/outbox-sender';
import { startPeriodicJob, type JobLog } from './periodic-job';

/**
 * Sends the CRM write outbox: every `intervalMs`, batch after batch until nothing is due. Every app server runs
 * one; the outbox's claims keep them from sending a write twice.
 */
export function startOutboxWorker(sender: Pick<OutboxSender, 'sendAllDue'>, log: JobLog, intervalMs = 2_000) {
  return startPeriodicJob('CRM outbox', () => sender.sendAllDue(), { intervalMs, log, runAtStart: true });
}
