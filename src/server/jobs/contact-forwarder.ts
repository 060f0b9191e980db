import type { ContactService } from '../features/contact/service';
import { startPeriodicJob, type JobLog } from './periodic-job';

const consoleLog: JobLog = {
  error: (obj, msg) => console.error(msg, obj),
};

/** Retries contact messages whose forward failed (or was never tried) every `intervalMs`. */
export function startContactForwarder(
  contact: Pick<ContactService, 'forwardPending'>,
  intervalMs = 60_000,
  log: JobLog = consoleLog,
): { stop(): Promise<void> } {
  return startPeriodicJob('contact forwarder', () => contact.forwardPending(), { intervalMs, log });
}
