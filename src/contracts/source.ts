import { z } from 'zod';

/** Lists read from the CRM for the CMS Integration settings. */
export const tagSchema = z.object({ name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const serviceCodeSchema = z.object({ id: z.string(), name: z.string() });
export type ServiceCode = z.infer<typeof serviceCodeSchema>;

/** A CRM cancel code (Settings > CMS Integration picks the one client holds cancel visits with). */
export const cancelCodeSchema = z.object({ id: z.string(), code: z.string(), description: z.string() });
export type CancelCode = z.infer<typeof cancelCodeSchema>;

export const premiumSchema = z.object({ id: z.string(), name: z.string(), code: z.string() });
export type Premium = z.infer<typeof premiumSchema>;
