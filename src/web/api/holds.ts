import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { endHoldResultSchema, holdSchema, holdVisitsSchema, type HoldBody } from '../../contracts/holds';
import { apiDelete, apiGet, apiPost, apiPut, unwrapData } from '../lib/api-client';
import { clientKeys, reportKeys, roundVisitKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

const holdListSchema = z.array(holdSchema);

export function useHolds(clientId: number) {
  return useQuery({
    queryKey: clientKeys.holds(clientId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}/holds`, undefined, { schema: holdListSchema, signal }),
      ),
  });
}

/** The client's visits whose cancel or restore in the CRM is not confirmed yet. */
export function useHoldVisits(clientId: number) {
  return useQuery({
    queryKey: clientKeys.holdVisits(clientId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}/hold_visits`, undefined, {
          schema: holdVisitsSchema,
          signal,
        }),
      ),
  });
}

/**
 * A hold changes the client (the list's strip, its holds and their visits), the reports (a client on hold gets
 * no meals) and the rounds' visits (cancelled or restored in the CRM).
 */
function useHoldMutation<Variables, T>(clientId: number, call: (variables: Variables) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      refreshQueries(queryClient, [
        clientKeys.all,
        clientKeys.holds(clientId),
        reportKeys.all,
        roundVisitKeys.all,
      ]),
  });
}

/** Add (no id) or change a hold; a refusal's field errors come with the thrown ApiError. */
export function useSaveHold(clientId: number) {
  return useHoldMutation(clientId, async ({ id, body }: { id: number | null; body: HoldBody }) =>
    unwrapData(
      id === null
        ? await apiPost(`clients/${String(clientId)}/holds`, body, { schema: holdSchema })
        : await apiPut(`clients/${String(clientId)}/holds/${String(id)}`, body, { schema: holdSchema }),
    ),
  );
}

/** "End now": removes a hold not begun yet, else ends it yesterday. */
export function useEndHold(clientId: number) {
  return useHoldMutation(clientId, async (id: number) =>
    unwrapData(
      await apiDelete(`clients/${String(clientId)}/holds/${String(id)}`, { schema: endHoldResultSchema }),
    ),
  );
}
