import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  clientDetailSchema,
  savedClientSchema,
  clientListItemSchema,
  clientPrevNextSchema,
  type ClientListItem,
  type CreateClientBody,
  type UpdateClientBody,
} from '../../contracts/clients';
import type { Meta } from '../../contracts/envelope';
import { apiGet, apiPost, apiPut, unwrapAnswer, unwrapData, type ApiQuery } from '../lib/api-client';
import { allergenKeys, clientKeys, reportKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

const clientListSchema = z.array(clientListItemSchema);

/** The clients list's filters, as the screen keeps them: 'all', 'none' or a round id for the round. */
export type ClientListFilters = {
  filter: string;
  filter_round: string;
  missing_meals: 'all' | 'missing';
  on_hold?: 'all' | 'on_hold' | undefined;
};
export type ClientPage = { clients: ClientListItem[]; meta: Meta };
export type ClientPageRequest = ClientListFilters & { page: number };

/** The list call's query: page, filter, filter_round, and missing_meals and on_hold only when set. */
export function buildClientListQuery(request: ClientPageRequest): ApiQuery {
  return {
    page: request.page,
    filter: request.filter,
    filter_round: request.filter_round,
    missing_meals: request.missing_meals === 'missing' ? 'true' : undefined,
    on_hold: request.on_hold === 'on_hold' ? 'true' : undefined,
  };
}

async function fetchClientPage(request: ClientPageRequest, isSync: boolean, signal?: AbortSignal) {
  const response = await apiGet(
    'clients',
    { ...buildClientListQuery(request), sync: isSync ? 'true' : undefined },
    { schema: clientListSchema, signal },
  );
  const page: ClientPage = { clients: unwrapData(response), meta: response.meta };
  return page;
}

export function useClientPage(request: ClientPageRequest) {
  return useQuery({
    queryKey: clientKeys.list(request),
    queryFn: ({ signal }) => fetchClientPage(request, false, signal),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The list's second load: the same page again with sync=true (the server refreshes from the CRM first, within a
 * bounded wait). Its answer replaces the page shown; other cached pages are marked stale. Resolves to the
 * server's message when the sync failed or is still running ('' when it went well); rejects on a failed call.
 */
export async function syncClientPage(queryClient: QueryClient, request: ClientPageRequest): Promise<string> {
  const page = await fetchClientPage(request, true);
  await queryClient.invalidateQueries({ queryKey: clientKeys.all, refetchType: 'none' });
  queryClient.setQueryData(clientKeys.list(request), page);
  return page.meta.message;
}

/** The client with its meal choices for the week starting on `weekId` (its Monday, DD-MM-YYYY). */
export function useClient(clientId: number, weekId: string) {
  return useQuery({
    queryKey: clientKeys.detail(clientId, weekId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}`, { week: weekId }, { schema: clientDetailSchema, signal }),
      ),
    // Another week of the same client keeps the client shown while it loads; another client shows Loading...
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === clientId ? previous : undefined,
  });
}

/** The previous and next clients of the list with the saved filters. */
export function usePrevNext(clientId: number, filters: ClientListFilters, page: number) {
  const query = buildClientListQuery({ ...filters, page });
  return useQuery({
    queryKey: clientKeys.prevNext(clientId, query),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}/prev_next`, query, {
          schema: clientPrevNextSchema,
          signal,
        }),
      ),
  });
}

/**
 * PUT clients/{id} with either form (details, or the week's meal choices and allergen overrides). A success
 * refreshes every clients query (the list shows the change), the allergen clashes and the reports, which count
 * the choices. Answers the client and the server's message (it says when an address could not be checked).
 */
export function useUpdateClient(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateClientBody) =>
      unwrapAnswer(await apiPut(`clients/${String(clientId)}`, body, { schema: savedClientSchema })),
    onSuccess: () => refreshQueries(queryClient, [clientKeys.all, allergenKeys.clashes, reportKeys.all]),
  });
}

/**
 * POST clients: a client kept in MealRounds (an account without a CRM). Answers the new client and the server's
 * message; the list and the reports (which list the clients) are refreshed.
 */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateClientBody) =>
      unwrapAnswer(await apiPost('clients', body, { schema: clientDetailSchema })),
    onSuccess: () => refreshQueries(queryClient, [clientKeys.all, reportKeys.all]),
  });
}

const mealsSyncResultSchema = z.object({
  visits: z.number(),
  updated: z.number(),
  failed: z.number(),
  pending: z.number(),
});

/**
 * Sets the meal visits' premiums in the CRM from the meal choices; the message says what did not go through.
 * It changes the CRM only, no query of ours.
 */
export function useMealsSync() {
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(await apiPut('clients/meals_sync', {}, { schema: mealsSyncResultSchema })),
  });
}
