import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DayPlanJob, DayPlanRequest } from '../../../../contracts/day-plans';
import { unexpectedErrorMessage } from '../../../lib/api-client';
import {
  buildPlanJobQueryKey,
  cancelPlanJob,
  fetchPlanJob,
  loadDayVisits,
  planJobPollMs,
  startPlanJob,
} from './api';

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

function describeError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : unexpectedErrorMessage;
}

/**
 * One planning job at a time: the day's visits read, the job started on the server, its progress polled until it
 * ends, cancellable.
 */
export function usePlanJob(): PlanJobState {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
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
    mutationFn: async (input: { date: string; roundIds: readonly number[]; body: DayPlanRequest }) => {
      const warnings = await loadDayVisits(input.roundIds, input.date);
      setWarnings(warnings);
      return startPlanJob(input.date, input.body);
    },
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
    isReading: starting.isPending,
    errorText: error ? describeError(error) : null,
    warnings,
    start: (date, roundIds, body) => {
      cancelling.reset();
      setWarnings([]);
      starting.mutate({ date, roundIds, body });
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
