import { useQuery } from '@tanstack/react-query';
import { volunteerHoursReportSchema } from '../../contracts/volunteer-hours';
import { apiGet, unwrapData } from '../lib/api-client';
import { rosterKeys } from './query-keys';

/** GET reports/volunteer_hours?month=MM-YYYY. */
export function useVolunteerHours(month: string) {
  return useQuery({
    queryKey: rosterKeys.hours(month),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('reports/volunteer_hours', { month }, { schema: volunteerHoursReportSchema, signal }),
      ),
  });
}
