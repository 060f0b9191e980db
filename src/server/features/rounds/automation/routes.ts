import { z } from 'zod';
import {
  roundAutomationPreviewSchema,
  roundAutomationRunSchema,
} from '../../../../contracts/round-automation';
import { emptyBodySchema } from '../../../../contracts/common';
import { wholeListMeta } from '../../../http/list-meta';
import type { RegisterRoute } from '../../../http/route';
import type { RoundAutomationService } from './service';

export function registerRoundAutomationRoutes(route: RegisterRoute, automation: RoundAutomationService) {
  route({
    method: 'GET',
    url: '/api/route_automation/runs',
    access: 'admin',
    response: z.array(roundAutomationRunSchema),
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
    response: roundAutomationPreviewSchema,
    handler: async ({ session }) => ({ data: await automation.previewRun(session) }),
  });
}
