import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  driverLinkBodySchema,
  driverLinkEmailBodySchema,
  driverLinkParamsSchema,
  driverLinkQuerySchema,
  driverLinkRevokedSchema,
  driverLinkSchema,
  driverLinkStatusSchema,
  driverOutcomeResultSchema,
  driverOutcomesBodySchema,
  driverPhotoParamsSchema,
  driverRunSchema,
  driverRunStartSchema,
  driverTokenParamsSchema,
} from '../../../contracts/driver';
import { wholeListMeta } from '../../http/list-meta';
import type { Authenticate, RegisterRoute, RouteSummary } from '../../http/route';
import { parseOrThrow } from '../../http/validation';
import type { DriverLinksService } from './links-service';
import type { DriverOutcomesService } from './outcomes-service';
import type { DriverRunService } from './run-service';

/** 200 outcomes with up to 8 photos of 1.5 MB (2 MB as base64) and their notes. */
export const driverOutcomesBodyLimitBytes = 20 * 1024 * 1024;

/**
 * Per-IP limits of the public driver routes: a phone opens its run now and then and sends its queue when the
 * network returns; a client trying tokens meets the limit long before a 256-bit token could be guessed.
 */
const runLimit = { max: 60, timeWindow: '1 minute' };
export const driverOutcomesRateLimit = { max: 30, timeWindow: '1 minute' };

export function registerDriverRoutes(
  route: RegisterRoute,
  services: { links: DriverLinksService; run: DriverRunService; outcomes: DriverOutcomesService },
) {
  const { links, run, outcomes } = services;

  route({
    method: 'POST',
    url: '/api/rounds/:round/driver_link',
    access: 'user',
    params: driverLinkParamsSchema,
    body: driverLinkBodySchema,
    summary: "A new driver link for the round's run of a day (the token is shown only now)",
    response: driverLinkSchema,
    handler: async ({ session, params, body }) => ({
      data: await links.createLink(session, params.round, body.date),
    }),
  });

  route({
    method: 'GET',
    url: '/api/rounds/:round/driver_link',
    access: 'user',
    params: driverLinkParamsSchema,
    query: driverLinkQuerySchema,
    summary: 'Whether the day has a driver link that still works',
    response: driverLinkStatusSchema,
    handler: async ({ session, params, query }) => ({
      data: await links.getLinkStatus(session, params.round, query.date),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/rounds/:round/driver_link',
    access: 'user',
    params: driverLinkParamsSchema,
    query: driverLinkQuerySchema,
    summary: "Revokes every working driver link of the round's day",
    response: driverLinkRevokedSchema,
    handler: async ({ session, params, query }) => ({
      data: await links.revokeLinks(session, params.round, query.date),
    }),
  });

  route({
    method: 'POST',
    url: '/api/rounds/:round/driver_link/email',
    access: 'user',
    params: driverLinkParamsSchema,
    body: driverLinkEmailBodySchema,
    summary: 'A new driver link for the day, sent by email',
    response: driverLinkSchema,
    handler: async ({ session, params, body }) => {
      const { data, message } = await links.emailLink(session, params.round, body);
      return { data, meta: { message } };
    },
  });

  route({
    method: 'GET',
    url: '/api/driver/:token/run',
    access: 'public',
    params: driverTokenParamsSchema,
    rateLimit: runLimit,
    summary: 'The run a driver link opens (no login: the token is the credential)',
    response: driverRunSchema,
    handler: async ({ params }) => ({ data: await run.getRun(params.token) }),
  });

  route({
    method: 'POST',
    url: '/api/driver/:token/start',
    access: 'public',
    params: driverTokenParamsSchema,
    rateLimit: driverOutcomesRateLimit,
    summary: "Starts the run: the first start sends the stops' delivery notices, a later one changes nothing",
    response: driverRunStartSchema,
    handler: async ({ params }) => ({ data: await run.startRun(params.token) }),
  });

  route({
    method: 'POST',
    url: '/api/driver/:token/outcomes',
    access: 'public',
    params: driverTokenParamsSchema,
    body: driverOutcomesBodySchema,
    rateLimit: driverOutcomesRateLimit,
    bodyLimit: driverOutcomesBodyLimitBytes,
    summary: 'Outcomes recorded on the phone, each accepted once by its id',
    response: z.array(driverOutcomeResultSchema),
    handler: async ({ params, body }) => {
      const data = await outcomes.recordOutcomes(params.token, body);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
}

/**
 * A driver's photo, for the account's logged-in users only. Registered outside `route` because it answers the
 * image, not the envelope (errors still answer the envelope).
 */
export function registerDriverPhotoRoute(
  server: FastifyInstance,
  authenticate: Authenticate,
  run: DriverRunService,
): RouteSummary {
  const url = '/api/driver_photos/:id';
  server.get(url, async (request, reply) => {
    const session = await authenticate(request);
    const params = parseOrThrow(driverPhotoParamsSchema, request.params, 'params');
    const photo = await run.getPhoto(session, params.id);
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(photo.content);
  });
  return {
    method: 'GET',
    url,
    access: 'user',
    hasBody: false,
    schemas: { params: driverPhotoParamsSchema },
    answer: {
      kind: 'file',
      types: ['image/jpeg', 'image/png', 'image/webp'],
      description: "A photo a driver sent with an outcome, for the account's users",
    },
  };
}
