import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  dayAssignmentSchema,
  dayPlanJobSchema,
  type DayPlanApply,
  type DayPlanRequest,
} from '../../../../contracts/day-plans';
import { visitSchema } from '../../../../contracts/visits';
import { apiDelete, apiGet, apiPost, apiPut, unwrapData } from '../../../lib/api-client';
import { buildRoundVisitsQueryKey } from '../api';

/** While a plan is being worked out, its progress is asked for this often. */
export const planJobPollMs = 500;

export function buildDayAssignmentQueryKey(date: string) {
  return ['day-assignment', date] as const;
}

export function buildPlanJobQueryKey(job: string) {
  return ['day-plan-job', job] as const;
}

/** The applied assignment of a day (YYYY-MM-DD), or null when every visit rides its usual round. */
export function useDayAssignment(date: string) {
  return useQuery({
    queryKey: buildDayAssignmentQueryKey(date),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet(`day_plans/${date}`, undefined, { schema: dayAssignmentSchema, signal })),
    retry: false,
  });
}

const dayVisitsSchema = z.array(visitSchema);

/**
 * Makes sure the day's visits are stored before planning: each round's day is read as the rounds screen reads it
 * (a day never fetched waits for the CRM). Answers the CRM's warnings, if any (the plan then uses what is stored).
 */
export async function loadDayVisits(roundIds: readonly number[], date: string): Promise<string[]> {
  const answers = await Promise.all(
    roundIds.map((roundId) =>
      apiGet(`rounds/${String(roundId)}/visits/${date}`, undefined, { schema: dayVisitsSchema }),
    ),
  );
  for (const answer of answers) unwrapData(answer);
  return [...new Set(answers.map((answer) => answer.meta.message).filter((message) => message !== ''))];
}

/** Starts planning a day; answers the job to poll (its id and first progress). */
export async function startPlanJob(date: string, body: DayPlanRequest) {
  return unwrapData(await apiPost(`day_plans/${date}/jobs`, body, { schema: dayPlanJobSchema }));
}

export async function fetchPlanJob(job: string, signal?: AbortSignal) {
  return unwrapData(
    await apiGet(`day_plans/jobs/${job}`, undefined, {
      schema: dayPlanJobSchema,
      ...(signal ? { signal } : {}),
    }),
  );
}

/** Asks the server to stop a job; it answers the job as it stands (a plan found so far may come with it). */
export async function cancelPlanJob(job: string) {
  return unwrapData(await apiDelete(`day_plans/jobs/${job}`, { schema: dayPlanJobSchema.nullable() }));
}

/**
 * Apply: writes the day's assignment and sends the new times to the CRM; answers the server's word on that (a
 * CRM failure leaves the times waiting in the outbox). The day's visits are read again, as their rounds changed.
 */
export function useApplyDayPlan(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DayPlanApply) => {
      const response = await apiPut(`day_plans/${date}`, body, { schema: dayAssignmentSchema });
      unwrapData(response);
      return response.meta.message;
    },
    onSettled: () => invalidateDay(queryClient, date),
  });
}

/** Undo: the day's visits go back to their usual rounds and earlier times; answers the server's word on it. */
export function useUndoDayPlan(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await apiDelete(`day_plans/${date}`, { schema: dayAssignmentSchema });
      unwrapData(response);
      return response.meta.message;
    },
    onSettled: () => invalidateDay(queryClient, date),
  });
}

const [roundVisitsKeyName] = buildRoundVisitsQueryKey(0, '');

function invalidateDay(queryClient: QueryClient, date: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: buildDayAssignmentQueryKey(date) }),
    // The rounds screen's panels of that day, whatever the round: their visits moved.
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === roundVisitsKeyName && query.queryKey[2] === date,
    }),
  ]);
}
