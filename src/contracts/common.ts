import { z } from 'zod';

/** A numeric id in a route path ("/users/12"). */
export const idParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2147483647) });
export type IdParams = z.infer<typeof idParamsSchema>;

/** The body of calls that take none: nothing, or an empty JSON object. */
export const emptyBodySchema = z.strictObject({}).optional();
