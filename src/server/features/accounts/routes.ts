import { accountSchema, updateAccountBodySchema } from '../../../contracts/accounts';
import { idParamsSchema } from '../../../contracts/common';
import type { RegisterRoute } from '../../http/route';
import type { AccountsService } from './service';

export function registerAccountsRoutes(route: RegisterRoute, accounts: AccountsService) {
  route({
    method: 'GET',
    url: '/api/accounts/:id',
    access: 'user',
    response: accountSchema,
    params: idParamsSchema,
    handler: async ({ session, params }) => ({ data: await accounts.getAccount(session, params.id) }),
  });

  route({
    method: 'PUT',
    url: '/api/accounts/:id',
    access: 'user',
    params: idParamsSchema,
    body: updateAccountBodySchema,
    handler: async ({ session, params, body }) => ({
      data: await accounts.updateAccount(session, params.id, body),
      meta: { message: 'Settings saved successfully' },
    }),
  });
}
