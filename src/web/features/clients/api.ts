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
  clientListItemSchema,
  clientPrevNextSchema,
  type ClientListItem,
  type UpdateClientBody,
} from '../../../contracts/clients';
import type { Meta } from '../../../contracts/envelope';
import { mealListSchema, scheduleSchema } from '../../../contracts/meals';
import { publicConfigSchema } from '../../../contracts/public-config';
import { apiGet, apiPut, isSuccess, unwrapData, type ApiQuery } from '../../lib/api-client';
import type { ClientFilters } from './client-filters-store';

/** Every clients query starts with this key, so one invalidation refreshes the list, the client and neighbours. */
export const clientsQueryKey = ['clients'] as const;
const clientListSchema = z.array(clientListItemSchema);

export type ClientPage = { clients: ClientListItem[]; meta: Meta };
export type ClientPageRequest = ClientFilters & { page: number };

/** The list call's query: page, filter, filter_round and missing_meals (only sent when true). */
export function buildClientListQuery(request: ClientPageRequest): ApiQuery {
  return {
    page: request.page,
    filter: request.filter,
    filter_round: request.filter_round,
    missing_meals: request.missing_meals === 'missing' ? 'true' : undefined,
    on_hold: request.on_hold === 'on_hold' ? 'true' : undefined,
  };
}

export function buildClientListKey(request: ClientPageRequest) {
  return [...clientsQueryKey, 'list', request] as const;
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
    queryKey: buildClientListKey(request),
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
  await queryClient.invalidateQueries({ queryKey: clientsQueryKey, refetchType: 'none' });
  queryClient.setQueryData(buildClientListKey(request), page);
  return page.meta.message;
}

export function buildClientKey(clientId: number, weekId: string) {
  return [...clientsQueryKey, 'detail', clientId, weekId] as const;
}

/** The client with its meal choices for the week starting on `weekId` (its Monday, DD-MM-YYYY). */
export function useClient(clientId: number, weekId: string) {
  return useQuery({
    queryKey: buildClientKey(clientId, weekId),
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
export function usePrevNext(clientId: number, filters: ClientFilters, page: number) {
  const query = buildClientListQuery({ ...filters, page });
  return useQuery({
    queryKey: [...clientsQueryKey, 'prev-next', clientId, query],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}/prev_next`, query, {
          schema: clientPrevNextSchema,
          signal,
        }),
      ),
  });
}

/** PUT clients/{id} with either form; a success refreshes every clients query (the list shows the change). */
export function useUpdateClient(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientBody) => apiPut(`clients/${String(clientId)}`, body),
    onSuccess: async (response) => {
      if (isSuccess(response)) await queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
  });
}

/** The client menu's meals: page 1, active, no search, page size -1 (all), with categories and labels. */
export function useMenuMeals() {
  return useQuery({
    queryKey: ['client-menu-meals'],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(
          'meals/meals',
          { page: 1, status: 'active', query: '', page_size: -1 },
          { schema: mealListSchema, signal },
        ),
      ),
  });
}

/** The week's menu (date -> category name -> meals); `weekId` is its Monday as DD-MM-YYYY. */
export function useWeekMenu(weekId: string) {
  return useQuery({
    queryKey: ['client-menu-schedule', weekId],
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet(`meals/schedule/${weekId}`, undefined, { schema: scheduleSchema, signal })),
  });
}

/** The map tile URL template from the public configuration (cached for the session like the footer's). */
export function useMapTileUrl() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: async () => unwrapData(await apiGet('config', undefined, { schema: publicConfigSchema })),
    staleTime: Infinity,
    select: (config) => config.map_tile_url,
  });
}
