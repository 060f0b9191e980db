import { z } from 'zod';
import { driverOutcomes } from '../domain/driver-outcomes';
import { idSchema, isoDateSchema, maxInt4, multiLineTextSchema, pathIdSchema, textSchema } from './common';
import { driverNoteMaxLength, visitDriverOutcomeSchema } from './driver';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM.');

export const roundVisitsParamsSchema = z.strictObject({
  round: pathIdSchema,
  date: isoDateSchema,
});

/** `refresh=true` fetches the day from the CRM first (a bounded wait); otherwise the stored visits come at once. */
export const roundVisitsQuerySchema = z.strictObject({
  refresh: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** A visit as the rounds screen shows it. */
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
  /**
   * The driver's latest outcome at this visit (from the driver app), or null when none was recorded. The visits
   * route always sends it; optional so that a visit a screen sends back or builds itself stays a `Visit`.
   */
  outcome: visitDriverOutcomeSchema.nullable().optional(),
  /**
   * The client's map position, or null when none is known (the rounds screen's map). The visits route always
   * sends it; optional like `outcome`.
   */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
});
export type Visit = z.infer<typeof visitSchema>;

const int4 = z.number().int().min(-maxInt4).max(maxInt4);
/** Text that came from the CRM: it may hold line breaks, never other control characters. */
const sourceText = multiLineTextSchema.max(1000);

/** A visit as a screen sends it back (to optimise or print a round): `visitSchema`'s fields, checked as input. */
export const visitInputSchema = z.strictObject({
  id: idSchema,
  date: isoDateSchema,
  start: textSchema.max(20),
  end: textSchema.max(20),
  duration: int4,
  address: sourceText,
  status: sourceText,
  timezone: textSchema.max(64),
  client: z.object({ id: int4, name: sourceText, key: sourceText }),
  service: z.object({ id: sourceText }),
  /** Sent back as the visits route answered it; not used. */
  outcome: z
    .strictObject({
      outcome: z.enum(driverOutcomes),
      note: multiLineTextSchema.max(driverNoteMaxLength),
      recorded_at: textSchema.max(40),
      photo_url: textSchema.max(200).nullable(),
    })
    .nullable()
    .optional(),
  /** Sent back as the visits route answered it; not used. */
  location: z
    .strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .nullable()
    .optional(),
});

/** The most visits one publish call takes. */
export const publishVisitsMax = 500;

export const publishVisitsBodySchema = z
  .array(
    z.strictObject({
      id: idSchema,
      date: isoDateSchema,
      start: hhmm,
      end: hhmm,
      timezone: z.string().regex(/^Australia\/[A-Za-z_]+$/, 'Choose an Australian timezone.'),
      service_id: textSchema.max(100),
    }),
  )
  .min(1, 'Send at least one visit.')
  .max(publishVisitsMax);
export type PublishVisitsBody = z.infer<typeof publishVisitsBodySchema>;

export const completeVisitsBodySchema = z.array(idSchema).min(1, 'Select at least one visit.').max(500);

/**
 * The outcome for one visit of a publish or complete call: done once the CRM confirmed it; pending while the
 * change waits for the CRM (it is kept and sent again); failed when the CRM refused it (the change is undone).
 */
export const visitOutcomeSchema = z.object({
  id: z.number().int(),
  is_done: z.boolean(),
  status: z.enum(['done', 'pending', 'failed']),
  message: z.string(),
});
export type VisitOutcome = z.infer<typeof visitOutcomeSchema>;
