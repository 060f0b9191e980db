import { z } from 'zod';
import { driverOutcomes } from '../domain/driver-outcomes';
import { dayMonthYearSchema } from './common';

/*
 * The Delivery Outcomes report: what drivers recorded at each door over a date range, per client and per round.
 * A visit counts once, with its current (latest) outcome. Dates are DD-MM-YYYY like the other reports.
 */

/**
 * `POST /api/reports/delivery_outcomes`: the range's first and last day. Without `to`, today (the account's);
 * without `from`, four weeks before `to`. At most 366 days; `to` may not be before `from` (code 2, field `to`).
 */
export const deliveryOutcomesBodySchema = z.strictObject({
  from: dayMonthYearSchema.optional(),
  to: dayMonthYearSchema.optional(),
});
export type DeliveryOutcomesBody = z.infer<typeof deliveryOutcomesBodySchema>;

const countSchema = z.number().int().min(0);

/** Visits per outcome. */
export const outcomeCountsSchema = z.object({
  delivered: countSchema,
  not_home: countSchema,
  refused: countSchema,
  concern: countSchema,
  other: countSchema,
});
export type OutcomeCountsRow = z.infer<typeof outcomeCountsSchema>;

export const outcomeEntrySchema = z.object({
  visit_id: z.number().int(),
  /** The visit's day, DD-MM-YYYY. */
  date: z.string(),
  /** The round the run was on ('No Round' when none). */
  round: z.string(),
  outcome: z.enum(driverOutcomes),
  note: z.string(),
  /** ISO 8601, as the phone recorded it. */
  recorded_at: z.string(),
});
export type OutcomeEntry = z.infer<typeof outcomeEntrySchema>;

export const outcomeClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  counts: outcomeCountsSchema,
  /** Two or more not-home or concern outcomes in the range: listed first. */
  is_repeated: z.boolean(),
  /** By date, then time recorded. */
  outcomes: z.array(outcomeEntrySchema),
});
export type OutcomeClient = z.infer<typeof outcomeClientSchema>;

export const outcomeRoundSchema = z.object({
  round_id: z.number().int().nullable(),
  round: z.string(),
  counts: outcomeCountsSchema,
});
export type OutcomeRound = z.infer<typeof outcomeRoundSchema>;

export const deliveryOutcomesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: outcomeCountsSchema,
  /** Rounds by name, 'No Round' last. */
  rounds: z.array(outcomeRoundSchema),
  /** Clients with repeated not-home or concern outcomes first (most first), then by name. */
  clients: z.array(outcomeClientSchema),
});
export type DeliveryOutcomesReport = z.infer<typeof deliveryOutcomesReportSchema>;
