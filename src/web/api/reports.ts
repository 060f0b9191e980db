import { useQuery } from '@tanstack/react-query';
import { deliveryOutcomesReportSchema, type DeliveryOutcomesBody } from '../../contracts/delivery-outcomes';
import { holdsReportSchema } from '../../contracts/holds-report';
import {
  deliveryByCategoryReportSchema,
  deliveryByClientReportSchema,
  kitchenDayReportSchema,
  kitchenWeekReportSchema,
  mealChoicesReportSchema,
  nextDeliveryDaySchema,
  packingListReportSchema,
  type PackingListBody,
} from '../../contracts/reports';
import { apiGet, apiPost, unwrapData } from '../lib/api-client';
import { reportKeys } from './query-keys';

/*
 * The report loads are reads, even the POST ones (their bodies are just filters), so all are queries keyed by
 * their parameters: Show with the same parameters answers from the cache, and a new date loads anew. The
 * mutations that change what they count (meals, menus, choices, holds) refresh them all.
 */

/** The first day after today on which the account delivers (YYYY-MM-DD): the packing list and Plan Day open on it. */
export function useNextDeliveryDay() {
  return useQuery({
    queryKey: reportKeys.nextDeliveryDay,
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('reports/next_delivery_day', undefined, { schema: nextDeliveryDaySchema, signal }),
      ),
  });
}

export function useKitchenWeekReport(date: string) {
  return useQuery({
    queryKey: reportKeys.byDate('kitchen-week', date),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('reports/kitchen_prep/week', { date }, { schema: kitchenWeekReportSchema, signal }),
      ),
  });
}

export function useKitchenDayReport(date: string) {
  return useQuery({
    queryKey: reportKeys.byDate('kitchen-day', date),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('reports/kitchen_prep/day', { date }, { schema: kitchenDayReportSchema, signal }),
      ),
  });
}

export function useMealChoicesReport(date: string) {
  return useQuery({
    queryKey: reportKeys.byDate('meal-choices', date),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('reports/meal_choices', { date }, { schema: mealChoicesReportSchema, signal })),
  });
}

/** `body` is null until the category list is known (the ticked categories are part of the request). */
export function usePackingListReport(body: PackingListBody | null) {
  return useQuery({
    queryKey: reportKeys.packingList(body),
    enabled: body !== null,
    queryFn: async ({ signal }) =>
      unwrapData(await apiPost('reports/packing_list', body, { schema: packingListReportSchema, signal })),
  });
}

export function useDeliveryByClientReport(date: string) {
  return useQuery({
    queryKey: reportKeys.byDate('delivery-by-client', date),
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
    queryKey: reportKeys.byDate('delivery-by-category', date),
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

/** The Holds report on `date` (DD-MM-YYYY). */
export function useHoldsReport(date: string) {
  return useQuery({
    queryKey: reportKeys.byDate('holds', date),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('reports/holds', { date }, { schema: holdsReportSchema, signal })),
  });
}

/** The Delivery Outcomes report for a date range (DD-MM-YYYY). */
export function useDeliveryOutcomesReport(range: Required<DeliveryOutcomesBody>) {
  return useQuery({
    queryKey: reportKeys.deliveryOutcomes(range.from, range.to),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiPost('reports/delivery_outcomes', range, { schema: deliveryOutcomesReportSchema, signal }),
      ),
  });
}
