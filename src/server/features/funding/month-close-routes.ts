import {
  funderMonthlyQuerySchema,
  funderMonthlyReportSchema,
  monthCloseSchema,
  monthParamsSchema,
  reopenMonthBodySchema,
} from '../../../contracts/funding';
import type { RegisterRoute } from '../../http/route';
import type { MonthCloseService } from './month-close-service';

export function registerMonthCloseRoutes(route: RegisterRoute, months: MonthCloseService) {
  route({
    method: 'POST',
    url: '/api/months/:month/close',
    access: 'user',
    params: monthParamsSchema,
    summary: 'Closes a month that is over: freezes its funder figures per client and day',
    response: monthCloseSchema,
    handler: async ({ session, params }) => ({
      data: await months.closeMonth(session, params.month),
      meta: { message: `${params.month} closed.` },
    }),
  });
  route({
    method: 'DELETE',
    url: '/api/months/:month/close',
    access: 'user',
    params: monthParamsSchema,
    body: reopenMonthBodySchema,
    summary: 'Opens a closed month again, with the reason',
    response: monthCloseSchema,
    handler: async ({ session, params, body }) => ({
      data: await months.reopenMonth(session, params.month, body.reason),
      meta: { message: `${params.month} opened again.` },
    }),
  });
  route({
    method: 'GET',
    url: '/api/reports/funder_monthly',
    access: 'user',
    query: funderMonthlyQuerySchema,
    summary: "A month's meals and fees per client and programme (frozen once the month is closed)",
    response: funderMonthlyReportSchema,
    handler: async ({ session, query }) => ({
      data: await months.getFunderMonthly(session.accountId, query.month),
    }),
  });
}
