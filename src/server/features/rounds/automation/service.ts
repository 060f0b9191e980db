import { toPublishEntry } from '../../../../domain/publish-entry';
import type { Account } from '../../../../contracts/accounts';
import { ErrorCode } from '../../../../contracts/envelope';
import type { RoundAutomationPreview, RoundAutomationRun } from '../../../../contracts/round-automation';
import { ApiError } from '../../../http/errors';
import type { Session } from '../../../http/session';
import type { AccountsService } from '../../accounts/service';
import type { OrderRound } from '../route-order';
import type { RoundVisitsService } from '../../visits/round-visits-service';
import type { VisitsService } from '../../visits/service';
import {
  createDayPlanner,
  describeDayFailure,
  groupRunDays,
  listRoundRunDays,
  type RoundDayPlan,
  type RoundAutomationLog,
} from './day-plan';
import { createRunPreview } from './preview';
import type { ClaimResult, RoundAutomationRepository, RunRow, RunTrigger } from './repository';

type ClaimedRun = Extract<ClaimResult, { run: RunRow }>;

const runInProgressMessage = 'A route automation run is already in progress.';
const lockLostMessage = 'The run stopped: its lock in the database was lost (the connection dropped).';
const listedRuns = 20;
/** Accounts a server runs at the same time in the daily run. */
const scheduledAccountsAtOnce = 3;

const runStatuses = ['running', 'succeeded', 'partly_failed', 'failed'] as const;

function toRunStatus(status: string): RoundAutomationRun['status'] {
  return runStatuses.find((known) => known === status) ?? 'failed';
}

/**
 * A finished run's status: succeeded without an error; partly failed when some days (or rounds) were left and
 * others done, each listed in its errors (a day the CRM refused, a plan that runs past midnight); failed when
 * nothing was done.
 */
function toFinishedStatus(tally: Tally): RoundAutomationRun['status'] {
  if (tally.errors.length === 0) return 'succeeded';
  return tally.days > tally.failedDays ? 'partly_failed' : 'failed';
}

function toRun(row: RunRow): RoundAutomationRun {
  return {
    id: row.id,
    trigger: row.trigger === 'schedule' ? 'schedule' : 'manual',
    status: toRunStatus(row.status),
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    rounds: row.rounds,
    days: row.days,
    visits_changed: row.visitsChanged,
    errors: row.errors,
  };
}

/** The scheduled job acts as the system, not as a user: the audit log shows it by this name and no user id. */
function toSystemSession(accountId: number, now: Date): Session {
  return {
    userId: 0,
    accountId,
    username: 'route-automation',
    accessLevel: 'admin',
    sessionId: '',
    expiresAt: now,
    tokenVersion: 0,
  };
}

type Tally = { rounds: number; days: number; visitsChanged: number; failedDays: number; errors: string[] };

/**
 * Round automation (docs/architecture.md, "Maps and routing"): for every round and each day from tomorrow up to
 * days_in_advance ahead, the round's visits are fetched from the CRM, ordered (optimal or preferred), retimed and
 * the changed ones published. A day that fails is recorded and the run goes on with the next.
 */
