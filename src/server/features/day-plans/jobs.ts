import { randomUUID } from 'node:crypto';
import type { DayPlan, DayPlanJob } from '../../../contracts/day-plans';
import type { DayPlanJobRow, DayPlanJobsRepository } from './job-repository';

/** A finished job is kept this long for the screen to read, then forgotten. */
export const dayPlanJobKeptMs = 15 * 60_000;
/** At most this many jobs are kept per account (the oldest go first): plans can be large. */
export const dayPlanJobsPerAccount = 10;
/** How often the server running a job writes its progress and sees whether it was cancelled elsewhere. */
export const dayPlanHeartbeatMs = 1_000;
/** A running job without a beat for longer than this reads as failed: its server stopped (or hangs). */
export const dayPlanJobStaleMs = 30_000;
/** Why a job failed whose server stopped before its end. */
export const interruptedPlanMessage = 'Planning was interrupted (the server stopped). Please plan again.';

/** Calls `beat` regularly while a job runs on this server; answers how to stop it. */
export type Heartbeat = (beat: () => Promise<void>) => () => void;

/** A beat every `dayPlanHeartbeatMs`; the timer does not keep the process alive. */
export const intervalHeartbeat: Heartbeat = (beat) => {
  const timer = setInterval(() => void beat(), dayPlanHeartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
};

/** A job this server runs: how to stop its search, its progress since the last beat, its heartbeat. */
type LocalJob = {
  controller: AbortController;
  progress: number;
  stopHeartbeat: () => void;
  beating: Promise<void> | null;
  /** Stopped because this server is closing: the job fails as interrupted. */
  isClosing: boolean;
};

const toJob = ({ id, status, progress, plan, message }: DayPlanJobRow): DayPlanJob => ({
  id,
  status,
  progress,
  plan,
  message,
});

/**
 * Planning jobs, kept in the database so that any app server answers for any job (ADR 0029). The server that
 * started a job runs its search and beats while it runs: it writes the progress and the time, and stops the
 * search when the job no longer runs (cancelled on any server, or a new job of the account started there). One
 * running job per account: starting another cancels it. Another account's job reads as missing.
 */
export function createDayPlanJobs(deps: {
  repository: DayPlanJobsRepository;
  now: () => Date;
  heartbeat?: Heartbeat;
  log: { warn(obj: object, msg: string): void };
}) {
  const { repository, now } = deps;
  const heartbeat = deps.heartbeat ?? intervalHeartbeat;
  const local = new Map<string, LocalJob>();
  const keptSince = () => new Date(now().getTime() - dayPlanJobKeptMs);

  function beat(id: string): Promise<void> {
    const job = local.get(id);
    if (!job) return Promise.resolve();
    job.beating ??= repository
      .beat(id, job.progress, now())
      .then((isRunning) => {
        if (!isRunning) job.controller.abort();
      })
      // A missed beat is only late: the next one writes again, and a job is stale only after many.
      .catch((error: unknown) => deps.log.warn({ err: error, job: id }, 'A day plan could not beat.'))
      .finally(() => {
        job.beating = null;
      });
    return job.beating;
  }

  /** The job's search has ended here: no more beats (the one under way is waited for). */
  async function release(id: string): Promise<LocalJob | undefined> {
    const job = local.get(id);
    if (!job) return undefined;
    local.delete(id);
    job.stopHeartbeat();
    await job.beating;
    return job;
  }

  /** The account's job as it reads now; a running one without a beat for too long has failed. */
  async function get(accountId: number, id: string): Promise<DayPlanJob | undefined> {
    const row = await repository.findJob(accountId, id, keptSince());
    if (!row) return undefined;
    const staleBefore = new Date(now().getTime() - dayPlanJobStaleMs);
    if (row.status !== 'running' || row.heartbeatAt >= staleBefore) return toJob(row);
    const failed = await repository.failStaleJob(accountId, id, {
      staleBefore,
      now: now(),
      message: interruptedPlanMessage,
    });
    // Not failed here: it beat or ended meanwhile, so it reads as it is now.
    const current = failed ?? (await repository.findJob(accountId, id, keptSince()));
    return current ? toJob(current) : undefined;
  }

  return {
    /** A new running job of the account (its running one, if any, is cancelled), and how it reads now. */
    async start(accountId: number): Promise<{ id: string; signal: AbortSignal; snapshot: DayPlanJob }> {
      const id = randomUUID();
      const { job, cancelledIds } = await repository.startJob({
        accountId,
        id,
        now: now(),
        keptSince: keptSince(),
        kept: dayPlanJobsPerAccount,
      });
      for (const cancelled of cancelledIds) local.get(cancelled)?.controller.abort();
      const controller = new AbortController();
      const entry: LocalJob = {
        controller,
        progress: 0,
        stopHeartbeat: () => {},
        beating: null,
        isClosing: false,
      };
      local.set(id, entry);
      entry.stopHeartbeat = heartbeat(() => beat(id));
      return { id, signal: controller.signal, snapshot: toJob(job) };
    },

    get,

    /** The search's progress (0..1): kept here, written at the next beat. */
    setProgress(id: string, fraction: number): void {
      const job = local.get(id);
      if (job) job.progress = Math.min(0.99, Math.max(job.progress, fraction));
    },

    /**
     * The search ended: done, or (when it was stopped) the best plan found is kept on the cancelled job. A search
     * stopped because this server is closing fails the job as interrupted.
     */
    async complete(id: string, plan: DayPlan | null): Promise<void> {
      const job = await release(id);
      if (job?.isClosing) return repository.failJob(id, interruptedPlanMessage, now());
      if (job?.controller.signal.aborted) return repository.keepCancelledPlan(id, plan);
      return repository.finishJob(id, plan, now());
    },

    async fail(id: string, message: string): Promise<void> {
      await release(id);
      await repository.failJob(id, message, now());
    },

    /**
     * Stops the job: it reads as cancelled at once, and gets the best plan the search had found when the search
     * answers (promptly, on whichever server runs it). Undefined when the account has no such job; a finished
     * job stays as it was.
     */
    async cancel(accountId: number, id: string): Promise<DayPlanJob | undefined> {
      const cancelled = await repository.cancelJob(accountId, id, now());
      if (cancelled) {
        local.get(id)?.controller.abort();
        return toJob(cancelled);
      }
      return get(accountId, id);
    },

    /** Stops every job running here (the server is closing): each fails as interrupted once its search ends. */
    stopAll(): void {
      for (const job of local.values()) {
        job.isClosing = true;
        job.controller.abort();
      }
    },
  };
}
export type DayPlanJobs = ReturnType<typeof createDayPlanJobs>;
