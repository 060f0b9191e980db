import type { FastifyInstance } from 'fastify';
import { menuPrintBodySchema, printFileParamsSchema, printRoundBodySchema } from '../../../contracts/print';
import { printReportBodySchema } from '../../../contracts/reports';
import type { RegisterRoute, RouteSummary } from '../../http/route';
import { printFilesPath, type PrintService } from './service';

export function registerPrintRoutes(route: RegisterRoute, print: PrintService) {
  route({
    method: 'POST',
    url: '/api/print/menu',
    access: 'user',
    body: menuPrintBodySchema,
    handler: async ({ session, body }) => ({ data: await print.printMenu(session, body) }),
  });
  route({
    method: 'POST',
    url: '/api/print/round',
    access: 'user',
    body: printRoundBodySchema,
    handler: async ({ session, body }) => ({ data: await print.printRound(session, body) }),
  });
  route({
    method: 'POST',
    url: '/api/print/report',
    access: 'user',
    body: printReportBodySchema,
    handler: async ({ session, body }) => ({ data: await print.printReport(session, body) }),
  });
}

/** CSV and XML (the DEX export) download as a file; PDFs open in the print window. */
function describeFile(fileName: string) {
  if (fileName.endsWith('.csv')) return { type: 'text/csv; charset=utf-8', disposition: 'attachment' };
  if (fileName.endsWith('.xml')) return { type: 'application/xml; charset=utf-8', disposition: 'attachment' };
  return { type: 'application/pdf', disposition: 'inline' };
}

/**
 * The print link itself. Registered outside `route` because it answers the PDF, not the envelope (errors still
 * answer the envelope). It is public: the window the web app opens for printing carries no bearer token, so
 * the unguessable, short-lived token in the path is the credential.
 */
export function registerPrintFileRoute(server: FastifyInstance, print: PrintService): RouteSummary {
  const url = `${printFilesPath}/:token`;
  server.get(url, async (request, reply) => {
    // An ill-formed token is just an unknown link: the same 404 as an expired one.
    const params = printFileParamsSchema.safeParse(request.params);
    const file = await print.getFile(params.success ? params.data.token : '');
    const { type, disposition } = describeFile(file.fileName);
    return (
      reply
        .header('content-type', type)
        .header('content-disposition', `${disposition}; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        // Chrome shows PDFs through a built-in plugin that helmet's `object-src 'none'` would block.
        .header('content-security-policy', "frame-ancestors 'self'")
        .send(file.content)
    );
  });
  return {
    method: 'GET',
    url,
    access: 'public',
    hasBody: false,
    schemas: { params: printFileParamsSchema },
    answer: {
      kind: 'file',
      types: ['application/pdf', 'text/csv', 'application/xml'],
      description:
        'A printed sheet or report made by a print call (or a DEX export), for as long as its link lasts',
    },
  };
}
