import { Cron } from 'croner';
import { defaultTimezone } from '../../domain/timezones';
import { isMissedRunStillDue } from '../features/rounds/automation/catch-up';
import type { RoundAutomationService } from '../features/rounds/automation/service';

export type SchedulerLog = { error(obj: object, msg: string): void };

const consoleLog: SchedulerLog = { error: (obj, msg) => console.error(msg, obj) };

/** A daily schedule at `time` (HH:MM) on the zone's wall clock, evaluated only (croner; nothing is run by it). */
function dailyAt(time: string, timeZone: string): Cron {
  const [hours, minutes] = time.split(':').map(Number);
  return new Cron(`${String(minutes)} ${String(hours)} * * *`, { timezone: timeZone, paused: true });
}

/** The next instant after `now` at which the wall clock in the zone reads `time` (HH:MM). */
export function findNextRunAt(now: Date, time: string, timeZone = defaultTimezone): Date {
  const next = dailyAt(time, timeZone).nextRun(now);
  if (!next) throw new RangeError(`No run of ${time} after ${now.toISOString()}.`);
  return next;
}

/** The latest instant at or before `now` at which the wall clock in the zone read `time` (HH:MM). */
export function findLastRunAt(now: Date, time: string, timeZone = defaultTimezone): Date {
  // previousRuns looks strictly before its reference: one millisecond on keeps a run at `now` itself.
  const [last] = dailyAt(time, timeZone).previousRuns(1, new Date(now.getTime() + 1));
  if (!last) throw new RangeError(`No run of ${time} before ${now.toISOString()}.`);
  return last;
}

/**
 * Runs round automation daily at `time` in the default zone (Australia/Sydney), and at start the run of the last
 * slot when the rounds feature says it is still due (rounds/automation/catch-up.ts). Every server may run this:
 * the service skips accounts another server is running or has already run for the slot. The timer is unref'd so
 * it never keeps the process alive; `stop` waits for the accounts' runs in progress and starts no other.
 */
export function startRoundAutomationScheduler(
  automation: Pick<RoundAutomationService, 'runScheduled'>,
  options: { time: string; now?: () => Date; log?: SchedulerLog },
): { stop(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? consoleLog;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStopped = false;

  function scheduleAfter(after: Date) {
    if (isStopped) return;
    const slot = findNextRunAt(after, options.time);
    timer = setTimeout(() => runSlot(slot), Math.max(0, slot.getTime() - now().getTime()));
    timer.unref();
  }

  function runSlot(slot: Date) {
    running = automation
      .runScheduled(slot, { isStopping: () => isStopped })
      .then(
        () => undefined,
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          log.error({ reason }, 'round automation run failed; it runs again at the next scheduled time');
        },
      )
      .finally(() => {
        running = null;
        scheduleAfter(new Date(Math.max(now().getTime(), slot.getTime() + 1000)));
      });
  }

  const lastSlot = findLastRunAt(now(), options.time);
  // Accounts that already ran since the slot (on any server) are skipped by the service, so this never repeats one.
  if (isMissedRunStillDue(lastSlot, now())) runSlot(lastSlot);
  else scheduleAfter(now());
  return {
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
