import { z } from 'zod';

export const contactBodySchema = z.strictObject({
  name: z.string().trim().max(200).optional().default(''),
  email: z.string().trim().max(254).optional().default(''),
  message: z.string().trim().min(1, 'Please enter a message before sending.').max(5000),
});
export type ContactBody = z.input<typeof contactBodySchema>;
