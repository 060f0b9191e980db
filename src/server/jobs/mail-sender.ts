import type { Mailer } from '../integrations/mail/mailer';
import { startPeriodicJob, type JobLog } from './periodic-job';

/**
 * Delivers the queued mails that are due (new ones whose first attempt failed or was cut short by a stopped
 * process, and retries) at start and then every `intervalMs`.
 */
export function startMailSender(
  mailer: Pick<Mailer, 'deliverDue'>,
  log: JobLog,
  intervalMs = 30_000,
): { stop(): Promise<void> } {
  return startPeriodicJob('mail sender', () => mailer.deliverDue(), { intervalMs, log, runAtStart: true });
}
