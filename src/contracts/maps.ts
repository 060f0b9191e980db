import { z } from 'zod';
import { idSchema, textSchema } from './common';
import { visitInputSchema, visitSchema } from './visits';

const address = textSchema.trim().min(1, 'Give an address.').max(500);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM.');

/** POST maps/distance: travel between two addresses. */
export const distanceBodySchema = z.strictObject({ from: address, to: address });
export type DistanceBody = z.infer<typeof distanceBodySchema>;

/** Travel for one leg: km (one decimal) and whole minutes, rounded up. */
export const travelSchema = z.object({ kms: z.number(), mins: z.number().int() });
export type Travel = z.infer<typeof travelSchema>;

/** POST maps/distances: travel for many legs in one call (a rounds panel's route). */
export const distancesBodySchema = z.strictObject({
  legs: z
    .array(z.strictObject({ from: address, to: address }))
    .min(1, 'Send at least one leg.')
    .max(200, 'Send at most 200 legs.'),
});
export type DistancesBody = z.infer<typeof distancesBodySchema>;

/** One leg of a maps/distances answer, in the order sent: its travel, or why it could not be calculated. */
export const legTravelSchema = z.union([
  z.object({ from: z.string(), to: z.string(), kms: z.number(), mins: z.number().int() }),
  z.object({ from: z.string(), to: z.string(), error: z.string() }),
]);
export type LegTravel = z.infer<typeof legTravelSchema>;

/** An event (visit) as the rounds screen sends it for optimising: the visit plus its travel from the stop before. */
export const optimiseEventSchema = visitInputSchema.extend({
  travel_mins: z.number().int().min(0).max(10_080).optional(),
});
export type OptimiseEvent = z.infer<typeof optimiseEventSchema>;

/**
 * POST maps/optimise: the round's visits in a new order, with start and end recomputed from the pickup time.
 * `optimise_by` 'optimal' minimises the account's time/km objective; 'preferred' follows the round's preferred
 * delivery order ("Order"). `round_id` names the round whose preferred order applies.
 */
export const optimiseBodySchema = z.strictObject({
  base_address: address,
  pickup_time: hhmm,
  events: z.array(optimiseEventSchema).min(1, 'Send at least one visit.').max(200),
  optimise_by: z.enum(['optimal', 'preferred']).default('optimal'),
  round_id: idSchema.optional(),
});
export type OptimiseBody = z.infer<typeof optimiseBodySchema>;

/** The reordered events, each with its travel from the stop before (the first from the base). */
export const optimisedEventSchema = visitSchema.extend({
  travel_mins: z.number().int(),
  travel_kms: z.number(),
});
export type OptimisedEvent = z.infer<typeof optimisedEventSchema>;
