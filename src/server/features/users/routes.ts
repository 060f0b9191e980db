import { z } from 'zod';
import { emptyBodySchema, idParamsSchema } from '../../../contracts/common';
import { createUserBodySchema, updateUserBodySchema, userSchema } from '../../../contracts/users';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { UsersService } from './service';

export function registerUsersRoutes(route: RegisterRoute, users: UsersService) {
  route({
    method: 'GET',
    url: '/api/users',
    access: 'admin',
    response: z.array(userSchema),
    handler: async ({ session }) => {
      const list = await users.listUsers(session);
      return {
        data: list,
        meta: wholeListMeta(list.length),
      };
    },
  });

  route({
    method: 'POST',
    url: '/api/users',
    access: 'admin',
    body: createUserBodySchema,
    handler: async ({ session, body }) => {
      const { user, mail } = await users.createUser(session, body);
      return {
        data: user,
        status: 201,
        // A message only when the mail is not out yet: the screen then shows it instead of its success text.
        meta: {
          message: mail.isDelivered
            ? ''
            : `User added. The registration email to ${user.username} could not be sent yet (${mail.reason}); it will be sent again automatically.`,
        },
      };
    },
  });

  route({
    method: 'PUT',
    url: '/api/users/:id',
    access: 'admin',
    params: idParamsSchema,
    body: updateUserBodySchema,
    handler: async ({ session, params, body }) => ({
      data: await users.updateUser(session, params.id, body),
      meta: { message: 'User updated successfully' },
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/users/:id',
    access: 'admin',
    params: idParamsSchema,
    handler: async ({ session, params }) => {
      await users.deleteUser(session, params.id);
      return { data: null, meta: { message: 'User deleted successfully' } };
    },
  });

  route({
    method: 'POST',
    url: '/api/users/:id/reset',
    access: 'admin',
    params: idParamsSchema,
    body: emptyBodySchema,
    handler: async ({ session, params }) => {
      const { username, mail } = await users.sendPasswordReset(session, params.id);
      return {
        data: { username },
        meta: {
          message: mail.isDelivered
            ? `Email instructions successfully sent to ${username}`
            : `The email to ${username} could not be sent yet (${mail.reason}); it will be sent again automatically.`,
        },
      };
    },
  });
}
