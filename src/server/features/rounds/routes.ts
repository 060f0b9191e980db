import { roundParamsSchema } from '../../../contracts/rounds';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { RoundsService } from './service';

export function registerRoundsRoutes(route: RegisterRoute, rounds: RoundsService) {
  route({
    method: 'GET',
    url: '/api/rounds/:round/clients',
    access: 'user',
    params: roundParamsSchema,
    handler: async ({ session, params }) => {
      const data = await rounds.listRoundClients(session, params.round);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/rounds/:round',
    access: 'admin',
    params: roundParamsSchema,
    handler: async ({ session, params }) => {
      await rounds.deleteRound(session, params.round);
      return { data: null, meta: { message: 'Round deleted.' } };
    },
  });
}
