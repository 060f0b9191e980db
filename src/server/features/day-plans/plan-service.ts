import type { Account } from '../../../contracts/accounts';
import type { DayPlan, DayPlanJob, DayPlanRequest } from '../../../contracts/day-plans';
import { invalidInput, notFound, ApiError } from '../../http/errors';
import type { Session } from '../../http/session';
import type { WorkerOptions } from '../../routing/vrptw/solve-in-workers';
import type { VrptwProblem, VrptwSolution } from '../../routing/vrptw/types';
import type { AccountsService } from '../accounts/service';
import type { DaysOffService } from '../rounds/days-off-service';
import type { TravelService } from '../travel/service';
import { buildDayProblem, type PlannedStop, type Vehicle } from './day-problem';
import { hasLocation, loadDayPlaces, toDayRound } from '../../shared/day-places';
import type { DayPlanJobs } from './jobs';
import { assemblePlan } from './plan-assembly';
import { placeDayPortions, type PlanVisitRow } from '../../shared/day-portions';
import type { DayPlansRepository } from './repository';

export type SolveDay = (problem: VrptwProblem, options: WorkerOptions) => Promise<VrptwSolution>;

/**
 * How long a plan may take from its job's start (loading the day's travel included), and (tests) an iteration
 * limit that makes it repeat exactly.
 */
export type DayPlanLimits = { timeBudgetMs: number; maxIterations?: number };

/** The rounds of the request, each once and each the account's (404 like any other account's record). */
function findRequestedRounds(account: Account, request: DayPlanRequest) {
  const seen = new Set<number>();
  return request.rounds.map((input, index) => {
    if (seen.has(input.id)) {
      throw invalidInput('Each round may be given only once.', [
        { field: `rounds.${String(index)}.id`, message: 'Duplicate round.' },
      ]);
    }
    seen.add(input.id);
    const round = account.rounds.find((candidate) => candidate.id === input.id);
    if (!round) throw notFound('Round');
    return { round, capacity: input.capacity };
  });
}

/** Pins: each of a visit of the day that is planned, once, onto one of the rounds taking part. */
async function checkPins(
  repository: DayPlansRepository,
  accountId: number,
  date: string,
  request: DayPlanRequest,
  dayVisitIds: Set<number>,
): Promise<Map<number, number>> {
  const found = new Set(
    (
      await repository.findVisits(
        accountId,
        request.pins.map((pin) => pin.visit_id),
      )
    ).map((v) => v.id),
  );
  const roundIds = new Set(request.rounds.map((round) => round.id));
  const pins = new Map<number, number>();
  request.pins.forEach((pin, index) => {
    const field = `pins.${String(index)}`;
    if (!found.has(pin.visit_id)) throw notFound('Visit');
    if (pins.has(pin.visit_id)) {
      throw invalidInput('Each stop may be placed only once.', [
        { field: `${field}.visit_id`, message: 'Duplicate stop.' },
      ]);
    }
    if (!dayVisitIds.has(pin.visit_id)) {
      throw invalidInput(`A placed stop is not one of the visits planned on ${date}.`, [
        { field: `${field}.visit_id`, message: 'Not a visit planned this day.' },
      ]);
    }
    if (!roundIds.has(pin.round_id)) {
      throw invalidInput('A stop is placed on a round that is not in the plan.', [
        { field: `${field}.round_id`, message: 'Choose one of the rounds planned.' },
      ]);
    }
    pins.set(pin.visit_id, pin.round_id);
  });
  return pins;
}

/** What a job plans: the day's visits and the request, read and checked before the job starts. */
type PlanDay = {
  session: Session;
  account: Account;
  date: string;
  requested: ReturnType<typeof findRequestedRounds>;
  dayVisits: PlanVisitRow[];
  /** Pinned visit id -> round id. */
  pins: Map<number, number>;
};

/**
 * Plans a day across the rounds that are out: the day is read and checked at once (bad input answers the call),
 * then travel and the search run in the background as a job the screen polls, in the solver's worker threads,
 * within the time budget, cancellable.
 */
