import type { RosterRemindersService } from '../features/drivers/volunteer/reminders-service';
import { startPeriodicJob, type JobLog } from './periodic-job';

/**
 * Sends the roster's due reminders and unfilled-slot alerts at start and then every `intervalMs`. Every server may
 * run it: each reminder's unique key makes the second sender send nothing.
 */
export function startRosterReminders(
  reminders: Pick<RosterRemindersService, 'runDue'>,
  log: JobLog,
  intervalMs = 5 * 60_000,
): { stop(): Promise<void> } {
  return startPeriodicJob('roster reminders', () => reminders.runDue(), {
    intervalMs,
    log,
    runAtStart: true,
  });
}
