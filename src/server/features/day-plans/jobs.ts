import { randomUUID } from 'node:crypto';
import type { DayPlan, DayPlanJob } from '../../../contracts/day-plans';

/** A finished job is kept this long for the screen to read, then forgotten. */
export const dayPlanJobKeptMs = 15 * 60_000;
/** At most this many jobs are kept per account (the oldest finished ones go first): plans can be large. */
export const dayPlanJobsPerAccount = 10;

type Job = DayPlanJob & { accountId: number; controller: AbortController; finishedAt: number | null };

/**
 * Planning jobs, in this process's memory: a plan is a proposal the coordinator looks at within minutes, so it
 * is not worth a table (ADR 0026). One running job per account: starting another cancels it. Another account's
 * job reads as missing.
 */
export function createDayPlanJobs(now: () => Date) {
  const jobs = new Map<string, Job>();

  const toJob = ({ id, status, progress, plan, message }: Job): DayPlanJob => ({
    id,
    status,
    progress,
    plan,
    message,
  });

  function forgetExpired(): void {
    const cutoff = now().getTime() - dayPlanJobKeptMs;
    for (const [id, job] of jobs) if (job.finishedAt !== null && job.finishedAt < cutoff) jobs.delete(id);
  }

  function find(accountId: number, id: string): Job | undefined {
    forgetExpired();
    const job = jobs.get(id);
    return job?.accountId === accountId ? job : undefined;
  }

  function finish(job: Job, change: Partial<Pick<Job, 'status' | 'plan' | 'message'>>): void {
    if (job.status !== 'running') return;
    Object.assign(job, change, { finishedAt: now().getTime() });
    if (change.status === 'done') job.progress = 1;
  }

  return {
    /** A new running job of the account (its running one, if any, is cancelled), and how it reads now. */
    start(accountId: number): { id: string; signal: AbortSignal; snapshot: DayPlanJob } {
      forgetExpired();
      for (const job of jobs.values()) {
        if (job.accountId === accountId && job.status === 'running') {
          job.controller.abort();
          finish(job, { status: 'cancelled' });
        }
      }
      const job: Job = {
        id: randomUUID(),
        accountId,
        status: 'running',
        progress: 0,
        plan: null,
        message: null,
        controller: new AbortController(),
        finishedAt: null,
      };
      jobs.set(job.id, job);
      // The map keeps insertion order: the account's first jobs are its oldest, and all but the new one are done.
      const own = [...jobs.values()].filter((each) => each.accountId === accountId);
      for (const old of own.slice(0, Math.max(0, own.length - dayPlanJobsPerAccount))) jobs.delete(old.id);
      return { id: job.id, signal: job.controller.signal, snapshot: toJob(job) };
    },

    get(accountId: number, id: string): DayPlanJob | undefined {
      const job = find(accountId, id);
      return job ? toJob(job) : undefined;
    },

    setProgress(id: string, fraction: number): void {
      const job = jobs.get(id);
      if (job?.status === 'running') job.progress = Math.min(0.99, Math.max(job.progress, fraction));
    },

    /** The search ended: done, or cancelled when it was asked to stop (keeping the best plan found, if any). */
    complete(id: string, plan: DayPlan | null): void {
      const job = jobs.get(id);
      if (!job) return;
      if (job.status === 'cancelled') job.plan ??= plan;
      finish(job, job.controller.signal.aborted ? { status: 'cancelled', plan } : { status: 'done', plan });
    },

    fail(id: string, message: string): void {
      const job = jobs.get(id);
      if (job) finish(job, { status: 'failed', message });
    },

    /**
     * Stops the job: it reads as cancelled at once, and gets the best plan the search had found when the search
     * answers (promptly). Undefined when the account has no such job; a finished job stays as it was.
     */
    cancel(accountId: number, id: string): DayPlanJob | undefined {
      const job = find(accountId, id);
      if (!job) return undefined;
      job.controller.abort();
      finish(job, { status: 'cancelled' });
      return toJob(job);
    },

    /** Stops every running job (the app is closing). */
    cancelAll(): void {
      for (const job of jobs.values()) job.controller.abort();
    },
  };
}
export type DayPlanJobs = ReturnType<typeof createDayPlanJobs>;
