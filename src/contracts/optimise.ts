import { z } from 'zod';
import { idSchema } from './common';
import { travelAddressSchema } from './travel';
import { visitInputSchema, visitSchema } from './visits';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM.');

/** An event (visit) as the rounds screen sends it for optimising: the visit plus its travel from the stop before. */
export const optimiseVisitSchema = visitInputSchema.extend({
  travel_mins: z.number().int().min(0).max(10_080).optional(),
});
export type OptimiseVisit = z.infer<typeof optimiseVisitSchema>;

/**
 * POST maps/optimise: the round's visits in a new order, with start and end recomputed from the pickup time.
 * `optimise_by` 'optimal' minimises the account's time/km objective; 'preferred' follows the round's preferred
 * delivery order ("Order"). `round_id` names the round whose preferred order applies.
 */
export const optimiseBodySchema = z.strictObject({
  base_address: travelAddressSchema,
  pickup_time: hhmm,
  events: z.array(optimiseVisitSchema).min(1, 'Send at least one visit.').max(200),
  optimise_by: z.enum(['optimal', 'preferred']).default('optimal'),
  round_id: idSchema.optional(),
});
export type OptimiseBody = z.infer<typeof optimiseBodySchema>;

/** The reordered events, each with its travel from the stop before (the first from the base). */
export const optimisedVisitSchema = visitSchema.extend({
  travel_mins: z.number().int(),
  travel_kms: z.number(),
});
export type OptimisedVisit = z.infer<typeof optimisedVisitSchema>;
