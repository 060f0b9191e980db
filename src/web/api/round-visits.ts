import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  visitOutcomeSchema,
  visitSchema,
  type PublishVisitsBody,
  type Visit,
  type VisitOutcome,
} from '../../contracts/visits';
import { ApiError, apiGet, apiPost, apiPut, unwrapData, type ApiResponse } from '../lib/api-client';
import { roundVisitKeys, sourceWriteKeys } from './query-keys';

const visitsSchema = z.array(visitSchema);

/** A day's visits as stored, when they were last fetched from the CRM, and whether a fetch is under way. */
export type RoundVisits = {
  visits: Visit[];
  message: string;
  refreshedAt: string | null;
  isRefreshing: boolean;
};

/** While the server refreshes a day from the CRM, the panel asks again this often to show what it brings. */
const refreshPollMs = 2_000;
/** On the day a run is out, drivers send outcomes: the panel asks again this often to show them. */
export const liveDayPollMs = 30_000;

async function fetchRoundVisits(
  roundId: number,
  date: string,
  options: { isRefreshWanted: boolean; signal?: AbortSignal },
): Promise<RoundVisits> {
  const response = await apiGet(
    `rounds/${roundId}/visits/${date}`,
    options.isRefreshWanted ? { refresh: 'true' } : undefined,
    { schema: visitsSchema, ...(options.signal ? { signal: options.signal } : {}) },
  );
  return {
    visits: unwrapData(response),
    message: response.meta.message,
    refreshedAt: response.meta.refreshed_at ?? null,
    isRefreshing: response.meta.is_refreshing ?? false,
  };
}

/**
 * A round's visits of a day as the server stores them (it refreshes them from the CRM in the background).
 * `message` carries the CRM warning when the CRM failed. Read afresh each time a panel opens, and asked again
 * while the server says a refresh is under way, so the panel shows what the CRM brought; on a live day (the
 * round's today) also every 30 s, so drivers' outcomes appear as they come.
 */
export function useRoundVisits(roundId: number, date: string, options: { isLive: boolean }) {
  return useQuery({
    queryKey: roundVisitKeys.day(roundId, date),
    queryFn: ({ signal }) => fetchRoundVisits(roundId, date, { isRefreshWanted: false, signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.isRefreshing ? refreshPollMs : options.isLive ? liveDayPollMs : false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** Refresh: the day fetched from the CRM now (the server waits for it, within bounds), into the panel's query. */
export function useRefreshRoundVisits(roundId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchRoundVisits(roundId, date, { isRefreshWanted: true }),
    onSuccess: (data) => queryClient.setQueryData(roundVisitKeys.day(roundId, date), data),
  });
}

/**
 * Loads the visits of several rounds' day as the rounds screen reads them (a day never fetched waits for the
 * CRM), so they are stored before the day is planned. Answers the CRM's warnings, if any.
 */
export async function loadDayVisits(roundIds: readonly number[], date: string): Promise<string[]> {
  const days = await Promise.all(
    roundIds.map((roundId) => fetchRoundVisits(roundId, date, { isRefreshWanted: false })),
  );
  return [...new Set(days.map((day) => day.message).filter((message) => message !== ''))];
}

const outcomesSchema = z.array(visitOutcomeSchema);

/** Each visit's outcome with the server's message. */
export type VisitOutcomes = { outcomes: VisitOutcome[]; message: string };

/** None done answers code 7 with each visit's outcome: still a result to show, not a failed call. */
function readOutcomes(response: ApiResponse<VisitOutcome[]>): VisitOutcomes {
  if (response.data) return { outcomes: response.data, message: response.meta.message };
  throw new ApiError(response.meta);
}

/**
 * After publishing or completing: the CRM writes waiting are read again. The panel applies the outcomes to the
 * visits it shows itself (a refetch would drop its unsaved order), so the stored visits are only marked stale,
 * for the next time a day is opened.
 */
function refreshAfterVisitChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sourceWriteKeys.all }),
    queryClient.invalidateQueries({ queryKey: roundVisitKeys.all, refetchType: 'none' }),
  ]);
}

export function usePublishVisits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PublishVisitsBody) =>
      readOutcomes(await apiPut('visits', body, { schema: outcomesSchema, isDataKeptOnError: true })),
    onSettled: () => refreshAfterVisitChange(queryClient),
  });
}

export function useCompleteVisits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      readOutcomes(
        await apiPost('visits/complete', ids, { schema: outcomesSchema, isDataKeptOnError: true }),
      ),
    onSettled: () => refreshAfterVisitChange(queryClient),
  });
}
