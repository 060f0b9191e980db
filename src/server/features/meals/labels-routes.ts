import { createLabelBodySchema, updateLabelBodySchema } from '../../../contracts/meals';
import type { RegisterRoute } from '../../http/route';
import type { LabelsService } from './labels-service';
import { wholeListMeta } from '../../http/list-meta';

export function registerLabelsRoutes(route: RegisterRoute, labels: LabelsService) {
  route({
    method: 'GET',
    url: '/api/meals/labels',
    access: 'user',
    handler: async ({ session }) => {
      const data = await labels.list(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'POST',
    url: '/api/meals/labels',
    access: 'user',
    body: createLabelBodySchema,
    handler: async ({ session, body }) => {
      const data = await labels.add(session, body);
      return { data, meta: wholeListMeta(data.length), status: 201 };
    },
  });

  route({
    method: 'PUT',
    url: '/api/meals/labels',
    access: 'user',
    body: updateLabelBodySchema,
    handler: async ({ session, body }) => {
      const data = await labels.update(session, body);
      return { data, meta: { ...wholeListMeta(data.length), message: 'Label Updated.' } };
    },
  });
}
