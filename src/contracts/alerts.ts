import { z } from 'zod';
import { driverOutcomes } from '../domain/driver-outcomes';
import { resolutionOutcomes, welfareActions } from '../domain/welfare-steps';
import { multiLineTextSchema, textSchema } from './common';

export const alertStatuses = ['open', 'resolved'] as const;

/** `GET /api/alerts?status=open|resolved` (no status: all). */
export const alertsQuerySchema = z.strictObject({ status: z.enum(alertStatuses).optional() });

export const attemptChannels = ['phone', 'sms', 'voice', 'visit', 'other'] as const;
export const attemptResults = [
  'no_answer',
  'answered',
  'left_message',
  'safe',
  'not_safe',
  'failed',
] as const;

/** One try to reach someone about a check: by a person (their username) or 'Automatic' (the step runner). */
export const alertAttemptSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  by: z.string(),
  channel: z.enum(attemptChannels),
  to: z.string(),
  result: z.enum(attemptResults),
  note: z.string(),
});
export type AlertAttempt = z.infer<typeof alertAttemptSchema>;

/** A step of the check's procedure with its due time and whether it is done, due or still to come. */
export const alertStepSchema = z.object({
  after_minutes: z.number().int(),
  action: z.enum(welfareActions),
  due_at: z.string(),
  state: z.enum(['done', 'due', 'upcoming']),
});
export type AlertStep = z.infer<typeof alertStepSchema>;

/** Whom the office may call about the client: the emergency contacts, in order. */
export const alertContactSchema = z.object({
  name: z.string(),
  relationship: z.string(),
  phone: z.string(),
  is_emergency: z.boolean(),
});
export type AlertContact = z.infer<typeof alertContactSchema>;

/**
 * One alert per visit: opened by a not_home, refused or concern outcome, held until someone resolves it. When its
 * outcome is one of the account's check outcomes it is a welfare check: steps on a clock (`steps` empty: none).
 */
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
  resolution_outcome: z.enum(resolutionOutcomes).nullable(),
  /** When the check's clock started (its opening or reopening); null without steps. */
  clock_started_at: z.string().nullable(),
  /** The index of the last step the step runner reached; null before the first (or without steps). */
  step: z.number().int().nullable(),
  next_step_at: z.string().nullable(),
  is_overdue: z.boolean(),
  steps: z.array(alertStepSchema),
  attempts: z.array(alertAttemptSchema),
  contacts: z.array(alertContactSchema),
});
export type Alert = z.infer<typeof alertSchema>;

/** `PUT /api/alerts/{id}`: resolving needs what was found (the outcome) and a note saying what was done. */
export const resolveAlertBodySchema = z.strictObject({
  status: z.literal('resolved'),
  outcome: z.enum(resolutionOutcomes, 'Choose what was found.'),
  note: multiLineTextSchema.trim().min(1, 'Say what was done.').max(1000),
});
export type ResolveAlertBody = z.infer<typeof resolveAlertBodySchema>;

/** `GET /api/alerts/count`: the open alerts, for the top menu's badge. */
export const alertCountSchema = z.object({ open: z.number().int() });
export type AlertCount = z.infer<typeof alertCountSchema>;

/** `POST /api/alerts/{id}/attempts`: a person's try to reach someone. */
export const recordAttemptBodySchema = z.strictObject({
  channel: z.enum(attemptChannels, 'Choose how.'),
  to: textSchema.trim().min(1, 'Say who was tried.').max(200),
  result: z.enum(attemptResults, 'Choose the result.'),
  note: multiLineTextSchema.trim().max(1000).default(''),
});
export type RecordAttemptBody = z.input<typeof recordAttemptBodySchema>;
