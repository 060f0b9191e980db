import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meta } from '../../../contracts/envelope';
import {
  mealListSchema,
  mealSchema,
  savedMealSchema,
  type CreateMealBody,
  type MealList,
  type UpdateMealBody,
} from '../../../contracts/meals';
import { apiGet, apiPost, apiPut, isSuccess, unwrapData } from '../../lib/api-client';
import { mealsQueryKey } from '../../lib/meal-labels-api';

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
    queryKey: [...mealsQueryKey, request],
    queryFn: ({ signal }) => fetchMeals(request, signal),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** POST with an empty body: the server adds 'New Meal', active, Hot. A success refreshes the meals list. */
export function useCreateMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMealBody) => apiPost('meals/meals', body, { schema: mealSchema }),
    onSuccess: (response) => {
      if (isSuccess(response)) void queryClient.invalidateQueries({ queryKey: mealsQueryKey });
    },
  });
}

export function useUpdateMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMealBody) => apiPut('meals/meals', body, { schema: savedMealSchema }),
    onSuccess: (response) => {
      if (isSuccess(response)) void queryClient.invalidateQueries({ queryKey: mealsQueryKey });
    },
  });
}
