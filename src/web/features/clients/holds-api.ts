import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { endHoldResultSchema, holdSchema, holdVisitsSchema, type HoldBody } from '../../../contracts/holds';
import { apiDelete, apiGet, apiPost, apiPut, isSuccess, unwrapData } from '../../lib/api-client';
import { clientsQueryKey } from './api';

const holdListSchema = z.array(holdSchema);

/** Under the clients key: a change of holds refreshes the list's strip too. */
const holdsKey = (clientId: number) => [...clientsQueryKey, 'holds', clientId] as const;

export function useHolds(clientId: number) {
  return useQuery({
    queryKey: holdsKey(clientId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}/holds`, undefined, { schema: holdListSchema, signal }),
      ),
  });
}

/** The client's visits whose cancel or restore in the CRM is not confirmed yet. */
export function useHoldVisits(clientId: number) {
  return useQuery({
    queryKey: [...holdsKey(clientId), 'visits'],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}/hold_visits`, undefined, {
          schema: holdVisitsSchema,
          signal,
        }),
      ),
  });
}

/** Add (no id) or change a hold; answers the envelope so the form can show field errors. */
export function useSaveHold(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: HoldBody }) =>
      id === null
        ? apiPost(`clients/${String(clientId)}/holds`, body, { schema: holdSchema })
        : apiPut(`clients/${String(clientId)}/holds/${String(id)}`, body, { schema: holdSchema }),
    onSuccess: async (response) => {
      if (isSuccess(response)) await queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
  });
}

/** "End now": removes a hold not begun yet, else ends it yesterday. */
export function useEndHold(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiDelete(`clients/${String(clientId)}/holds/${String(id)}`, { schema: endHoldResultSchema }),
    onSuccess: async (response) => {
      if (isSuccess(response)) await queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
  });
}
