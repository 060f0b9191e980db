import type { VisitPlanner } from '../features/source/visit-planner';
import { startPeriodicJob, type JobLog } from './periodic-job';

/**
 * Moves the visit horizon of every account without a CRM on (its visits are made up to `visit_horizon_weeks`
 * ahead of today), at start and then hourly, so the new day's visits exist within the hour after midnight in any
 * Australian zone. A run that finds every visit in place writes nothing; every server may run it (a client's
 * visit of a day is unique).
 */
export function startVisitHorizon(
  planner: Pick<VisitPlanner, 'extendHorizons'>,
  log: JobLog,
  intervalMs = 60 * 60_000,
): { stop(): Promise<void> } {
  return startPeriodicJob('visit horizon', () => planner.extendHorizons(), {
    intervalMs,
    log,
    runAtStart: true,
  });
}
