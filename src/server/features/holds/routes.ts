import { idParamsSchema } from '../../../contracts/common';
import { holdBodySchema, holdParamsSchema } from '../../../contracts/holds';
import type { RegisterRoute } from '../../http/route';
import type { HoldsService } from './service';

export function registerHoldsRoutes(route: RegisterRoute, holds: HoldsService) {
  route({
    method: 'GET',
    url: '/api/clients/:id/holds',
    access: 'user',
    params: idParamsSchema,
    handler: async ({ session, params }) => ({ data: await holds.listHolds(session, params.id) }),
  });

  route({
    method: 'POST',
    url: '/api/clients/:id/holds',
    access: 'user',
    params: idParamsSchema,
    body: holdBodySchema,
    handler: async ({ session, params, body }) => ({
      data: await holds.createHold(session, params.id, body),
      meta: { message: 'Hold added.' },
      status: 201,
    }),
  });

  route({
    method: 'PUT',
    url: '/api/clients/:id/holds/:hold_id',
    access: 'user',
    params: holdParamsSchema,
    body: holdBodySchema,
    handler: async ({ session, params, body }) => ({
      data: await holds.updateHold(session, params.id, params.hold_id, body),
      meta: { message: 'Hold saved.' },
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/clients/:id/holds/:hold_id',
    access: 'user',
    params: holdParamsSchema,
    handler: async ({ session, params }) => {
      const data = await holds.endHold(session, params.id, params.hold_id);
      return { data, meta: { message: data.hold ? 'Hold ended.' : 'Hold removed.' } };
    },
  });

  route({
    method: 'GET',
    url: '/api/clients/:id/hold_visits',
    access: 'user',
    params: idParamsSchema,
    handler: async ({ session, params }) => ({ data: await holds.listHoldVisits(session, params.id) }),
  });
}
