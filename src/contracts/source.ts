import { z } from 'zod';

/** Lists read from the CRM for the CMS Integration settings. */
export const tagSchema = z.object({ name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const serviceCodeSchema = z.object({ id: z.string(), name: z.string() });
export type ServiceCode = z.infer<typeof serviceCodeSchema>;

export const premiumSchema = z.object({ id: z.string(), name: z.string(), code: z.string() });
export type Premium = z.infer<typeof premiumSchema>;
