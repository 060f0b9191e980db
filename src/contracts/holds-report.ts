import { z } from 'zod';
import { dayMonthYearSchema } from './common';
import { holdReasons } from './holds';

/*
 * GET /api/reports/holds?date=DD-MM-YYYY: who is paused, from when to when and why, and who comes back this week.
 * `date` is the day looked at (default today, the account's date); "this week" is Monday to Sunday around it.
 * Hidden clients are not listed. Every date is DD-MM-YYYY.
 */

export const holdsReportQuerySchema = z.strictObject({ date: dayMonthYearSchema.optional() });
export type HoldsReportQuery = z.infer<typeof holdsReportQuerySchema>;

export const holdsReportRowSchema = z.object({
  hold_id: z.number().int(),
  client_id: z.number().int(),
  client: z.string(),
  /** The client's round, or 'No Round'. */
  round: z.string(),
  from_date: z.string(),
  /** The hold's last day; null while open-ended. */
  to_date: z.string().nullable(),
  reason: z.enum(holdReasons),
  note: z.string(),
  /** The first day the client's meals count again (the day after `to_date`); null while open-ended. */
  return_date: z.string().nullable(),
});
export type HoldsReportRow = z.infer<typeof holdsReportRowSchema>;

export const holdsReportSchema = z.object({
  date: z.string(),
  /** Monday and Sunday of the week holding `date`. */
  week_start: z.string(),
  week_end: z.string(),
  /** On hold on `date`, by return date (open-ended last). */
  on_hold: z.array(holdsReportRowSchema),
  /** Holds that begin after `date`, by first day. */
  upcoming: z.array(holdsReportRowSchema),
  /** Clients whose return date falls in the week (before or after `date`), by return date. */
  returning: z.array(holdsReportRowSchema),
});
export type HoldsReport = z.infer<typeof holdsReportSchema>;

/** The report's sections in the order the screen and the printouts show them, with their headings and empty texts. */
export const holdsReportSections = [
  { key: 'on_hold', name: 'On hold', empty: 'Nobody is on hold on this day.' },
  { key: 'returning', name: 'Back this week', empty: 'Nobody comes back this week.' },
  { key: 'upcoming', name: 'Starting later', empty: 'No hold begins after this day.' },
] as const satisfies readonly { key: keyof HoldsReport; name: string; empty: string }[];
