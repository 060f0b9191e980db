import type { Database } from '../../db/client';
import type { RegisterRoute } from '../../http/route';
import { solveVrptwInWorkers } from '../../routing/vrptw/solve-in-workers';
import type { AccountsService } from '../accounts/service';
import type { AuditService } from '../audit/service';
import type { TravelService } from '../travel/service';
import { createDaysOffRepository } from '../rounds/days-off-repository';
import { createDaysOffService } from '../rounds/days-off-service';
import type { VisitsService } from '../visits/service';
import { createDayAssignmentService } from './assignment-service';
import { createDayPlanJobs } from './jobs';
import { createDayPlanService, type DayPlanLimits } from './plan-service';
import { createDayPlansRepository } from './repository';
import { registerDayPlansRoutes } from './routes';

/** Wires the day planner and registers its routes; answers what stops its running jobs (the app closing). */
export function registerDayPlansFeature(
  route: RegisterRoute,
  deps: {
    db: Database;
    accounts: Pick<AccountsService, 'getAccountById'>;
    travel: Pick<TravelService, 'getMatrix'>;
    visits: Pick<VisitsService, 'publishVisits'>;
    audit: AuditService;
    limits: DayPlanLimits;
    now: () => Date;
    log: { error(obj: object, msg: string): void };
  },
): { close: () => Promise<void> } {
  const repository = createDayPlansRepository(deps.db);
  const jobs = createDayPlanJobs(deps.now);
  const plans = createDayPlanService({
    repository,
    daysOff: createDaysOffService({
      repository: createDaysOffRepository(deps.db),
      accounts: deps.accounts,
      audit: deps.audit,
    }),
    accounts: deps.accounts,
    travel: deps.travel,
    jobs,
    solve: solveVrptwInWorkers,
    limits: deps.limits,
    log: deps.log,
  });
  const assignments = createDayAssignmentService({
    repository,
    accounts: deps.accounts,
    travel: deps.travel,
    visits: deps.visits,
    audit: deps.audit,
    now: deps.now,
  });
  registerDayPlansRoutes(route, { plans, assignments });
  return { close: plans.close };
}
