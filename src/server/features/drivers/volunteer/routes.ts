import { idParamsSchema } from '../../../../contracts/common';
import { timeOffBodySchema, timeOffSchema } from '../../../../contracts/drivers';
import {
  rosterReminderSchema,
  rosterRemindersQuerySchema,
  rosterUnfilledCountSchema,
  volunteerLinkRevokedSchema,
  volunteerLinkSchema,
  volunteerLinkStatusSchema,
  volunteerRunsSchema,
  volunteerSlotBodySchema,
  volunteerSlotSchema,
  volunteerTokenParamsSchema,
} from '../../../../contracts/volunteer';
import { wholeListMeta } from '../../../http/list-meta';
import type { RegisterRoute } from '../../../http/route';
import type { VolunteerLinksService } from './links-service';
import type { VolunteerPageService } from './page-service';
import type { RosterRemindersService } from './reminders-service';

/**
 * Per-IP limits of the public personal-link routes, as the driver link routes have them: a phone reads its page
 * now and then; a client trying tokens meets the limit long before a 256-bit token could be guessed.
 */
const readLimit = { max: 60, timeWindow: '1 minute' };
const changeLimit = { max: 30, timeWindow: '1 minute' };

export function registerVolunteerRoutes(
  route: RegisterRoute,
  services: { links: VolunteerLinksService; page: VolunteerPageService; reminders: RosterRemindersService },
) {
  const { links, page, reminders } = services;

  route({
    method: 'POST',
    url: '/api/drivers/:id/link',
    access: 'user',
    params: idParamsSchema,
    summary:
      'A new personal link for the driver, mailed to them (the token is shown only now); the earlier one stops',
    response: volunteerLinkSchema,
    handler: async ({ session, params }) => {
      const { data, message } = await links.createLink(session, params.id);
      return { data, meta: { message } };
    },
  });

  route({
    method: 'GET',
    url: '/api/drivers/:id/link',
    access: 'user',
    params: idParamsSchema,
    summary: 'Whether the driver has a working personal link',
    response: volunteerLinkStatusSchema,
    handler: async ({ session, params }) => ({ data: await links.getLinkStatus(session, params.id) }),
  });

  route({
    method: 'DELETE',
    url: '/api/drivers/:id/link',
    access: 'user',
    params: idParamsSchema,
    summary: "Revokes the driver's personal link",
    response: volunteerLinkRevokedSchema,
    handler: async ({ session, params }) => ({ data: await links.revokeLink(session, params.id) }),
  });

  route({
    method: 'GET',
    url: '/api/volunteer/:token/runs',
    access: 'public',
    params: volunteerTokenParamsSchema,
    rateLimit: readLimit,
    summary:
      "The driver's next four weeks and the open days they may take (no login: the token is the credential)",
    response: volunteerRunsSchema,
    handler: async ({ params }) => ({ data: await page.getRuns(params.token) }),
  });

  route({
    method: 'POST',
    url: '/api/volunteer/:token/release',
    access: 'public',
    params: volunteerTokenParamsSchema,
    body: volunteerSlotBodySchema,
    rateLimit: changeLimit,
    summary: 'The driver gives a day back (before the account’s cutoff)',
    response: volunteerSlotSchema,
    handler: async ({ params, body }) => ({ data: await page.release(params.token, body) }),
  });

  route({
    method: 'POST',
    url: '/api/volunteer/:token/pick_up',
    access: 'public',
    params: volunteerTokenParamsSchema,
    body: volunteerSlotBodySchema,
    rateLimit: changeLimit,
    summary: 'The driver takes an unfilled or given-back day of a round they know',
    response: volunteerSlotSchema,
    handler: async ({ params, body }) => ({ data: await page.pickUp(params.token, body) }),
  });

  route({
    method: 'POST',
    url: '/api/volunteer/:token/time_off',
    access: 'public',
    params: volunteerTokenParamsSchema,
    body: timeOffBodySchema,
    rateLimit: changeLimit,
    summary: 'The driver adds time off',
    response: timeOffSchema,
    handler: async ({ params, body }) => ({ data: await page.addTimeOff(params.token, body), status: 201 }),
  });

  route({
    method: 'GET',
    url: '/api/roster/reminders',
    access: 'user',
    query: rosterRemindersQuerySchema,
    summary:
      "What was sent about the day's rounds: reminders to drivers and unfilled-slot alerts, to whom and how",
    response: rosterReminderSchema.array(),
    handler: async ({ session, query }) => {
      const data = await reminders.listReminders(session, query.date);
      return { data, meta: wholeListMeta(data.length) };
    },
  });

  route({
    method: 'GET',
    url: '/api/roster/unfilled_count',
    access: 'user',
    summary: 'Slots with no driver whose pickup is in the next 48 hours (the Drivers badge)',
    response: rosterUnfilledCountSchema,
    handler: async ({ session }) => ({ data: await reminders.countUnfilledSoon(session) }),
  });
}
