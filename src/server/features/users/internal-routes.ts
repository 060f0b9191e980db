import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendData } from '../../http/envelope';
import { forbidden, invalidInput } from '../../http/errors';
import type { AdminBootstrap } from './admin-bootstrap';
import { isCreateAdminSignatureValid, signatureHeader } from './internal-signature';

export const createAdminPath = '/internal/create-admin';

const bodySchema = z.strictObject({
  account: z.string().max(200),
  username: z.string().max(320),
  source: z.string().max(20).optional(),
});
const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The endpoint create-admin uses beside a running embedded server, which alone may open the data folder. It is
 * answered only on the loopback interface and only to a request signed with the app secret (a proxy on the same
 * machine also connects from loopback, so the signature is the credential, the address a second wall).
 */
export function registerCreateAdminEndpoint(
  server: FastifyInstance,
  deps: { bootstrap: AdminBootstrap; appSecret: string; now: () => Date },
) {
  server.post(createAdminPath, async (request, reply) => {
    if (!loopbackAddresses.has(request.socket.remoteAddress ?? '')) {
      throw forbidden('create-admin may only ask the server from the same machine.');
    }
    const parsed = bodySchema.safeParse(request.body);
    if (!parsed.success) throw invalidInput('The body must be {account, username, source?}.');
    const signature = request.headers[signatureHeader];
    if (
      typeof signature !== 'string' ||
      !isCreateAdminSignatureValid(deps.appSecret, parsed.data, signature, deps.now().getTime())
    ) {
      throw forbidden(
        'The request is not signed with this server’s app secret: run create-admin with the same DATA_DIR and APP_SECRET as the server.',
      );
    }
    const created = await deps.bootstrap.createAccountWithAdmin(parsed.data);
    return sendData(reply, created, { message: 'Account and admin created.' }, 201);
  });
}
