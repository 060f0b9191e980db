import { z } from 'zod';
import { driverOutcomes } from '../domain/driver-outcomes';
import { multiLineTextSchema } from './common';

export const alertStatuses = ['open', 'resolved'] as const;

/** `GET /api/alerts?status=open|resolved` (no status: all). */
export const alertsQuerySchema = z.strictObject({ status: z.enum(alertStatuses).optional() });

/** One alert per visit: opened by a not_home, refused or concern outcome, held until someone resolves it. */
export const alertSchema = z.object({
  id: z.number().int(),
  status: z.enum(alertStatuses),
  visit_id: z.number().int(),
  /** The visit's day, YYYY-MM-DD. */
  date: z.string(),
  round: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  client: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  /** The visit's latest alerting outcome. */
  outcome: z.enum(driverOutcomes),
  note: z.string(),
  recorded_at: z.string(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolution_note: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

/** `PUT /api/alerts/{id}`: resolving needs a note saying what was done. */
export const resolveAlertBodySchema = z.strictObject({
  status: z.literal('resolved'),
  note: multiLineTextSchema.trim().min(1, 'Say what was done.').max(1000),
});
export type ResolveAlertBody = z.infer<typeof resolveAlertBodySchema>;

/** `GET /api/alerts/count`: the open alerts, for the top menu's badge. */
export const alertCountSchema = z.object({ open: z.number().int() });
export type AlertCount = z.infer<typeof alertCountSchema>;
