import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  mealCategorySchema,
  mealListSchema,
  scheduleSchema,
  type CopyScheduleBody,
  type MealCategory,
  type RenameCategoryBody,
  type ReorderCategoriesBody,
  type Schedule,
  type UpdateScheduleBody,
} from '../../../contracts/meals';
import { printLinkSchema, type MenuPrintBody } from '../../../contracts/print';
import { apiGet, apiPost, apiPut, isSuccess, unwrapData } from '../../lib/api-client';

const mealCategoriesSchema = z.array(mealCategorySchema);

/** The account's meal categories: the rows of the menu grid, in order. */
export function useMenuCategories() {
  return useQuery({
    queryKey: ['meal-categories'],
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('meals/categories', undefined, { schema: mealCategoriesSchema, signal })),
  });
}

/**
 * Category changes answer the full list, which replaces the cached one; meals and menus name their category, so
 * they are read again too.
 */
function useCategoryMutation<Variables>(
  call: (variables: Variables) => ReturnType<typeof apiPut<MealCategory[]>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => {
      if (!isSuccess(response) || !response.data) return;
      queryClient.setQueryData(['meal-categories'], response.data);
      void queryClient.invalidateQueries({ queryKey: ['menu-active-meals'] });
      void queryClient.invalidateQueries({ queryKey: ['menu-schedule'] });
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

/** The meals a menu may offer: the menu screen asks for up to 1000 active meals (with the account's labels). */
export const activeMealsPageSize = 1000;

export function useActiveMeals() {
  return useQuery({
    queryKey: ['menu-active-meals'],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(
          'meals/meals',
          { status: 'active', page_size: activeMealsPageSize },
          { schema: mealListSchema, signal },
        ),
      ),
  });
}

export function buildScheduleQueryKey(weekId: string) {
  return ['menu-schedule', weekId] as const;
}

/** The menu shown for a week (its own, or the menu cycle's); `weekId` is its Monday as DD-MM-YYYY. */
export function useSchedule(weekId: string) {
  return useQuery({
    queryKey: buildScheduleQueryKey(weekId),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet(`meals/schedule/${weekId}`, undefined, { schema: scheduleSchema, signal })),
  });
}

/** Replaces the week's menu; the answered schedule becomes the cached one. Answers the envelope. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ weekId, body }: { weekId: string; body: UpdateScheduleBody }) =>
      apiPut<Schedule>(`meals/schedule/${weekId}`, body, { schema: scheduleSchema }),
    onSuccess: (response, { weekId }) => {
      if (isSuccess(response) && response.data) {
        queryClient.setQueryData(buildScheduleQueryKey(weekId), response.data);
      }
    },
  });
}

/** Copies the shown menu onto another week; code 6 means that week has a menu and `overwrite` was not set. */
export function useCopySchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyScheduleBody) =>
      apiPut<Schedule>('meals/copy_schedule', body, { schema: scheduleSchema }),
    onSuccess: (response) => {
      if (isSuccess(response) && response.data) {
        queryClient.setQueryData(buildScheduleQueryKey(response.data.week_start), response.data);
      }
    },
  });
}

export function usePrintMenu() {
  return useMutation({
    mutationFn: (body: MenuPrintBody) => apiPost('print/menu', body, { schema: printLinkSchema }),
  });
}
