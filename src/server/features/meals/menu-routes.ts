import {
  copyScheduleBodySchema,
  scheduleParamsSchema,
  updateScheduleBodySchema,
} from '../../../contracts/meals';
import type { RegisterRoute } from '../../http/route';
import type { MenuService } from './menu-service';

export function registerMenuRoutes(route: RegisterRoute, menu: MenuService) {
  route({
    method: 'GET',
    url: '/api/meals/schedule/:id',
    access: 'user',
    params: scheduleParamsSchema,
    handler: async ({ session, params }) => ({ data: await menu.getSchedule(session, params.id) }),
  });

  route({
    method: 'PUT',
    url: '/api/meals/schedule/:id',
    access: 'user',
    params: scheduleParamsSchema,
    body: updateScheduleBodySchema,
    handler: async ({ session, params, body }) => ({
      data: await menu.putSchedule(session, params.id, body),
    }),
  });

  route({
    method: 'PUT',
    url: '/api/meals/copy_schedule',
    access: 'user',
    body: copyScheduleBodySchema,
    handler: async ({ session, body }) => ({ data: await menu.copySchedule(session, body) }),
  });
}