export function createDayPlanService(deps: {
  repository: DayPlansRepository;
  daysOff: Pick<DaysOffService, 'listDaysOff'>;
  accounts: Pick<AccountsService, 'getAccountById'>;
  travel: Pick<TravelService, 'getMatrix'>;
  jobs: DayPlanJobs;
  solve: SolveDay;
  limits: DayPlanLimits;
  log: { error(obj: object, msg: string): void };
}) {
  const { repository, jobs } = deps;
  /** The jobs' background work, so that closing the app can wait for it to end. */
  const runs = new Set<Promise<void>>();

  async function runJob(job: { id: string; signal: AbortSignal }, day: PlanDay): Promise<void> {
    const { id: jobId, signal } = job;
    // The time budget covers the whole plan: the travel loaded here leaves the search that much less.
    const startedAt = Date.now();
    const { session, account, date, requested, dayVisits, pins } = day;
    // The rounds in the comparison: those planned and those carrying visits now (an idle round's base is not
    // looked up, so one without a known address cannot fail the plan).
    const requestedIds = new Set(requested.map(({ round }) => round.id));
    const carrierIds = new Set(dayVisits.map((visit) => visit.dayRoundId));
    const allRounds = account.rounds
      .filter((round) => requestedIds.has(round.id) || carrierIds.has(round.id))
      .map(toDayRound);
    const places = await loadDayPlaces(deps.travel, account, allRounds, dayVisits);
    if (signal.aborted) return await jobs.complete(jobId, null);
    const vehicles: Vehicle[] = requested.map(({ round, capacity }) => {
      const dayRound = toDayRound(round);
      return { round: dayRound, baseNode: places.baseNodeOf(dayRound), capacity };
    });
    const vehicleOf = new Map(vehicles.map((vehicle, index) => [vehicle.round.id, index]));
    const located = dayVisits.filter(hasLocation);
    const stops: PlannedStop[] = located.map((visit) => {
      const pinned = pins.get(visit.id);
      const stop = places.stopOf(visit);
      return {
        ...stop,
        node: stop.node ?? 0,
        usualVehicle: visit.client.roundId === null ? null : (vehicleOf.get(visit.client.roundId) ?? null),
        onlyVehicle: pinned === undefined ? null : (vehicleOf.get(pinned) ?? null),
      };
    });
    const problem = buildDayProblem(
      places.travel,
      vehicles,
      stops,
      account.optimisation_preference_tm,
      account.workload_balance,
    );
    const solution = await deps.solve(problem, {
      signal,
      timeBudgetMs: deps.limits.timeBudgetMs,
      startedAt,
      ...(deps.limits.maxIterations === undefined ? {} : { maxIterations: deps.limits.maxIterations }),
      onProgress: ({ fraction }) => jobs.setProgress(jobId, fraction),
    });
    const daysOff = await deps.daysOff.listDaysOff(session, date, date);
    const plan: DayPlan = assemblePlan({
      date,
      rounds: allRounds,
      offRoundIds: new Set(daysOff.map((row) => row.round_id)),
      vehicles,
      places,
      dayVisits,
      located,
      solution,
    });
    await jobs.complete(jobId, plan);
  }

  /** Resolves once the planning running on this server has ended. */
  async function whenIdle(): Promise<void> {
    await Promise.allSettled([...runs]);
  }

  return {
    async startPlan(session: Session, date: string, request: DayPlanRequest): Promise<DayPlanJob> {
      const account = await deps.accounts.getAccountById(session.accountId);
      const requested = findRequestedRounds(account, request);
      const dayVisits = placeDayPortions(await repository.listDayVisits(session.accountId, date));
      const pins = await checkPins(
        repository,
        session.accountId,
        date,
        request,
        new Set(dayVisits.map((v) => v.id)),
      );
      const job = await jobs.start(session.accountId);
      const { id } = job;
      const running = runJob(job, { session, account, date, requested, dayVisits, pins })
        .catch((error: unknown) => {
          if (error instanceof ApiError) return jobs.fail(id, error.message);
          deps.log.error({ err: error, date }, 'Planning a day failed.');
          return jobs.fail(id, 'The plan could not be made. Please try again.');
        })
        // Even the failure could not be written (the database is gone): the job goes stale and reads as failed.
        .catch((error: unknown) => deps.log.error({ err: error, date }, 'A day plan could not be ended.'))
        .finally(() => runs.delete(running));
      runs.add(running);
      return job.snapshot;
    },

    async getJob(session: Session, id: string): Promise<DayPlanJob> {
      const job = await jobs.get(session.accountId, id);
      if (!job) throw notFound('Plan');
      return job;
    },

    whenIdle,

    /**
     * Stops the jobs running here and resolves once their work has ended (before the database closes): each is
     * failed as interrupted, so that a screen polling another server is told to plan again.
     */
    async close(): Promise<void> {
      jobs.stopAll();
      await whenIdle();
    },

    async cancelJob(session: Session, id: string): Promise<DayPlanJob> {
      const job = await jobs.cancel(session.accountId, id);
      if (!job) throw notFound('Plan');
      return job;
    },
  };
}
export type DayPlanService = ReturnType<typeof createDayPlanService>;
