import { z } from 'zod';
import { parseIsoDate } from '../domain/calendar-dates';
import { addDays } from '../domain/zoned-time';
import { isoDateSchema, pathIdSchema } from './common';

export const roundParamsSchema = z.strictObject({
  round: pathIdSchema,
});

/** A client of a round, for the preferred delivery order panel. */
export const roundClientSchema = z.object({ key: z.string(), name: z.string(), address: z.string() });
export type RoundClient = z.infer<typeof roundClientSchema>;

/** A round that is not out on a date (YYYY-MM-DD): the day planner spreads its visits over the rounds out. */
export const roundDayOffSchema = z.object({ round_id: z.number().int(), date: z.string() });
export type RoundDayOff = z.infer<typeof roundDayOffSchema>;

/** The most days one days-off list covers. */
export const maxDaysOffRange = 366;

/** GET rounds/days_off: the account's rounds off between two dates, both included. */
export const roundDaysOffQuerySchema = z
  .strictObject({ from: isoDateSchema, to: isoDateSchema })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'Use a date on or after from.' })
  // Zod runs this check even when a date above was refused: only real dates can be counted from.
  .refine((query) => parseIsoDate(query.from) === null || query.to < addDays(query.from, maxDaysOffRange), {
    path: ['to'],
    message: `Ask for at most ${String(maxDaysOffRange)} days.`,
  });
export type RoundDaysOffQuery = z.infer<typeof roundDaysOffQuerySchema>;

export const roundDayOffParamsSchema = z.strictObject({
  round: roundParamsSchema.shape.round,
  date: isoDateSchema,
});

/** PUT rounds/{round}/days_off/{date}: true marks the round off that day, false puts it back out. */
export const roundDayOffBodySchema = z.strictObject({ is_off: z.boolean() });
export const roundDayOffStateSchema = roundDayOffSchema.extend({ is_off: z.boolean() });
export type RoundDayOffState = z.infer<typeof roundDayOffStateSchema>;
