import { z } from 'zod';
import { multiLineTextSchema, textSchema } from './common';

export const contactBodySchema = z.strictObject({
  name: textSchema.trim().max(200).optional().default(''),
  email: textSchema.trim().max(254).optional().default(''),
  message: multiLineTextSchema.trim().min(1, 'Please enter a message before sending.').max(5000),
});
export type ContactBody = z.input<typeof contactBodySchema>;
