import { z } from 'zod';
import { monthLabelSchema } from './funding';

/** `GET /api/reports/volunteer_hours?month=MM-YYYY`: a calendar month of the account's time zone. */
export const volunteerHoursQuerySchema = z.strictObject({ month: monthLabelSchema });
export type VolunteerHoursQuery = z.infer<typeof volunteerHoursQuerySchema>;

/** One driver's credit for the month: the days they drove, and the time and distance of those rounds. */
export const volunteerHoursRowSchema = z.object({
  driver: z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() }),
  /** The days driven (DD-MM-YYYY), oldest first; two rounds on one day count as one day. */
  dates: z.array(z.string()),
  days: z.number().int().min(0),
  /** From the round's pickup to its return to the base, summed over the rounds driven. */
  minutes: z.number().int().min(0),
  /** `minutes` in hours, to one decimal. */
  hours: z.number().min(0),
  km: z.number().min(0),
});
export type VolunteerHoursRow = z.infer<typeof volunteerHoursRowSchema>;

export const volunteerHoursReportSchema = z.object({
  month: z.string(),
  /** Days of the month counted: the first to the day before today (all of it for a past month). */
  counted_to: z.string().nullable(),
  /** Drivers who drove at least one day, by name. */
  drivers: z.array(volunteerHoursRowSchema),
  totals: z.object({ days: z.number().int(), minutes: z.number().int(), hours: z.number(), km: z.number() }),
});
export type VolunteerHoursReport = z.infer<typeof volunteerHoursReportSchema>;
