import { idParamsSchema } from '../../../contracts/common';
import {
  driverBodySchema,
  driverDeleteResultSchema,
  driverSchema,
  rosterPatternBodySchema,
  rosterPatternDeleteResultSchema,
  rosterPatternSchema,
  rosterQuerySchema,
  rosterSchema,
  rosterSlotBodySchema,
  rosterSlotParamsSchema,
  rosterSlotSchema,
  rosterSuggestionsSchema,
  timeOffBodySchema,
  timeOffParamsSchema,
  timeOffSchema,
} from '../../../contracts/drivers';
import type { RegisterRoute } from '../../http/route';
import type { DriversService } from './drivers-service';
import type { RosterService } from './roster-service';
import type { SuggestionsService } from './suggestions-service';

export function registerDriversRoutes(
  route: RegisterRoute,
  services: { drivers: DriversService; roster: RosterService; suggestions: SuggestionsService },
) {
  const { drivers, roster, suggestions } = services;

  route({
    method: 'GET',
    url: '/api/drivers',
    access: 'user',
    summary: 'The account’s drivers, by name.',
    response: driverSchema.array(),
    handler: async ({ session }) => ({ data: await drivers.listDrivers(session) }),
  });

  route({
    method: 'POST',
    url: '/api/drivers',
    access: 'user',
    body: driverBodySchema,
    response: driverSchema,
    handler: async ({ session, body }) => ({
      data: await drivers.createDriver(session, body),
      meta: { message: 'Driver added.' },
      status: 201,
    }),
  });

  route({
    method: 'PUT',
    url: '/api/drivers/:id',
    access: 'user',
    params: idParamsSchema,
    body: driverBodySchema,
    response: driverSchema,
    handler: async ({ session, params, body }) => ({
      data: await drivers.updateDriver(session, params.id, body),
      meta: { message: 'Driver saved.' },
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/drivers/:id',
    access: 'user',
    params: idParamsSchema,
    summary: 'Deactivates the driver; one never on the roster is removed.',
    response: driverDeleteResultSchema,
    handler: async ({ session, params }) => {
      const data = await drivers.deleteDriver(session, params.id);
      return { data, meta: { message: data.removed ? 'Driver removed.' : 'Driver deactivated.' } };
    },
  });

  route({
    method: 'GET',
    url: '/api/drivers/:id/time_off',
    access: 'user',
    params: idParamsSchema,
    response: timeOffSchema.array(),
    handler: async ({ session, params }) => ({ data: await drivers.listTimeOff(session, params.id) }),
  });

  route({
    method: 'POST',
    url: '/api/drivers/:id/time_off',
    access: 'user',
    params: idParamsSchema,
    body: timeOffBodySchema,
    response: timeOffSchema,
    handler: async ({ session, params, body }) => ({
      data: await drivers.createTimeOff(session, params.id, body),
      meta: { message: 'Time off added.' },
      status: 201,
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/drivers/:id/time_off/:time_off_id',
    access: 'user',
    params: timeOffParamsSchema,
    response: timeOffSchema,
    handler: async ({ session, params }) => ({
      data: await drivers.deleteTimeOff(session, params.id, params.time_off_id),
      meta: { message: 'Time off removed.' },
    }),
  });

  route({
    method: 'GET',
    url: '/api/roster/patterns',
    access: 'user',
    response: rosterPatternSchema.array(),
    handler: async ({ session }) => ({ data: await roster.listPatterns(session) }),
  });

  route({
    method: 'POST',
    url: '/api/roster/patterns',
    access: 'user',
    body: rosterPatternBodySchema,
    response: rosterPatternSchema,
    handler: async ({ session, body }) => ({
      data: await roster.createPattern(session, body),
      meta: { message: 'Pattern added.' },
      status: 201,
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/roster/patterns/:id',
    access: 'user',
    params: idParamsSchema,
    summary: 'Removes a pattern not begun; one with past days ends yesterday.',
    response: rosterPatternDeleteResultSchema,
    handler: async ({ session, params }) => {
      const data = await roster.deletePattern(session, params.id);
      return { data, meta: { message: data.pattern ? 'Pattern ended.' : 'Pattern removed.' } };
    },
  });

  route({
    method: 'GET',
    url: '/api/roster',
    access: 'user',
    query: rosterQuerySchema,
    summary: 'One slot per round per day with visits, at most 62 days.',
    response: rosterSchema,
    handler: async ({ session, query }) => ({ data: await roster.getRoster(session, query) }),
  });

  route({
    method: 'PUT',
    url: '/api/roster/:round_id/:date',
    access: 'user',
    params: rosterSlotParamsSchema,
    body: rosterSlotBodySchema,
    response: rosterSlotSchema,
    handler: async ({ session, params, body }) => {
      const data = await roster.putSlot(session, params.round_id, params.date, body);
      return {
        data,
        meta: { message: data.driver ? `${data.driver.name} drives that day.` : 'Left unfilled.' },
      };
    },
  });

  route({
    method: 'GET',
    url: '/api/roster/:round_id/:date/suggestions',
    access: 'user',
    params: rosterSlotParamsSchema,
    response: rosterSuggestionsSchema,
    handler: async ({ session, params }) => ({
      data: await suggestions.getSuggestions(session, params.round_id, params.date),
    }),
  });
}
