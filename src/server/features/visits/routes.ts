import { z } from 'zod';
import { sourceWriteSchema } from '../../../contracts/source-writes';
import {
  completeVisitsBodySchema,
  publishVisitsBodySchema,
  roundVisitsParamsSchema,
  roundVisitsQuerySchema,
  visitSchema,
  type VisitOutcome,
} from '../../../contracts/visits';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute, RouteResult } from '../../http/route';
import { ErrorCode } from '../../../contracts/envelope';
import type { OutboxService } from './outbox-service';
import type { MealsSync } from './meals-sync';
import type { RoundVisitsService } from './round-visits-service';
import type { VisitsService } from './service';
import { emptyBodySchema, idParamsSchema } from '../../../contracts/common';

export function registerVisitsRoutes(
  route: RegisterRoute,
  {
    visits,
    roundVisits,
    mealsSync,
    outbox,
  }: {
    visits: VisitsService;
    roundVisits: RoundVisitsService;
    mealsSync: MealsSync;
    outbox: OutboxService;
  },
) {
  route({
    method: 'GET',
    url: '/api/rounds/:round/visits/:date',
    access: 'user',
    response: z.array(visitSchema),
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
    handler: async ({ session, body }) => toOutcomesResult(await visits.publishVisits(session, body)),
  });

  route({
    method: 'POST',
    url: '/api/visits/complete',
    access: 'user',
    body: completeVisitsBodySchema,
    handler: async ({ session, body }) => toOutcomesResult(await visits.completeVisits(session, body)),
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

  route({
    method: 'GET',
    url: '/api/source_writes',
    access: 'user',
    response: z.array(sourceWriteSchema),
    handler: async ({ session }) => {
      const data = await outbox.listOpen(session);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'POST',
    url: '/api/source_writes/:id/retry',
    access: 'user',
    params: idParamsSchema,
    body: emptyBodySchema,
    handler: async ({ session, params }) => ({ data: await outbox.retry(session, params.id) }),
  });

  route({
    method: 'DELETE',
    url: '/api/source_writes/:id',
    access: 'user',
    params: idParamsSchema,
    handler: async ({ session, params }) => {
      await outbox.drop(session, params.id);
      return { data: null };
    },
  });
}

/**
 * Publish and complete answer every visit's outcome; when none was done, the envelope says so (code 7) with HTTP
 * 207 (Multi-Status, as AlayaCare answers a partial lock): the answer still carries each visit's outcome.
 */
function toOutcomesResult(outcomes: {
  data: VisitOutcome[];
  message: string;
  isNothingDone: boolean;
}): RouteResult {
  return outcomes.isNothingDone
    ? {
        data: outcomes.data,
        meta: { error_code: ErrorCode.sourceSystem, message: outcomes.message },
        status: 207,
      }
    : { data: outcomes.data, meta: { message: outcomes.message } };
}
