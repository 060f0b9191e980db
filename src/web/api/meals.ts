import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meta } from '../../contracts/envelope';
import {
  mealListSchema,
  mealSchema,
  savedMealSchema,
  type CreateMealBody,
  type MealList,
  type UpdateMealBody,
} from '../../contracts/meals';
import { apiGet, apiPost, apiPut, unwrapData } from '../lib/api-client';
import { refreshQueries } from './refresh-queries';
import { allergenKeys, clientKeys, mealKeys, menuKeys, reportKeys } from './query-keys';

export type MealStatusFilter = 'all' | 'active' | 'inactive';
export type MealFilters = { query: string; status: MealStatusFilter; category: string };
export type MealPageRequest = MealFilters & { page: number };
export const mealsPageSize = 20;

/** One page of meals with the account's categories and labels, plus the list meta (page, page_max, totals). */
export type MealPage = MealList & { meta: Meta };

async function fetchMeals(request: MealPageRequest, signal: AbortSignal): Promise<MealPage> {
  const response = await apiGet(
    'meals/meals',
    {
      page: request.page,
      page_size: mealsPageSize,
      status: request.status,
      category: request.category,
      query: request.query.trim(),
    },
    { schema: mealListSchema, signal },
  );
  return { ...unwrapData(response), meta: response.meta };
}

export function useMeals(request: MealPageRequest) {
  return useQuery({
    queryKey: mealKeys.page(request),
    queryFn: ({ signal }) => fetchMeals(request, signal),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every active meal (page size -1 = all) with the account's categories and labels: what a menu may offer (the menu
 * screen) and what a client may choose (the client screen).
 */
export function useActiveMeals() {
  return useQuery({
    queryKey: mealKeys.active,
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

/**
 * A meal's name, status and allergens show in the meals list, the menus, the clients' choices (and their allergen
 * clashes) and the reports: a saved meal reads them all again.
 */
function useMealMutation<Variables, T>(call: (variables: Variables) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Not awaited: the dialog shows its saved notice at once while the lists refresh behind it.
    onSuccess: () =>
      void refreshQueries(queryClient, [
        mealKeys.all,
        menuKeys.all,
        clientKeys.all,
        allergenKeys.clashes,
        reportKeys.all,
      ]),
  });
}

/** The server adds 'New Meal', active, with the body's fields. */
export function useCreateMeal() {
  return useMealMutation(async (body: CreateMealBody) =>
    unwrapData(await apiPost('meals/meals', body, { schema: mealSchema })),
  );
}

export function useUpdateMeal() {
  return useMealMutation(async (body: UpdateMealBody) =>
    unwrapData(await apiPut('meals/meals', body, { schema: savedMealSchema })),
  );
}
