import { z } from 'zod';
import {
  clientDetailQuerySchema,
  clientDetailSchema,
  savedClientSchema,
  clientListItemSchema,
  clientListQuerySchema,
  clientPrevNextQuerySchema,
  clientPrevNextSchema,
  updateClientBodySchema,
} from '../../../contracts/clients';
import { idParamsSchema } from '../../../contracts/common';
import type { RegisterRoute } from '../../http/route';
import type { ClientsService } from './service';

export function registerClientsRoutes(route: RegisterRoute, clients: ClientsService) {
  route({
    method: 'GET',
    url: '/api/clients',
    access: 'user',
    response: z.array(clientListItemSchema),
    query: clientListQuerySchema,
    handler: async ({ session, query }) => clients.listClients(session, query),
  });

  route({
    method: 'GET',
    url: '/api/clients/:id',
    access: 'user',
    response: clientDetailSchema,
    params: idParamsSchema,
    query: clientDetailQuerySchema,
    handler: async ({ session, params, query }) => ({
      data: await clients.getClient(session, params.id, query.week),
    }),
  });

  route({
    method: 'GET',
    url: '/api/clients/:id/prev_next',
    access: 'user',
    response: clientPrevNextSchema,
    params: idParamsSchema,
    query: clientPrevNextQuerySchema,
    handler: async ({ session, params, query }) => ({
      data: await clients.getPrevNext(session, params.id, query),
    }),
  });

  route({
    method: 'PUT',
    url: '/api/clients/:id',
    access: 'user',
    params: idParamsSchema,
    body: updateClientBodySchema,
    response: savedClientSchema,
    handler: async ({ session, params, body }) => {
      const isMealChoices = 'meal_choices' in body;
      return {
        data: await clients.updateClient(session, params.id, body),
        meta: {
          message: isMealChoices
            ? 'Client meal choices updated successfully.'
            : 'Client updated successfully.',
        },
      };
    },
  });
}
