import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/**
 * The day planner: a proposed split of one day's visits over the rounds that are out, its comparison with the
 * usual rounds, and the assignment that applying it writes (the day's round and stop order of each visit).
 */

export const dayPlanParamsSchema = z.strictObject({ date: isoDateSchema });

export const dayPlanJobParamsSchema = z.strictObject({ job: z.string().uuid() });

/** A round taking part in the plan, with its capacity for this day (null: unlimited). */
export const dayPlanRoundInputSchema = z.strictObject({
  id: idSchema,
  capacity: z.number().int().positive().max(100_000).nullable(),
});

/** A stop the coordinator placed by hand: the solver keeps it on that round and plans the rest around it. */
export const dayPlanPinSchema = z.strictObject({ visit_id: idSchema, round_id: idSchema });

/** POST day_plans/{date}/jobs: starts planning off the request thread; answers the job to poll. */
export const dayPlanRequestSchema = z.strictObject({
  rounds: z.array(dayPlanRoundInputSchema).min(1).max(200),
  pins: z.array(dayPlanPinSchema).max(5_000).default([]),
});
export type DayPlanRequest = z.infer<typeof dayPlanRequestSchema>;

export const dayPlanUnassignedReasonSchema = z.enum([
  'window_impossible',
  'no_capacity',
  'no_time',
  'no_location',
]);
export type DayPlanUnassignedReason = z.infer<typeof dayPlanUnassignedReasonSchema>;

export const dayPlanStopSchema = z.object({
  visit_id: z.number().int(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  address: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The client's own round (null: none). A stop with another round than this one is marked as moved. */
  usual_round_id: z.number().int().nullable(),
  portions: z.number().int(),
  /** Planned arrival, HH:MM in the round's timezone. */
  arrival: z.string(),
  /** Arrival after the client's delivery window (only ever true in the "before" side). */
  is_late: z.boolean(),
});
export type DayPlanStop = z.infer<typeof dayPlanStopSchema>;

/** One round's route: its figures, for the before and after comparison. */
export const dayPlanRouteSummarySchema = z.object({
  stops: z.number().int(),
  portions: z.number().int(),
  km: z.number(),
  minutes: z.number(),
  /** HH:MM of the first and last arrival; null with no stops. */
  first: z.string().nullable(),
  last: z.string().nullable(),
  late: z.number().int(),
});
export type DayPlanRouteSummary = z.infer<typeof dayPlanRouteSummarySchema>;

export const dayPlanRouteSchema = z.object({
  round_id: z.number().int(),
  round_name: z.string(),
  /** The round is off this day: in "before" it shows what it would have carried, in "after" it is empty. */
  is_off: z.boolean(),
  before: dayPlanRouteSummarySchema,
  after: dayPlanRouteSummarySchema,
  /** The planned stops in driving order. */
  stops: z.array(dayPlanStopSchema),
  /**
   * Why the route cannot be applied: some of its visits would end after 23:58 (ADR 0031), in words; null when it
   * fits the day. A plan kept from before this field reads as fitting (Apply still checks).
   */
  past_midnight: z.string().nullable().default(null),
});
export type DayPlanRoute = z.infer<typeof dayPlanRouteSchema>;

export const dayPlanSchema = z.object({
  date: z.string(),
  routes: z.array(dayPlanRouteSchema),
  unassigned: z.array(
    z.object({
      visit_id: z.number().int(),
      client: z.object({ id: z.number().int(), name: z.string() }),
      usual_round_id: z.number().int().nullable(),
      reason: dayPlanUnassignedReasonSchema,
    }),
  ),
  totals: z.object({ before: dayPlanRouteSummarySchema, after: dayPlanRouteSummarySchema }),
});
export type DayPlan = z.infer<typeof dayPlanSchema>;

export const dayPlanJobSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'cancelled', 'failed']),
  /** 0..1 */
  progress: z.number(),
  /** Set when done (and when cancelled after a first answer was found). */
  plan: dayPlanSchema.nullable(),
  /** Why it failed, in words for the coordinator. */
  message: z.string().nullable(),
});
export type DayPlanJob = z.infer<typeof dayPlanJobSchema>;

/** PUT day_plans/{date}: writes the day's assignment; every visit of the day once, stops in driving order. */
export const dayPlanApplySchema = z.strictObject({
  routes: z
    .array(z.strictObject({ round_id: idSchema, visit_ids: z.array(idSchema).max(5_000) }))
    .min(1)
    .max(200),
});
export type DayPlanApply = z.infer<typeof dayPlanApplySchema>;

/** GET day_plans/{date}: the applied assignment of the day, or null when every visit rides its usual round. */
export const dayAssignmentSchema = z
  .object({
    date: z.string(),
    applied_at: z.string(),
    routes: z.array(z.object({ round_id: z.number().int(), visit_ids: z.array(z.number().int()) })),
    /** Visits riding another round than their client's own. */
    moved: z.number().int(),
  })
  .nullable();
export type DayAssignment = z.infer<typeof dayAssignmentSchema>;
