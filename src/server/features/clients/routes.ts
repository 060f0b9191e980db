import { clientListQuerySchema } from '../../../contracts/clients';
import type { RegisterRoute } from '../../http/route';
import type { ClientsService } from './service';

export function registerClientsRoutes(route: RegisterRoute, clients: ClientsService) {
  route({
    method: 'GET',
    url: '/api/clients',
    access: 'user',
    query: clientListQuerySchema,
    handler: async ({ session, query }) => clients.listClients(session, query),
  });
}
