import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi';
import type { RouteSummary } from './route';

export const openApiPath = '/api/openapi.json';

/**
 * Serves the OpenAPI document of `routes` (the app's route table, this route included once it is pushed there).
 * The document is made on the first call, when every route is registered, and kept: routes never change later.
 */
export function registerOpenApiRoute(
  server: FastifyInstance,
  routes: readonly RouteSummary[],
  publicUrl: string,
): RouteSummary {
  let document: OpenApiDocument | null = null;
  server.get(openApiPath, async (_request, reply) => {
    document ??= buildOpenApiDocument(routes, publicUrl);
    return reply.header('cache-control', 'no-cache').send(document);
  });
  return {
    method: 'GET',
    url: openApiPath,
    access: 'public',
    hasBody: false,
    schemas: {},
    summary: 'This document: the API in OpenAPI 3.1',
    answer: { kind: 'document', description: 'The OpenAPI 3.1 document of the API' },
  };
}
