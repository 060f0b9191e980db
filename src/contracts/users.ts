import { z } from 'zod';
import { accessLevels, assignableAccessLevels } from '../domain/access-level';
import { isValidEmail, usernameMaxLength } from '../domain/validation';
import { textSchema } from './common';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  access_level: z.enum(accessLevels),
  account_id: z.number().int(),
  /** False until the user has set a password from the registration link. */
  is_confirmed: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

const emailUsername = textSchema
  .trim()
  .max(usernameMaxLength)
  .refine(isValidEmail, 'Username needs to be a valid email address.')
  .meta({ examples: ['someone@example.com'] });

export const createUserBodySchema = z.strictObject({
  username: emailUsername,
  access_level: z.enum(assignableAccessLevels),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** Editing a user changes the access level; the username is read-only (sent back unchanged or left out). */
export const updateUserBodySchema = z.strictObject({
  username: emailUsername.optional(),
  access_level: z.enum(assignableAccessLevels),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const resetSentResultSchema = z.object({ username: z.string() });
