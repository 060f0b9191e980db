import { z } from 'zod';
import {
  routeAutomationPreviewSchema,
  routeAutomationRunSchema,
} from '../../../../contracts/route-automation';
import { emptyBodySchema } from '../../../../contracts/common';
import { wholeListMeta } from '../../../http/list-meta';
import type { RegisterRoute } from '../../../http/route';
import type { RouteAutomationService } from './service';

export function registerRouteAutomationRoutes(route: RegisterRoute, automation: RouteAutomationService) {
  route({
    method: 'GET',
    url: '/api/route_automation/runs',
    access: 'admin',
    response: z.array(routeAutomationRunSchema),
    handler: async ({ session }) => {
      const data = await automation.listRuns(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'POST',
    url: '/api/route_automation/run',
    access: 'admin',
    body: emptyBodySchema,
    handler: async ({ session }) => ({ data: await automation.runNow(session) }),
  });

  // A POST although nothing is published: it reads each day from the CRM into the stored visits, as the run does.
  route({
    method: 'POST',
    url: '/api/route_automation/preview',
    access: 'admin',
    body: emptyBodySchema,
    response: routeAutomationPreviewSchema,
    handler: async ({ session }) => ({ data: await automation.previewRun(session) }),
  });
}
