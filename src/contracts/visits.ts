import { z } from 'zod';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM.');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');

export const roundVisitsParamsSchema = z.strictObject({
  round: z.coerce.number().int().positive().max(2147483647),
  date: isoDate,
});

/** `refresh=true` fetches the day from the CRM first (a bounded wait); otherwise the stored visits come at once. */
export const roundVisitsQuerySchema = z.strictObject({
  refresh: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** A visit as the rounds screen shows it (spec section 3, "Visit (event)"). */
export const visitSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  duration: z.number().int(),
  address: z.string(),
  status: z.string(),
  timezone: z.string(),
  client: z.object({ id: z.number().int(), name: z.string(), key: z.string() }),
  service: z.object({ id: z.string() }),
});
export type Visit = z.infer<typeof visitSchema>;

export const publishVisitsBodySchema = z
  .array(
    z.strictObject({
      id: z.number().int().positive().max(2147483647),
      date: isoDate,
      start: hhmm,
      end: hhmm,
      timezone: z.string().regex(/^Australia\/[A-Za-z_]+$/, 'Choose an Australian timezone.'),
      service_id: z.string().max(100),
    }),
  )
  .min(1, 'Send at least one visit.')
  .max(500);
export type PublishVisitsBody = z.infer<typeof publishVisitsBodySchema>;

export const completeVisitsBodySchema = z
  .array(z.number().int().positive().max(2147483647))
  .min(1, 'Select at least one visit.')
  .max(500);

/** The outcome for one visit of a publish or complete call. */
export const visitOutcomeSchema = z.object({
  id: z.number().int(),
  is_done: z.boolean(),
  message: z.string(),
});
export type VisitOutcome = z.infer<typeof visitOutcomeSchema>;
