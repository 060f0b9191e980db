import { volunteerHoursQuerySchema, volunteerHoursReportSchema } from '../../../contracts/volunteer-hours';
import type { RegisterRoute } from '../../http/route';
import type { VolunteerHoursService } from './hours-service';

export function registerVolunteerHoursRoutes(route: RegisterRoute, hours: VolunteerHoursService) {
  route({
    method: 'GET',
    url: '/api/reports/volunteer_hours',
    access: 'user',
    summary: "Per driver, the month's days driven, hours from pickup to return and km (days over only)",
    query: volunteerHoursQuerySchema,
    response: volunteerHoursReportSchema,
    handler: async ({ session, query }) => ({
      data: await hours.getVolunteerHours(session.accountId, query.month),
    }),
  });
}
