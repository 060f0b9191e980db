import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { mealCategorySchema } from '../../../contracts/meals';
import { printLinkSchema } from '../../../contracts/print';
import {
  deliveryByCategoryReportSchema,
  deliveryByClientReportSchema,
  kitchenDayReportSchema,
  kitchenWeekReportSchema,
  mealChoicesReportSchema,
  packingListReportSchema,
  type PackingListBody,
  type PrintReportBody,
} from '../../../contracts/reports';
import { apiGet, apiPost, apiPut, unwrapData } from '../../lib/api-client';

/*
 * The report loads are reads, even the POST ones (their bodies are just filters), so all are queries keyed by
 * their parameters: Show with the same parameters answers from the cache, and a new date loads anew.
 */

export function useKitchenWeekReport(date: string) {
  return useQuery({
    queryKey: ['reports', 'kitchen-week', date],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('reports/kitchen_prep/week', { date }, { schema: kitchenWeekReportSchema, signal }),
      ),
  });
}

export function useKitchenDayReport(date: string) {
  return useQuery({
    queryKey: ['reports', 'kitchen-day', date],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('reports/kitchen_prep/day', { date }, { schema: kitchenDayReportSchema, signal }),
      ),
  });
}

export function useMealChoicesReport(date: string) {
  return useQuery({
    queryKey: ['reports', 'meal-choices', date],
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('reports/meal_choices', { date }, { schema: mealChoicesReportSchema, signal })),
  });
}

/** `body` is null until the category list is known (the ticked categories are part of the request). */
export function usePackingListReport(body: PackingListBody | null) {
  return useQuery({
    queryKey: ['reports', 'packing-list', body],
    enabled: body !== null,
    queryFn: async ({ signal }) =>
      unwrapData(await apiPost('reports/packing_list', body, { schema: packingListReportSchema, signal })),
  });
}

export function useDeliveryByClientReport(date: string) {
  return useQuery({
    queryKey: ['reports', 'delivery-by-client', date],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiPost(
          'reports/delivery_by_client',
          { date },
          { schema: deliveryByClientReportSchema, signal },
        ),
      ),
  });
}

export function useDeliveryByCategoryReport(date: string) {
  return useQuery({
    queryKey: ['reports', 'delivery-by-category', date],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiPost(
          'reports/delivery_by_category',
          { date },
          { schema: deliveryByCategoryReportSchema, signal },
        ),
      ),
  });
}

const mealCategoriesSchema = z.array(mealCategorySchema);

/** The account's meal categories, for the packing list's checkboxes (same cache entry as the menu screen's). */
export function useMealCategories() {
  return useQuery({
    queryKey: ['meal-categories'],
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('meals/categories', undefined, { schema: mealCategoriesSchema, signal })),
  });
}

const mealsSyncResultSchema = z.object({
  visits: z.number(),
  updated: z.number(),
  failed: z.number(),
  pending: z.number(),
});

/** Sets the meal visits' premiums in the CRM from the meal choices; meta.message carries what went wrong. */
export function useMealsSync() {
  return useMutation({
    mutationFn: () => apiPut('clients/meals_sync', {}, { schema: mealsSyncResultSchema }),
  });
}

/** A report as a PDF or CSV file; answers the envelope with a short-lived link in data.url. */
export function usePrintReport() {
  return useMutation({
    mutationFn: (body: PrintReportBody) => apiPost('print/report', body, { schema: printLinkSchema }),
  });
}
