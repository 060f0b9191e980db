import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { optimisedEventSchema, travelSchema, type OptimiseBody, type Travel } from '../../../contracts/maps';
import { printLinkSchema, type PrintRoundBody } from '../../../contracts/print';
import {
  visitOutcomeSchema,
  visitSchema,
  type PublishVisitsBody,
  type Visit,
} from '../../../contracts/visits';
import { getTravel, setTravel } from '../../app/session-store';
import { refreshSourceWrites } from './source-writes-api';
import { apiGet, apiPost, apiPut, unwrapData, type ApiResponse } from '../../lib/api-client';

const visitsSchema = z.array(visitSchema);

export type RoundVisits = { visits: Visit[]; message: string };

export function buildRoundVisitsQueryKey(roundId: number, date: string) {
  return ['round-visits', roundId, date] as const;
}

/**
 * A round's visits of a day (synced from the CRM by the server). `message` carries the CRM warning when the CRM
 * failed and the stored visits came back instead. Read afresh each time a panel opens (a publish or another user
 * may have changed them), but never refetched behind an open panel: it holds unpublished changes on top of them.
 */
export function useRoundVisits(roundId: number, date: string) {
  return useQuery({
    queryKey: buildRoundVisitsQueryKey(roundId, date),
    queryFn: async ({ signal }): Promise<RoundVisits> => {
      const response = await apiGet(`rounds/${roundId}/visits/${date}`, undefined, {
        schema: visitsSchema,
        signal,
      });
      return { visits: unwrapData(response), message: response.meta.message };
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

function buildTravelQueryKey(from: string, to: string) {
  return ['travel', from, to] as const;
}

/** Travel of one leg: the session's travel cache first (spec: cached by 'from:to'), else maps/distance. */
async function fetchTravel(from: string, to: string, signal?: AbortSignal): Promise<Travel> {
  const cached = getTravel(from, to);
  if (cached) return cached;
  const travel = unwrapData(await apiPost('maps/distance', { from, to }, { schema: travelSchema, signal }));
  setTravel(from, to, travel);
  return travel;
}

function buildTravelQuery(from: string, to: string) {
  return {
    queryKey: buildTravelQueryKey(from, to),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchTravel(from, to, signal),
    staleTime: Infinity,
    retry: false,
  };
}

/** The travel rows of a panel: one query per leg, shared by every panel showing the same leg. */
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
