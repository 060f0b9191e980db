import { z } from 'zod';
import { dayMonthYearSchema, multiLineTextSchema, pathIdSchema } from './common';

/** Why a client is paused. */
export const holdReasons = ['hospital', 'holiday', 'respite', 'other'] as const;
export type HoldReason = (typeof holdReasons)[number];

/** How a reason reads on screen and on paper. */
export const holdReasonLabels: Record<HoldReason, string> = {
  hospital: 'Hospital',
  holiday: 'Holiday',
  respite: 'Respite',
  other: 'Other',
};

/**
 * A client hold: the client is paused from `from_date` to `to_date` (DD-MM-YYYY, both included; `to_date` null
 * while open-ended). On a held day the client's meal choices stay recorded but do not count anywhere.
 */
export const holdSchema = z.object({
  id: z.number().int(),
  from_date: z.string(),
  to_date: z.string().nullable(),
  reason: z.enum(holdReasons),
  note: z.string(),
});
export type Hold = z.infer<typeof holdSchema>;

/** `POST /api/clients/{id}/holds` and `PUT /api/clients/{id}/holds/{hold_id}`. */
export const holdBodySchema = z.strictObject({
  from_date: dayMonthYearSchema,
  to_date: dayMonthYearSchema.nullable(),
  reason: z.enum(holdReasons),
  note: multiLineTextSchema.trim().max(500).default(''),
});
export type HoldBody = z.input<typeof holdBodySchema>;

export const holdParamsSchema = z.strictObject({
  id: pathIdSchema,
  hold_id: pathIdSchema,
});

/**
 * `DELETE /api/clients/{id}/holds/{hold_id}` ("End now"): a hold not begun yet is removed (`hold` null); one that
 * has begun ends yesterday and is answered as it now is.
 */
export const endHoldResultSchema = z.object({ hold: holdSchema.nullable() });
export type EndHoldResult = z.infer<typeof endHoldResultSchema>;

/**
 * A visit of the client whose cancel (for a hold) or restore (after one) the CRM has not confirmed: `pending`
 * while the outbox still sends it, `failed` when the CRM refused it and someone must act in the CRM.
 */
export const holdVisitSchema = z.object({
  visit_id: z.number().int(),
  /** DD-MM-YYYY. */
  date: z.string(),
  action: z.enum(['cancel', 'restore']),
  status: z.enum(['pending', 'failed']),
  message: z.string(),
});
export type HoldVisit = z.infer<typeof holdVisitSchema>;

/**
 * `GET /api/clients/{id}/hold_visits`: the CRM side of the client's holds. `is_cancel_code_set` false means no
 * cancel code is chosen in Settings > CMS Integration, so held days' visits are not cancelled in the CRM.
 */
export const holdVisitsSchema = z.object({
  is_cancel_code_set: z.boolean(),
  visits: z.array(holdVisitSchema),
});
export type HoldVisits = z.infer<typeof holdVisitsSchema>;
