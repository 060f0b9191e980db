import type { OutboxSender } from '../features/visits/outbox-sender';
import { startPeriodicJob, type JobLog } from './periodic-job';

/**
 * Sends the CRM write outbox: every `intervalMs`, batch after batch until nothing is due. Every app server runs
 * one; the outbox's claims keep them from sending a write twice.
 */
export function startOutboxWorker(sender: Pick<OutboxSender, 'sendDue'>, log: JobLog, intervalMs = 2_000) {
  return startPeriodicJob(
    'CRM outbox',
    async () => {
      while ((await sender.sendDue()) > 0);
    },
    { intervalMs, log, runAtStart: true },
  );
}
