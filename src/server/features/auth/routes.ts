import { confirmBodySchema, forgotBodySchema, loginBodySchema } from '../../../contracts/auth';
import { emptyBodySchema } from '../../../contracts/common';
import type { RegisterRoute } from '../../http/route';
import type { AuthService } from './service';

const sensitiveLimit = { max: 10, timeWindow: '1 minute' };

export const forgotSuccessMessage =
  'Thanks. If an account exists with that email address, an email has been sent to it with instructions to reset your password.';
export const confirmSuccessMessage =
  'Your registration was successful. You can now log in with the username and password you entered.';

export function registerAuthRoutes(
  route: RegisterRoute,
  auth: AuthService,
  limits: { loginPerMinute: number },
) {
  route({
    method: 'POST',
    url: '/api/users/login',
    access: 'public',
    body: loginBodySchema,
    rateLimit: { max: limits.loginPerMinute, timeWindow: '1 minute' },
    handler: async ({ body, request }) => ({ data: await auth.login(body, request.ip) }),
  });

  route({
    method: 'POST',
    url: '/api/users/refresh',
    access: 'user',
    body: emptyBodySchema,
    handler: async ({ session }) => ({ data: await auth.refresh(session) }),
  });

  route({
    method: 'POST',
    url: '/api/users/logout',
    access: 'user',
    body: emptyBodySchema,
    handler: async ({ session }) => {
      await auth.logout(session);
      return { data: null, meta: { message: 'You are logged out.' } };
    },
  });

  route({
    method: 'POST',
    url: '/api/users/forgot',
    access: 'public',
    body: forgotBodySchema,
    rateLimit: sensitiveLimit,
    handler: async ({ body }) => {
      auth.requestPasswordReset(body.username);
      return { data: null, meta: { message: forgotSuccessMessage } };
    },
  });

  // Two paths, one handler: confirm finishes a registration; reset, its alias, sets a password after a reset mail.
  for (const url of ['/api/users/confirm', '/api/users/reset']) {
    route({
      method: 'POST',
      url,
      access: 'public',
      body: confirmBodySchema,
      rateLimit: sensitiveLimit,
      handler: async ({ body }) => {
        await auth.confirm(body);
        return { data: null, meta: { message: confirmSuccessMessage } };
      },
    });
  }
}
