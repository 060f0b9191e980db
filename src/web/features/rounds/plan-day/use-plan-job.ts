import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DayPlanJob, DayPlanRequest } from '../../../../contracts/day-plans';
import { unexpectedErrorMessage } from '../../../lib/api-client';
import { buildPlanJobQueryKey, cancelPlanJob, fetchPlanJob, planJobPollMs, startPlanJob } from './api';

export type PlanJobState = {
  /** The latest answer about the job: its progress, then its plan. */
  job: DayPlanJob | null;
  /** Starting, or waiting on a running job. */
  isWorking: boolean;
  /** Why the job could not be started or followed, in words. */
  errorText: string | null;
  start: (date: string, body: DayPlanRequest) => void;
  cancel: () => void;
  isCancelling: boolean;
  /** Forgets the job (a new date, or a plan applied). */
  clear: () => void;
};

function describeError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : unexpectedErrorMessage;
}

/** One planning job at a time: started on the server, its progress polled until it ends, cancellable. */
export function usePlanJob(): PlanJobState {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const poll = useQuery({
    queryKey: buildPlanJobQueryKey(jobId ?? ''),
    queryFn: ({ signal }) => fetchPlanJob(jobId ?? '', signal),
    enabled: jobId !== null,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? planJobPollMs : false),
    refetchOnWindowFocus: false,
    retry: false,
  });
  const starting = useMutation({
    mutationFn: ({ date, body }: { date: string; body: DayPlanRequest }) => startPlanJob(date, body),
    onSuccess: (job) => {
      queryClient.setQueryData(buildPlanJobQueryKey(job.id), job);
      setJobId(job.id);
    },
  });
  const cancelling = useMutation({
    mutationFn: (job: string) => cancelPlanJob(job),
    onSuccess: (job, id) => {
      if (job) queryClient.setQueryData(buildPlanJobQueryKey(id), job);
    },
  });

  const job = jobId === null ? null : (poll.data ?? null);
  const error = starting.error ?? (jobId === null ? null : poll.error) ?? cancelling.error;
  return {
    job,
    isWorking: starting.isPending || job?.status === 'running',
    errorText: error ? describeError(error) : null,
    start: (date, body) => {
      cancelling.reset();
      starting.mutate({ date, body });
    },
    cancel: () => {
      if (jobId !== null) cancelling.mutate(jobId);
    },
    isCancelling: cancelling.isPending,
    clear: () => {
      setJobId(null);
      starting.reset();
      cancelling.reset();
    },
  };
}
