import { useQuery } from '@tanstack/react-query';
import {
  deliveryOutcomesReportSchema,
  type DeliveryOutcomesBody,
} from '../../../contracts/delivery-outcomes';
import { apiPost, unwrapData } from '../../lib/api-client';

/** The Delivery Outcomes report for a date range (DD-MM-YYYY); a read, so a query keyed by the range. */
export function useDeliveryOutcomesReport(range: Required<DeliveryOutcomesBody>) {
  return useQuery({
    queryKey: ['reports', 'delivery-outcomes', range.from, range.to],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiPost('reports/delivery_outcomes', range, { schema: deliveryOutcomesReportSchema, signal }),
      ),
  });
}
