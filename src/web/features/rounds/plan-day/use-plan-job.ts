import { useState } from 'react';
import type { DayPlanJob, DayPlanRequest } from '../../../../contracts/day-plans';
import { describeApiError } from '../../../lib/api-client';
import { useCancelPlanJob, usePlanJobProgress, useStartPlanJob } from '../../../api/day-plans';

export type PlanJobState = {
  /** The latest answer about the job: its progress, then its plan. */
  job: DayPlanJob | null;
  /** Starting, or waiting on a running job. */
  isWorking: boolean;
  /** Reading the day's visits before the job starts. */
  isReading: boolean;
  /** Why the job could not be started or followed, in words. */
  errorText: string | null;
  /** The CRM's warnings when reading the day (the plan uses the visits stored). */
  warnings: string[];
  /** Reads the day's visits of every round, then starts the job. */
  start: (date: string, roundIds: readonly number[], body: DayPlanRequest) => void;
  cancel: () => void;
  isCancelling: boolean;
  /** Forgets the job (a new date, or a plan applied). */
  clear: () => void;
};

/**
 * One planning job at a time: the day's visits read, the job started on the server, its progress polled until it
 * ends, cancellable.
 */
export function usePlanJob(): PlanJobState {
  const [jobId, setJobId] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const poll = usePlanJobProgress(jobId);
  const starting = useStartPlanJob();
  const cancelling = useCancelPlanJob();

  const job = jobId === null ? null : (poll.data ?? null);
  const error = starting.error ?? (jobId === null ? null : poll.error) ?? cancelling.error;
  return {
    job,
    isWorking: starting.isPending || job?.status === 'running',
    isReading: starting.isPending,
    errorText: error ? describeApiError(error) : null,
    warnings,
    start: (date, roundIds, body) => {
      cancelling.reset();
      setWarnings([]);
      starting.mutate(
        { date, roundIds, body, onWarnings: setWarnings },
        { onSuccess: (job) => setJobId(job.id) },
      );
    },
    cancel: () => {
      if (jobId !== null) cancelling.mutate(jobId);
    },
    isCancelling: cancelling.isPending,
    clear: () => {
      setJobId(null);
      setWarnings([]);
      starting.reset();
      cancelling.reset();
    },
  };
}
