import type { RegisterRoute } from '../../http/route';
import type { SourceService } from './service';

/** Lists read from the CRM for the CMS Integration settings (admin only, like the settings themselves). */
export function registerSourceRoutes(route: RegisterRoute, source: SourceService) {
  const listMeta = (count: number) => ({ record_total: count, record_count: count, page: 1, page_max: 1 });
  route({
    method: 'GET',
    url: '/api/tags',
    access: 'admin',
    handler: async ({ session }) => {
      const data = await source.listClientTags(session);
      return { data, meta: listMeta(data.length) };
    },
  });
  route({
    method: 'GET',
    url: '/api/visits/tags',
    access: 'admin',
    handler: async ({ session }) => {
      const data = await source.listVisitTags(session);
      return { data, meta: listMeta(data.length) };
    },
  });
  route({
    method: 'GET',
    url: '/api/service_codes',
    access: 'admin',
    handler: async ({ session }) => {
      const data = await source.listServiceCodes(session);
      return { data, meta: listMeta(data.length) };
    },
  });
  route({
    method: 'GET',
    url: '/api/premiums',
    access: 'admin',
    handler: async ({ session }) => {
      const data = await source.listPremiums(session);
      return { data, meta: listMeta(data.length) };
    },
  });
}
