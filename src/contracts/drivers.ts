import { z } from 'zod';
import { isValidEmail } from '../domain/validation';
import { dayMonthYearSchema, idSchema, multiLineTextSchema, pathIdSchema, textSchema } from './common';

/**
 * Drivers (volunteers and staff, no login) and the roster: who drives each round each day. Dates in requests and
 * answers are DD-MM-YYYY in the account's time zone; phones are answered in E.164.
 */

/** A driver as `GET /api/drivers` lists it. `round_ids`: the rounds they know. */
export const driverSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** E.164, for example +61412345678. */
  phone: z.string(),
  email: z.string(),
  notes: z.string(),
  round_ids: z.array(z.number().int()),
  is_active: z.boolean(),
});
export type Driver = z.infer<typeof driverSchema>;

/**
 * `POST /api/drivers` and `PUT /api/drivers/{id}`: `phone` as people type it ("0412 345 678"), read in the
 * account's region unless it has its own country code; the server answers it in E.164.
 */
export const driverBodySchema = z.strictObject({
  name: textSchema.trim().min(1, 'Enter the driver’s name.').max(120),
  phone: textSchema.trim().min(1, 'Enter a mobile phone number.').max(40),
  email: textSchema
    .trim()
    .max(254)
    .refine((value) => value === '' || isValidEmail(value), 'Enter a valid email address, or leave it empty.')
    .default(''),
  notes: multiLineTextSchema.trim().max(2000).default(''),
  round_ids: z.array(idSchema).max(200).default([]),
  is_active: z.boolean().default(true),
});
export type DriverBody = z.input<typeof driverBodySchema>;

/**
 * `DELETE /api/drivers/{id}`: a driver with history (any pattern or day on the roster) is deactivated and answered
 * as they now are (`removed` false); one without any history is removed for real (`driver` null, `removed` true).
 */
export const driverDeleteResultSchema = z.object({ removed: z.boolean(), driver: driverSchema.nullable() });
export type DriverDeleteResult = z.infer<typeof driverDeleteResultSchema>;

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export const weekdaySchema = z.number().int().min(1).max(7);

/** A recurring pattern as `GET /api/roster/patterns` lists it. */
export const rosterPatternSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  round_id: z.number().int(),
  weekdays: z.array(weekdaySchema),
  every_weeks: z.number().int(),
  /** DD-MM-YYYY. */
  starts: z.string(),
  /** DD-MM-YYYY, or null while open-ended. */
  ends: z.string().nullable(),
  /** 1..5: only the nth such weekday of a month ("the 2nd Tuesday"); null = every matching week. */
  week_of_month: z.number().int().nullable(),
});
export type RosterPattern = z.infer<typeof rosterPatternSchema>;

/** `POST /api/roster/patterns`. */
export const rosterPatternBodySchema = z.strictObject({
  driver_id: idSchema,
  round_id: idSchema,
  weekdays: z
    .array(weekdaySchema)
    .min(1, 'Choose at least one weekday.')
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Choose each weekday once.'),
  every_weeks: z.number().int().min(1).max(8).default(1),
  starts: dayMonthYearSchema,
  ends: dayMonthYearSchema.nullable().default(null),
  week_of_month: z.number().int().min(1).max(5).nullable().optional(),
});
export type RosterPatternBody = z.input<typeof rosterPatternBodySchema>;

/**
 * `DELETE /api/roster/patterns/{id}`: a pattern with days before today ends yesterday (answered as it now is), so
 * the past keeps its driver; one that has not begun is removed (`pattern` null).
 */
export const rosterPatternDeleteResultSchema = z.object({ pattern: rosterPatternSchema.nullable() });
export type RosterPatternDeleteResult = z.infer<typeof rosterPatternDeleteResultSchema>;

/** How a slot got its driver; `unfilled` when it has none (no pattern, left unfilled, released or time off). */
export const slotKinds = ['recurring', 'one_time', 'substitute', 'unfilled'] as const;
export type SlotKind = (typeof slotKinds)[number];

/** A round on a day it has visits, with its driver. */
export const rosterSlotSchema = z.object({
  /** DD-MM-YYYY. */
  date: z.string(),
  round_id: z.number().int(),
  driver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  kind: z.enum(slotKinds),
  /** The driver gave the day back (through their personal link); it stays unfilled until someone takes it. */
  is_released: z.boolean(),
});
export type RosterSlot = z.infer<typeof rosterSlotSchema>;

/** `GET /api/roster?from=DD-MM-YYYY&to=DD-MM-YYYY`: at most 62 days, both included. */
export const rosterQuerySchema = z.strictObject({ from: dayMonthYearSchema, to: dayMonthYearSchema });
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

/** The longest span `GET /api/roster` answers, in days. */
export const rosterMaxDays = 62;

export const rosterSchema = z.object({ slots: z.array(rosterSlotSchema) });
export type Roster = z.infer<typeof rosterSchema>;

/** `/api/roster/{round_id}/{date}` paths. */
export const rosterSlotParamsSchema = z.strictObject({
  round_id: pathIdSchema,
  date: dayMonthYearSchema,
});

/** `PUT /api/roster/{round_id}/{date}`: a one-time driver or substitute for the day; null leaves it unfilled. */
export const rosterSlotBodySchema = z.strictObject({ driver_id: idSchema.nullable() });
export type RosterSlotBody = z.infer<typeof rosterSlotBodySchema>;

/** A driver who could take a slot, with why, as `GET /api/roster/{round_id}/{date}/suggestions` lists them. */
export const rosterSuggestionSchema = z.object({
  driver: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  /** In words, strongest first: "Knows Inner West", "Drove Inner West on 20-11-2026", ... */
  reasons: z.array(z.string()),
  knows_round: z.boolean(),
  /** DD-MM-YYYY of the last day they drove this round in the 28 days before, or null. */
  last_drove_round: z.string().nullable(),
  /** Another round they drive that day, by name, or null. */
  other_round: z.string().nullable(),
  /** Days they drive in the slot's month. */
  days_this_month: z.number().int(),
});
export type RosterSuggestion = z.infer<typeof rosterSuggestionSchema>;

export const rosterSuggestionsSchema = z.object({ suggestions: z.array(rosterSuggestionSchema) });
export type RosterSuggestions = z.infer<typeof rosterSuggestionsSchema>;

/** A driver's days away, as listed. */
export const timeOffSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  /** DD-MM-YYYY, both included. */
  from_date: z.string(),
  to_date: z.string(),
  note: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/** `POST /api/drivers/{id}/time_off`. */
export const timeOffBodySchema = z.strictObject({
  from_date: dayMonthYearSchema,
  to_date: dayMonthYearSchema,
  note: multiLineTextSchema.trim().max(500).default(''),
});
export type TimeOffBody = z.input<typeof timeOffBodySchema>;

export const timeOffParamsSchema = z.strictObject({
  id: pathIdSchema,
  time_off_id: pathIdSchema,
});
