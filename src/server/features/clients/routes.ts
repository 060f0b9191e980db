import { z } from 'zod';
import {
  clientDetailQuerySchema,
  clientDetailSchema,
  savedClientSchema,
  clientListItemSchema,
  clientListQuerySchema,
  clientPrevNextQuerySchema,
  clientPrevNextSchema,
  createClientBodySchema,
  updateClientBodySchema,
} from '../../../contracts/clients';
import { idParamsSchema } from '../../../contracts/common';
import type { RegisterRoute } from '../../http/route';
import { addressNotCheckedText, type ClientsService } from './service';

/** The save's message, and why the address is not on the map yet when the maps could not be asked. */
function describeSave(message: string, isAddressChecked: boolean): string {
  return isAddressChecked ? message : `${message} ${addressNotCheckedText}`;
}

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
    method: 'POST',
    url: '/api/clients',
    access: 'user',
    summary: 'Adds a client kept in MealRounds (an account without a CRM; with one, code 6)',
    body: createClientBodySchema,
    response: clientDetailSchema,
    handler: async ({ session, body }) => {
      const { client, isAddressChecked } = await clients.createClient(session, body);
      return {
        data: client,
        meta: { message: describeSave('Client added successfully.', isAddressChecked) },
        status: 201,
      };
    },
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
      const { client, isAddressChecked } = await clients.updateClient(session, params.id, body);
      return {
        data: client,
        meta: {
          message: isMealChoices
            ? 'Client meal choices updated successfully.'
            : describeSave('Client updated successfully.', isAddressChecked),
        },
      };
    },
  });
}
