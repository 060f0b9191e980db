import {
  deliveryOutcomesBodySchema,
  deliveryOutcomesReportSchema,
} from '../../../contracts/delivery-outcomes';
import type { RegisterRoute } from '../../http/route';
import type { OutcomesReportService } from './outcomes-report-service';

export function registerOutcomesReportRoutes(route: RegisterRoute, report: OutcomesReportService) {
  route({
    method: 'POST',
    url: '/api/reports/delivery_outcomes',
    access: 'user',
    body: deliveryOutcomesBodySchema,
    summary: "Drivers' outcomes per client and round over a date range, repeated not-home or concern first",
    response: deliveryOutcomesReportSchema,
    handler: async ({ session, body }) => ({
      data: await report.getDeliveryOutcomes(session.accountId, body),
    }),
  });
}
