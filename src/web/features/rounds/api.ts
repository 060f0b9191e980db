import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  legTravelSchema,
  optimisedEventSchema,
  type OptimiseBody,
  type Travel,
} from '../../../contracts/maps';
import { printLinkSchema, type PrintRoundBody } from '../../../contracts/print';
import {
  visitOutcomeSchema,
  visitSchema,
  type PublishVisitsBody,
  type Visit,
} from '../../../contracts/visits';
import { getTravel, setTravel } from '../../app/session-store';
import { apiGet, apiPost, apiPut, unwrapData, type ApiResponse } from '../../lib/api-client';
import { refreshSourceWrites } from './source-writes-api';
import { createLegBatcher } from './travel-batch';

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

export function buildRoundVisitsQueryKey(roundId: number, date: string) {
  return ['round-visits', roundId, date] as const;
}

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
    queryKey: buildRoundVisitsQueryKey(roundId, date),
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
    onSuccess: (data) => queryClient.setQueryData(buildRoundVisitsQueryKey(roundId, date), data),
  });
}

const legTravelsSchema = z.array(legTravelSchema);

/** Every leg asked for in one turn goes in one maps/distances call. */
const loadLegFromServer = createLegBatcher(async (legs) =>
  unwrapData(await apiPost('maps/distances', { legs }, { schema: legTravelsSchema })),
);

function buildTravelQueryKey(from: string, to: string) {
  return ['travel', from, to] as const;
}

/** Travel of one leg: the session's travel cache first (keyed 'from:to'), else the batched call. */
async function fetchTravel(from: string, to: string): Promise<Travel> {
  const cached = getTravel(from, to);
  if (cached) return cached;
  const travel = await loadLegFromServer(from, to);
  setTravel(from, to, travel);
  return travel;
}

function buildTravelQuery(from: string, to: string) {
  return {
    queryKey: buildTravelQueryKey(from, to),
    queryFn: () => fetchTravel(from, to),
    staleTime: Infinity,
    retry: false,
  };
}

/** The travel rows of a panel: one query per leg, shared by every panel showing the same leg, sent together. */
export function useLegTravel(legs: readonly [string, string][]) {
  return useQueries({ queries: legs.map(([from, to]) => buildTravelQuery(from, to)) });
}

/** Travel for a leg when the panel recomputes times; null when it cannot be calculated (counts as 0 minutes). */
export async function loadLegTravel(
  queryClient: QueryClient,
  from: string,
  to: string,
): Promise<Travel | null> {
  try {
    return await queryClient.fetchQuery(buildTravelQuery(from, to));
  } catch {
    return null;
  }
}

/** Seeds the travel an optimise answer brought, so the panel's travel rows need no further calls. */
export function rememberLegTravel(queryClient: QueryClient, from: string, to: string, travel: Travel): void {
  setTravel(from, to, travel);
  queryClient.setQueryData(buildTravelQueryKey(from, to), travel);
}

const optimisedEventsSchema = z.array(optimisedEventSchema);

/** POST maps/optimise; the signal lets the dialog's Cancel abort the request (the server stops working on it). */
export function requestOptimise(body: OptimiseBody, signal?: AbortSignal) {
  return apiPost('maps/optimise', body, { schema: optimisedEventsSchema, signal });
}
export type OptimiseResponse = Awaited<ReturnType<typeof requestOptimise>>;

const outcomesSchema = z.array(visitOutcomeSchema);

export function usePublishVisits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishVisitsBody) =>
      apiPut('visits', body, { schema: outcomesSchema, isDataKeptOnError: true }),
    onSettled: () => refreshSourceWrites(queryClient),
  });
}

export function useCompleteVisits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiPost('visits/complete', ids, { schema: outcomesSchema, isDataKeptOnError: true }),
    onSettled: () => refreshSourceWrites(queryClient),
  });
}

export function usePrintRound() {
  return useMutation({
    mutationFn: (body: PrintRoundBody): Promise<ApiResponse<z.infer<typeof printLinkSchema>>> =>
      apiPost('print/round', body, { schema: printLinkSchema }),
  });
}
