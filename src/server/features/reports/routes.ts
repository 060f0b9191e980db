import {
  deliveryByCategoryReportSchema,
  deliveryByClientReportSchema,
  deliveryReportBodySchema,
  kitchenDayReportSchema,
  kitchenWeekReportSchema,
  mealChoicesReportSchema,
  nextDeliveryDaySchema,
  packingListReportSchema,
  packingListBodySchema,
  reportDateQuerySchema,
} from '../../../contracts/reports';
import { holdsReportQuerySchema, holdsReportSchema } from '../../../contracts/holds-report';
import type { RegisterRoute } from '../../http/route';
import type { ReportsService } from './service';

/** The reports (shapes in src/contracts/reports.ts); every one is scoped to the account. */
export function registerReportsRoutes(route: RegisterRoute, reports: ReportsService) {
  route({
    method: 'GET',
    url: '/api/reports/next_delivery_day',
    access: 'user',
    summary: 'The first day after today with a visit that goes out or meals chosen (else tomorrow)',
    response: nextDeliveryDaySchema,
    handler: async ({ session }) => ({ data: await reports.getNextDeliveryDay(session.accountId) }),
  });
  route({
    method: 'GET',
    url: '/api/reports/kitchen_prep/week',
    access: 'user',
    response: kitchenWeekReportSchema,
    query: reportDateQuerySchema,
    handler: async ({ session, query }) => ({
      data: await reports.getKitchenWeek(session.accountId, query.date),
    }),
  });
  route({
    method: 'GET',
    url: '/api/reports/kitchen_prep/day',
    access: 'user',
    response: kitchenDayReportSchema,
    query: reportDateQuerySchema,
    handler: async ({ session, query }) => ({
      data: await reports.getKitchenDays(session.accountId, query.date),
    }),
  });
  route({
    method: 'GET',
    url: '/api/reports/meal_choices',
    access: 'user',
    response: mealChoicesReportSchema,
    query: reportDateQuerySchema,
    handler: async ({ session, query }) => ({
      data: await reports.getMealChoices(session.accountId, query.date),
    }),
  });
  route({
    method: 'POST',
    url: '/api/reports/packing_list',
    access: 'user',
    response: packingListReportSchema,
    body: packingListBodySchema,
    handler: async ({ session, body }) => ({ data: await reports.getPackingList(session.accountId, body) }),
  });
  route({
    method: 'POST',
    url: '/api/reports/delivery_by_client',
    access: 'user',
    response: deliveryByClientReportSchema,
    body: deliveryReportBodySchema,
    handler: async ({ session, body }) => ({
      data: await reports.getDeliveryByClient(session.accountId, body.date),
    }),
  });
  route({
    method: 'POST',
    url: '/api/reports/delivery_by_category',
    access: 'user',
    response: deliveryByCategoryReportSchema,
    body: deliveryReportBodySchema,
    handler: async ({ session, body }) => ({
      data: await reports.getDeliveryByCategory(session.accountId, body.date),
    }),
  });
  route({
    method: 'GET',
    url: '/api/reports/holds',
    access: 'user',
    summary:
      'Who is on hold on a day, from when to when and why, who begins later, and who comes back that week',
    response: holdsReportSchema,
    query: holdsReportQuerySchema,
    handler: async ({ session, query }) => ({ data: await reports.getHolds(session.accountId, query.date) }),
  });
}
