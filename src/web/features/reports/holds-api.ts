import { useQuery } from '@tanstack/react-query';
import { holdsReportSchema } from '../../../contracts/holds-report';
import { apiGet, unwrapData } from '../../lib/api-client';

/** The Holds report on `date` (DD-MM-YYYY), keyed by it like the other reports. */
export function useHoldsReport(date: string) {
  return useQuery({
    queryKey: ['reports', 'holds', date],
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('reports/holds', { date }, { schema: holdsReportSchema, signal })),
  });
}
