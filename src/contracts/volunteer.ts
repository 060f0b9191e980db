import { z } from 'zod';
import { dayMonthYearSchema, idSchema, textSchema } from './common';
import { timeOffSchema } from './drivers';

/**
 * A driver's personal link and their own phone page (ADR 0040), the roster's reminders and the volunteer hours
 * report. Dates are DD-MM-YYYY in the account's time zone.
 */

/** `POST /api/drivers/{id}/link`: the new personal link (the token is shown only now); the earlier one stops. */
export const volunteerLinkSchema = z.object({ url: z.string() });
export type VolunteerLink = z.infer<typeof volunteerLinkSchema>;

/** `DELETE /api/drivers/{id}/link`: how many links stopped working (0 or 1). */
export const volunteerLinkRevokedSchema = z.object({ revoked: z.number().int() });
export type VolunteerLinkRevoked = z.infer<typeof volunteerLinkRevokedSchema>;

/** `GET /api/drivers/{id}/link`: whether the driver has a working personal link (never the token). */
export const volunteerLinkStatusSchema = z.object({
  is_active: z.boolean(),
  created_at: z.string().nullable(),
});
export type VolunteerLinkStatus = z.infer<typeof volunteerLinkStatusSchema>;

/** `/api/volunteer/{token}/...` paths. */
export const volunteerTokenParamsSchema = z.strictObject({ token: textSchema.max(100) });

/** A round's day on the driver's page. */
export const volunteerSlotSchema = z.object({
  /** DD-MM-YYYY. */
  date: z.string(),
  round: z.object({ id: z.number().int(), name: z.string() }),
  /** HH:MM in the round's time zone. */
  pickup_time: z.string(),
  /** Theirs: may they still give it back here (before the account's cutoff)? Open: was it given back? */
  can_release: z.boolean(),
  is_released: z.boolean(),
});
export type VolunteerSlot = z.infer<typeof volunteerSlotSchema>;

/** `GET /api/volunteer/{token}/runs`: the next four weeks, today included. */
export const volunteerRunsSchema = z.object({
  driver: z.object({ name: z.string() }),
  /** DD-MM-YYYY, both included. */
  from: z.string(),
  to: z.string(),
  /** Hours before pickup until which a day can be given back here. */
  release_cutoff_hours: z.number().int(),
  /** Their days, by date. */
  slots: z.array(volunteerSlotSchema),
  /** Unfilled or given-back days of rounds they know, on days they are free. */
  open_slots: z.array(volunteerSlotSchema),
  time_off: z.array(timeOffSchema),
});
export type VolunteerRuns = z.infer<typeof volunteerRunsSchema>;

/** `POST /api/volunteer/{token}/release` and `.../pick_up`. */
export const volunteerSlotBodySchema = z.strictObject({ round_id: idSchema, date: dayMonthYearSchema });
export type VolunteerSlotBody = z.infer<typeof volunteerSlotBodySchema>;

export const rosterReminderKinds = ['driver_reminder', 'unfilled_48h', 'unfilled_24h'] as const;
export const reminderChannels = ['mail', 'sms'] as const;

/** A reminder to a driver or an alert to the office, as sent. */
export const rosterReminderSchema = z.object({
  kind: z.enum(rosterReminderKinds),
  /** DD-MM-YYYY: the round's day it is about. */
  date: z.string(),
  round: z.object({ id: z.number().int(), name: z.string() }),
  /** The driver reminded; null for an alert to the office. */
  driver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The addresses and numbers it went to. */
  recipients: z.array(z.string()),
  channels: z.array(z.enum(reminderChannels)),
  sent_at: z.string(),
});
export type RosterReminder = z.infer<typeof rosterReminderSchema>;

/** `GET /api/roster/reminders?date=DD-MM-YYYY`: what was sent about that day's rounds. */
export const rosterRemindersQuerySchema = z.strictObject({ date: dayMonthYearSchema });

/** `GET /api/roster/unfilled_count`: slots with no driver whose pickup is in the next 48 hours (the badge). */
export const rosterUnfilledCountSchema = z.object({ unfilled: z.number().int() });
export type RosterUnfilledCount = z.infer<typeof rosterUnfilledCountSchema>;
