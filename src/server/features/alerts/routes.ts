import { z } from 'zod';
import {
  alertCountSchema,
  alertSchema,
  alertsQuerySchema,
  recordAttemptBodySchema,
  resolveAlertBodySchema,
} from '../../../contracts/alerts';
import {
  welfareReportQuerySchema,
  welfareReportSchema,
  welfareSettingsSchema,
} from '../../../contracts/welfare';
import { idParamsSchema } from '../../../contracts/common';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { createWelfareChecks } from './welfare-wiring';

type WelfareChecks = Omit<ReturnType<typeof createWelfareChecks>, 'runner'>;

export function registerAlertsRoutes(
  route: RegisterRoute,
  { alerts, settings: welfareSettings, report }: WelfareChecks,
) {
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
    method: 'GET',
    url: '/api/alerts/:id',
    access: 'user',
    params: idParamsSchema,
    summary: 'One alert (a welfare check) with its steps, attempts and contacts',
    response: alertSchema,
    handler: async ({ session, params }) => ({ data: await alerts.getAlert(session, params.id) }),
  });

  route({
    method: 'POST',
    url: '/api/alerts/:id/attempts',
    access: 'user',
    params: idParamsSchema,
    body: recordAttemptBodySchema,
    summary: "Records a person's attempt to reach someone about an open check (a resolved one: code 6)",
    response: alertSchema,
    handler: async ({ session, params, body }) => ({
      data: await alerts.recordAttempt(session, params.id, body),
      meta: { message: 'Attempt recorded' },
    }),
  });

  route({
    method: 'PUT',
    url: '/api/alerts/:id',
    access: 'user',
    params: idParamsSchema,
    body: resolveAlertBodySchema,
    summary: 'Resolves an alert with what was found (outcome) and a note saying what was done',
    response: alertSchema,
    handler: async ({ session, params, body }) => ({
      data: await alerts.resolveAlert(session, params.id, body),
    }),
  });

  route({
    method: 'GET',
    url: '/api/settings/welfare',
    access: 'user',
    summary: "The account's welfare check procedure: steps, the outcomes that start it, the managers on duty",
    response: welfareSettingsSchema,
    handler: async ({ session }) => ({ data: await welfareSettings.getSettings(session) }),
  });

  route({
    method: 'PUT',
    url: '/api/settings/welfare',
    access: 'admin',
    body: welfareSettingsSchema,
    summary:
      'Saves the welfare check procedure (admin); checks already open keep the steps they started with',
    response: welfareSettingsSchema,
    handler: async ({ session, body }) => ({
      data: await welfareSettings.updateSettings(session, body),
      meta: { message: 'Settings saved successfully' },
    }),
  });

  route({
    method: 'GET',
    url: '/api/reports/welfare',
    access: 'user',
    query: welfareReportQuerySchema,
    summary: "A month's welfare checks: opened, resolved, minutes to resolution (median, worst), outcomes",
    response: welfareReportSchema,
    handler: async ({ session, query }) => ({
      data: await report.getWelfareReport(session.accountId, query.month),
    }),
  });
}
