import { z } from 'zod';
import {
  alertCountSchema,
  alertSchema,
  alertsQuerySchema,
  resolveAlertBodySchema,
} from '../../../contracts/alerts';
import { idParamsSchema } from '../../../contracts/common';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { AlertsService } from './service';

export function registerAlertsRoutes(route: RegisterRoute, alerts: AlertsService) {
  route({
    method: 'GET',
    url: '/api/alerts',
    access: 'user',
    query: alertsQuerySchema,
    summary: "The account's alerts, newest outcome first (status=open for the ones to look at)",
    response: z.array(alertSchema),
    handler: async ({ session, query }) => {
      const data = await alerts.listAlerts(session, query.status);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'GET',
    url: '/api/alerts/count',
    access: 'user',
    summary: 'How many alerts are open (the top menu badge)',
    response: alertCountSchema,
    handler: async ({ session }) => ({ data: { open: await alerts.countOpen(session) } }),
  });

  route({
    method: 'PUT',
    url: '/api/alerts/:id',
    access: 'user',
    params: idParamsSchema,
    body: resolveAlertBodySchema,
    summary: 'Resolves an alert with a note saying what was done',
    response: alertSchema,
    handler: async ({ session, params, body }) => ({
      data: await alerts.resolveAlert(session, params.id, body),
    }),
  });
}
