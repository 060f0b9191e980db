import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  mealCategorySchema,
  type MealCategory,
  type RenameCategoryBody,
  type ReorderCategoriesBody,
} from '../../contracts/meals';
import { apiGet, apiPost, apiPut, unwrapData, type ApiResponse } from '../lib/api-client';
import { clientKeys, mealCategoryKeys, mealKeys, menuKeys, reportKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

const mealCategoriesSchema = z.array(mealCategorySchema);

/**
 * The account's meal categories: the rows of the menu grid, the packing list's checkboxes, the premium picked
 * for each in Settings.
 */
export function useMealCategories() {
  return useQuery({
    queryKey: mealCategoryKeys.all,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('meals/categories', undefined, { schema: mealCategoriesSchema, signal })),
  });
}

/**
 * Category changes answer the full list, which replaces the cached one; meals, menus, clients' choices and the
 * reports name or order by their category, so they are read again too.
 */
function useCategoryMutation<Variables>(
  call: (variables: Variables) => Promise<ApiResponse<MealCategory[]>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => unwrapData(await call(variables)),
    onSuccess: (categories) => {
      queryClient.setQueryData(mealCategoryKeys.all, categories);
      void refreshQueries(queryClient, [mealKeys.all, menuKeys.all, clientKeys.all, reportKeys.all]);
    },
  });
}

/** An empty body adds 'New Category' (numbered when taken). */
export function useAddCategory() {
  return useCategoryMutation(() => apiPost('meals/categories', undefined, { schema: mealCategoriesSchema }));
}

export function useRenameCategory() {
  return useCategoryMutation((body: RenameCategoryBody) =>
    apiPut('meals/categories', body, { schema: mealCategoriesSchema }),
  );
}

export function useReorderCategories() {
  return useCategoryMutation((body: ReorderCategoriesBody) =>
    apiPut('meals/categories/order', body, { schema: mealCategoriesSchema }),
  );
}
