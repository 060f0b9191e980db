import { z } from 'zod';
import { idParamsSchema } from '../../../contracts/common';
import {
  contactBodySchema,
  contactParamsSchema,
  contactSchema,
  contactUpdateBodySchema,
} from '../../../contracts/contacts';
import type { RegisterRoute } from '../../http/route';
import type { ContactsService } from './service';

export function registerContactsRoutes(route: RegisterRoute, contacts: ContactsService) {
  route({
    method: 'GET',
    url: '/api/clients/:id/contacts',
    access: 'user',
    params: idParamsSchema,
    response: z.array(contactSchema),
    handler: async ({ session, params }) => ({ data: await contacts.listContacts(session, params.id) }),
  });

  route({
    method: 'POST',
    url: '/api/clients/:id/contacts',
    access: 'user',
    params: idParamsSchema,
    body: contactBodySchema,
    response: contactSchema,
    handler: async ({ session, params, body }) => ({
      data: await contacts.createContact(session, params.id, body),
      meta: { message: 'Contact added.' },
      status: 201,
    }),
  });

  route({
    method: 'PUT',
    url: '/api/clients/:id/contacts/:contact_id',
    access: 'user',
    params: contactParamsSchema,
    body: contactUpdateBodySchema,
    response: contactSchema,
    handler: async ({ session, params, body }) => ({
      data: await contacts.updateContact(session, params.id, params.contact_id, body),
      meta: { message: 'Contact saved.' },
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/clients/:id/contacts/:contact_id',
    access: 'user',
    params: contactParamsSchema,
    response: z.null(),
    handler: async ({ session, params }) => {
      await contacts.deleteContact(session, params.id, params.contact_id);
      return { data: null, meta: { message: 'Contact removed.' } };
    },
  });
}
