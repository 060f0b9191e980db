import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  dayAssignmentSchema,
  dayPlanJobSchema,
  type DayPlanApply,
  type DayPlanRequest,
} from '../../contracts/day-plans';
import { apiDelete, apiGet, apiPost, apiPut, unwrapAnswer, unwrapData } from '../lib/api-client';
import { dayPlanKeys, roundVisitKeys, sourceWriteKeys } from './query-keys';
import { loadDayVisits } from './round-visits';

/** While a plan is being worked out, its progress is asked for this often. */
export const planJobPollMs = 500;

/** The applied assignment of a day (YYYY-MM-DD), or null when every visit rides its usual round. */
export function useDayAssignment(date: string) {
  return useQuery({
    queryKey: dayPlanKeys.assignment(date),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet(`day_plans/${date}`, undefined, { schema: dayAssignmentSchema, signal })),
    retry: false,
  });
}

/** A planning job's progress, then its plan: polled while it runs (none while `jobId` is null). */
export function usePlanJobProgress(jobId: string | null) {
  return useQuery({
    queryKey: dayPlanKeys.job(jobId ?? ''),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`day_plans/jobs/${jobId ?? ''}`, undefined, { schema: dayPlanJobSchema, signal }),
      ),
    enabled: jobId !== null,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? planJobPollMs : false),
    refetchOnWindowFocus: false,
    retry: false,
  });
}

type StartPlanJobInput = {
  date: string;
  roundIds: readonly number[];
  body: DayPlanRequest;
  /** The CRM's warnings about the day's visits (the plan then uses what is stored), told before the job starts. */
  onWarnings: (warnings: string[]) => void;
};

/**
 * Reads the day's visits of every round (so they are stored), then starts planning the day; answers the job to
 * poll (its id and first progress), which becomes its progress query's first answer.
 */
export function useStartPlanJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, roundIds, body, onWarnings }: StartPlanJobInput) => {
      onWarnings(await loadDayVisits(roundIds, date));
      return unwrapData(await apiPost(`day_plans/${date}/jobs`, body, { schema: dayPlanJobSchema }));
    },
    onSuccess: (job) => queryClient.setQueryData(dayPlanKeys.job(job.id), job),
  });
}

/** Asks the server to stop a job; it answers the job as it stands (a plan found so far may come with it). */
export function useCancelPlanJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (jobId: string) =>
      unwrapData(await apiDelete(`day_plans/jobs/${jobId}`, { schema: dayPlanJobSchema.nullable() })),
    onSuccess: (job, jobId) => {
      if (job) queryClient.setQueryData(dayPlanKeys.job(jobId), job);
    },
  });
}

/**
 * The day's assignment and the rounds screen's panels of that day, whatever the round (their visits moved), are
 * read again; the new times wait for the CRM in the outbox.
 */
function invalidateDay(queryClient: QueryClient, date: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dayPlanKeys.assignment(date) }),
    queryClient.invalidateQueries({
      queryKey: roundVisitKeys.all,
      predicate: (query) => query.queryKey[2] === date,
    }),
    queryClient.invalidateQueries({ queryKey: sourceWriteKeys.all }),
  ]);
}

/**
 * Apply: writes the day's assignment and sends the new times to the CRM; answers the server's word on that (a
 * CRM failure leaves the times waiting in the outbox).
 */
export function useApplyDayPlan(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DayPlanApply) =>
      unwrapAnswer(await apiPut(`day_plans/${date}`, body, { schema: dayAssignmentSchema })).message,
    onSettled: () => invalidateDay(queryClient, date),
  });
}

/** Undo: the day's visits go back to their usual rounds and earlier times; answers the server's word on it. */
export function useUndoDayPlan(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(await apiDelete(`day_plans/${date}`, { schema: dayAssignmentSchema })).message,
    onSettled: () => invalidateDay(queryClient, date),
  });
}
