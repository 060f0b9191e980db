import { z } from 'zod';

export const roundParamsSchema = z.strictObject({
  round: z.coerce.number().int().positive().max(2147483647),
});

/** A client of a round, for the preferred delivery order panel. */
export const roundClientSchema = z.object({ key: z.string(), name: z.string(), address: z.string() });
export type RoundClient = z.infer<typeof roundClientSchema>;
