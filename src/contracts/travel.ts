import { z } from 'zod';
import { textSchema } from './common';

/** An address travel is asked for: a round's base or a client's. */
export const travelAddressSchema = textSchema.trim().min(1, 'Give an address.').max(500);

/** POST maps/distance: travel between two addresses. */
export const distanceBodySchema = z.strictObject({ from: travelAddressSchema, to: travelAddressSchema });
export type DistanceBody = z.infer<typeof distanceBodySchema>;

/** Travel for one leg: km (one decimal) and whole minutes, rounded up. */
export const travelSchema = z.object({ kms: z.number(), mins: z.number().int() });
export type Travel = z.infer<typeof travelSchema>;

/** POST maps/distances: travel for many legs in one call (a rounds panel's route). */
export const distancesBodySchema = z.strictObject({
  legs: z
    .array(z.strictObject({ from: travelAddressSchema, to: travelAddressSchema }))
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
