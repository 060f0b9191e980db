import { useQueries, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { legTravelSchema, type Travel } from '../../contracts/travel';
import { optimisedVisitSchema, type OptimiseBody } from '../../contracts/optimise';
import { getTravel, setTravel } from '../lib/session-store';
import { apiPost, unwrapData } from '../lib/api-client';
import { createLegBatcher } from '../lib/travel-batch';
import { travelKeys } from './query-keys';

const legTravelsSchema = z.array(legTravelSchema);

/** Every leg asked for in one turn goes in one maps/distances call. */
const loadLegFromServer = createLegBatcher(async (legs) =>
  unwrapData(await apiPost('maps/distances', { legs }, { schema: legTravelsSchema })),
);

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
    queryKey: travelKeys.leg(from, to),
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
  queryClient.setQueryData(travelKeys.leg(from, to), travel);
}

const optimisedVisitsSchema = z.array(optimisedVisitSchema);

/**
 * POST maps/optimise: the events in their new order; throws an ApiError when it failed. The signal lets the
 * dialog's Cancel abort the request (the server stops working on it).
 */
export async function requestOptimise(body: OptimiseBody, signal?: AbortSignal) {
  return unwrapData(await apiPost('maps/optimise', body, { schema: optimisedVisitsSchema, signal }));
}
