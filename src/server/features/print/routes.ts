import type { FastifyInstance } from 'fastify';
import { menuPrintBodySchema, printFileParamsSchema } from '../../../contracts/print';
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
    return (
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        // Chrome shows PDFs through a built-in plugin that helmet's `object-src 'none'` would block.
        .header('content-security-policy', "frame-ancestors 'self'")
        .send(file.content)
    );
  });
  return { method: 'GET', url, access: 'public', hasBody: false };
}