export function createRoundAutomationService(deps: {
  repository: RoundAutomationRepository;
  accounts: Pick<AccountsService, 'getAccountById'>;
  visits: Pick<RoundVisitsService, 'getRoundsDayVisits'> & Pick<VisitsService, 'publishVisits'>;
  orderRound: OrderRound;
  now: () => Date;
  log: RoundAutomationLog;
}) {
  const { repository } = deps;

  const planDay = createDayPlanner(deps);

  /**
   * Publishes a day's planned rounds in one call (one queue of CRM writes for the day rather than one per round):
   * answers each round's visits changed and errors, in the plans' order.
   */
  async function publishDay(session: Session, plans: RoundDayPlan[], date: string) {
    const changed = plans.flatMap((plan) => plan.changed);
    const outcomes = plans.map(({ errors }) => ({ changed: 0, errors: [...errors] }));
    if (changed.length === 0) return outcomes;
    const planOfVisit = new Map(
      plans.flatMap((plan, index) => plan.changed.map((visit) => [visit.id, index] as const)),
    );
    try {
      const published = await deps.visits.publishVisits(
        session,
        changed.map((visit) => toPublishEntry(visit, visit, visit.service.id)),
      );
      for (const outcome of published.data) {
        const index = planOfVisit.get(outcome.id);
        const target = index === undefined ? undefined : outcomes[index];
        const round = index === undefined ? undefined : plans[index]?.round;
        if (!target || !round) continue;
        // A change waiting for the CRM is made and queued: the outbox sends it; only a refused one is an error.
        if (outcome.status === 'failed') target.errors.push(`${round.name} ${date}: ${outcome.message}`);
        else target.changed += 1;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) deps.log.error({ err: error }, 'round automation: a day failed');
      plans.forEach((plan, index) => {
        if (plan.changed.length) outcomes[index]?.errors.push(describeDayFailure(plan.round, date, error));
      });
    }
    return outcomes;
  }

  async function runAccount(session: Session, account: Account, claimed: ClaimedRun): Promise<Tally> {
    const runId = claimed.run.id;
    const roundDays = listRoundRunDays(account, deps.now());
    const tally: Tally = {
      rounds: roundDays.length,
      days: 0,
      visitsChanged: 0,
      failedDays: 0,
      errors: roundDays.flatMap(({ error }) => (error ? [error] : [])),
    };
    // After each day: the runs list shows how far the run has got.
    const recordProgress = () =>
      repository.recordProgress(session.accountId, runId, {
        rounds: tally.rounds,
        days: tally.days,
        visitsChanged: tally.visitsChanged,
        errors: tally.errors,
        heartbeatAt: deps.now(),
      });
    await recordProgress();
    for (const day of groupRunDays(roundDays)) {
      // Without its lock (the connection holding it dropped), another server may start a run of the account.
      if (!claimed.lock.isHeld()) throw new ApiError(ErrorCode.internal, lockLostMessage);
      for (const outcome of await publishDay(session, await planDay(session, account, day), day.date)) {
        tally.days += 1;
        tally.visitsChanged += outcome.changed;
        tally.errors.push(...outcome.errors);
        if (outcome.errors.length) tally.failedDays += 1;
      }
      await recordProgress();
    }
    return tally;
  }

  /**
   * Runs one claimed run to its end and records the outcome, also when something unexpected breaks it; then frees
   * the account for the next run.
   */
  async function completeRun(session: Session, claimed: ClaimedRun): Promise<RunRow> {
    try {
      return await recordRun(session, claimed);
    } finally {
      await claimed.lock.release();
    }
  }

  async function recordRun(session: Session, claimed: ClaimedRun): Promise<RunRow> {
    const { run } = claimed;
    try {
      const account = await deps.accounts.getAccountById(session.accountId);
      const tally = await runAccount(session, account, claimed);
      return await repository.finishRun(session.accountId, run.id, {
        status: toFinishedStatus(tally),
        finishedAt: deps.now(),
        rounds: tally.rounds,
        days: tally.days,
        visitsChanged: tally.visitsChanged,
        errors: tally.errors,
      });
    } catch (error) {
      deps.log.error({ err: error }, 'round automation: the run failed');
      return repository.finishRun(session.accountId, run.id, {
        status: 'failed',
        finishedAt: deps.now(),
        rounds: 0,
        days: 0,
        visitsChanged: 0,
        errors: [error instanceof ApiError ? error.message : 'The run stopped on an unexpected error.'],
      });
    }
  }

  async function claim(accountId: number, trigger: RunTrigger, scheduledSince: Date | null) {
    return repository.claimRun(accountId, trigger, deps.now(), scheduledSince);
  }

  /** 'Run now' runs going on after their answer: the server waits for them before it closes the database. */
  const backgroundRuns = new Set<Promise<unknown>>();

  const previewRun = createRunPreview({ ...deps, planDay });

  return {
    /** What 'Run now' would change, worked out the run's way with nothing published (its confirmation). */
    async previewRun(session: Session): Promise<RoundAutomationPreview> {
      return previewRun(session);
    },

    async listRuns(session: Session): Promise<RoundAutomationRun[]> {
      return (await repository.listRuns(session.accountId, listedRuns)).map(toRun);
    },

    /**
     * 'Run now' for the session's account: answered at once with the run 'running' (a run takes a CRM round trip
     * per round and day, longer than a proxy may hold a request), which then goes on in the background; the
     * runs list shows its outcome. 409 while another run is going.
     */
    async runNow(session: Session): Promise<RoundAutomationRun> {
      const claimed = await claim(session.accountId, 'manual', null);
      if (!('run' in claimed)) throw new ApiError(ErrorCode.conflict, runInProgressMessage);
      // completeRun records a failure on the run itself; only recording it can fail (the database gone), which
      // is logged: the run then stays 'running' until the next claim marks it interrupted.
      const running: Promise<unknown> = completeRun(session, claimed)
        .catch((error: unknown) =>
          deps.log.error({ err: error }, 'round automation: the run was not recorded'),
        )
        .finally(() => backgroundRuns.delete(running));
      backgroundRuns.add(running);
      return toRun(claimed.run);
    },

    /** Resolves when every 'Run now' started so far has finished (for a clean shutdown). */
    async whenIdle(): Promise<void> {
      await Promise.all(backgroundRuns);
    },

    /**
     * The daily run for every account with round automation on, a few at a time. Accounts another server is
     * running, or that already had their run since `slotStart`, are skipped.
     */
    async runScheduled(
      slotStart: Date,
      options: { isStopping?: () => boolean } = {},
    ): Promise<RoundAutomationRun[]> {
      const accountIds = await repository.listEnabledAccountIds();
      const runs: (RoundAutomationRun | null)[] = accountIds.map(() => null);
      let next = 0;
      // A few accounts at a time: a run mostly waits on the CRM and the database, so one account after another
      // would leave the server idle through a night of many accounts. Each run holds a database connection of its
      // own for its lock, hence only a few.
      const runAccounts = async () => {
        // A server stopping (a deploy) finishes the runs it has begun and takes no more: the server that starts
        // next runs the rest as the slot's missed run.
        while (next < accountIds.length && !options.isStopping?.()) {
          const index = next;
          next += 1;
          const accountId = accountIds[index] as number;
          const claimed = await claim(accountId, 'schedule', slotStart);
          if ('run' in claimed) {
            runs[index] = toRun(await completeRun(toSystemSession(accountId, deps.now()), claimed));
          }
        }
      };
      await Promise.all(Array.from({ length: scheduledAccountsAtOnce }, runAccounts));
      return runs.filter((run): run is RoundAutomationRun => run !== null);
    },
  };
}
export type RoundAutomationService = ReturnType<typeof createRoundAutomationService>;
