import {
  completeVisitsBodySchema,
  publishVisitsBodySchema,
  roundVisitsParamsSchema,
  roundVisitsQuerySchema,
} from '../../../contracts/visits';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { MealsSync } from './meals-sync';
import type { RoundVisitsService } from './round-visits-service';
import type { VisitsService } from './service';
import { emptyBodySchema } from '../../../contracts/common';

export function registerVisitsRoutes(
  route: RegisterRoute,
  {
    visits,
    roundVisits,
    mealsSync,
  }: { visits: VisitsService; roundVisits: RoundVisitsService; mealsSync: MealsSync },
) {
  route({
    method: 'GET',
    url: '/api/rounds/:round/visits/:date',
    access: 'user',
    params: roundVisitsParamsSchema,
    query: roundVisitsQuerySchema,
    handler: async ({ session, params, query }) => {
      const { data, message, refreshedAt, isRefreshing } = await roundVisits.readRoundVisits(
        session,
        params.round,
        params.date,
        { refresh: query.refresh ?? false },
      );
      return {
        data,
        meta: {
          message,
          refreshed_at: refreshedAt,
          is_refreshing: isRefreshing,
          ...wholeListMeta(data.length),
        },
      };
    },
  });

  route({
    method: 'PUT',
    url: '/api/visits',
    access: 'user',
    body: publishVisitsBodySchema,
    handler: async ({ session, body }) => {
      const { data, message } = await visits.publishVisits(session, body);
      return { data, meta: { message } };
    },
  });

  route({
    method: 'POST',
    url: '/api/visits/complete',
    access: 'user',
    body: completeVisitsBodySchema,
    handler: async ({ session, body }) => {
      const { data, message } = await visits.completeVisits(session, body);
      return { data, meta: { message } };
    },
  });

  route({
    method: 'PUT',
    url: '/api/clients/meals_sync',
    access: 'user',
    body: emptyBodySchema,
    handler: async ({ session }) => {
      const { data, message } = await mealsSync.syncMealVisits(session);
      return { data, meta: { message } };
    },
  });
}
