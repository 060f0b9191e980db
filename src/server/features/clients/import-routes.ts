import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clientImportBodySchema,
  clientImportMaxBytes,
  clientImportQuerySchema,
  clientImportResultSchema,
} from '../../../contracts/client-import';
import type { Authenticate, RegisterRoute, RouteSummary } from '../../http/route';
import { parseOrThrow } from '../../http/validation';
import type { ClientImportService } from './import-service';

export function registerClientImportRoutes(route: RegisterRoute, imports: ClientImportService) {
  route({
    method: 'POST',
    url: '/api/clients/import',
    access: 'user',
    query: clientImportQuerySchema,
    body: clientImportBodySchema,
    bodyType: 'text/csv',
    bodyLimit: clientImportMaxBytes,
    summary:
      'Imports a clients file (CSV) for an account without a CRM; dry_run=true (the default) only checks it',
    response: clientImportResultSchema,
    handler: async ({ session, query, body }) => {
      const result = await imports.importClients(session, body, query.dry_run);
      const done = result.dry_run ? 'Checked' : 'Imported';
      return { data: result, meta: { message: `${done} ${String(result.rows)} rows.` } };
    },
  });
}

/** The export takes no options: anything in its query is refused (code 2), as every strict schema does. */
const exportQuerySchema = z.strictObject({});

/**
 * The clients file. Registered outside `route` because it answers the CSV, not the envelope (errors still answer
 * the envelope).
 */
export function registerClientExportRoute(
  server: FastifyInstance,
  authenticate: Authenticate,
  imports: ClientImportService,
): RouteSummary {
  const url = '/api/clients/export.csv';
  server.get(url, async (request, reply) => {
    const session = await authenticate(request);
    parseOrThrow(exportQuerySchema, request.query, 'query');
    const file = await imports.exportClients(session);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="clients.csv"')
      .header('cache-control', 'private, no-store')
      .send(file);
  });
  return {
    method: 'GET',
    url,
    access: 'user',
    hasBody: false,
    schemas: { query: exportQuerySchema },
    answer: {
      kind: 'file',
      types: ['text/csv'],
      description:
        "The account's listed clients in the import's columns (a file the import takes back unchanged)",
    },
  };
}
