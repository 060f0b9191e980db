import {
  roundDayOffBodySchema,
  roundDayOffParamsSchema,
  roundDaysOffQuerySchema,
} from '../../../contracts/rounds';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { DaysOffService } from './days-off-service';

export function registerDaysOffRoutes(route: RegisterRoute, daysOff: DaysOffService) {
  route({
    method: 'GET',
    url: '/api/rounds/days_off',
    access: 'user',
    query: roundDaysOffQuerySchema,
    handler: async ({ session, query }) => {
      const data = await daysOff.listDaysOff(session, query.from, query.to);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'PUT',
    url: '/api/rounds/:round/days_off/:date',
    access: 'user',
    params: roundDayOffParamsSchema,
    body: roundDayOffBodySchema,
    handler: async ({ session, params, body }) => {
      const data = await daysOff.setDayOff(session, params.round, params.date, body.is_off);
      const message = data.is_off ? 'Round marked off for this day.' : 'Round is out this day again.';
      return { data, meta: { message } };
    },
  });
}
