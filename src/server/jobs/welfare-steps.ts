import type { WelfareStepRunner } from '../features/alerts/step-runner';
import { startPeriodicJob, type JobLog } from './periodic-job';

/**
 * Runs the welfare checks' steps that are due, at start and then every `intervalMs`. Every app server runs one;
 * the runner's row locks keep two servers from running a step twice.
 */
export function startWelfareSteps(
  runner: Pick<WelfareStepRunner, 'runDueSteps'>,
  log: JobLog,
  intervalMs = 15_000,
) {
  return startPeriodicJob('welfare steps', () => runner.runDueSteps(), { intervalMs, log, runAtStart: true });
}
