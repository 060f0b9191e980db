import { z } from 'zod';
import { cancelCodeSchema, premiumSchema, serviceCodeSchema, tagSchema } from '../../../contracts/source';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { SourceService } from './service';

/** Lists read from the CRM for the CMS Integration settings (admin only, like the settings themselves). */
export function registerSourceRoutes(route: RegisterRoute, source: SourceService) {
  route({
    method: 'GET',
    url: '/api/tags',
    access: 'admin',
    response: z.array(tagSchema),
    handler: async ({ session }) => {
      const data = await source.listClientTags(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
  route({
    method: 'GET',
    url: '/api/visits/tags',
    access: 'admin',
    response: z.array(tagSchema),
    handler: async ({ session }) => {
      const data = await source.listVisitTags(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
  route({
    method: 'GET',
    url: '/api/service_codes',
    access: 'admin',
    response: z.array(serviceCodeSchema),
    handler: async ({ session }) => {
      const data = await source.listServiceCodes(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
  route({
    method: 'GET',
    url: '/api/cancel_codes',
    access: 'admin',
    response: z.array(cancelCodeSchema),
    handler: async ({ session }) => {
      const data = await source.listCancelCodes(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
  route({
    method: 'GET',
    url: '/api/premiums',
    access: 'admin',
    response: z.array(premiumSchema),
    handler: async ({ session }) => {
      const data = await source.listPremiums(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
}
