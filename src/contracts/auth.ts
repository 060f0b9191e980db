import { z } from 'zod';
import { passwordMaxLength, usernameMaxLength } from '../domain/validation';
import { accountSchema } from './accounts';
import { textSchema } from './common';

const username = textSchema.trim().min(1, 'Username is required.').max(usernameMaxLength);

export const loginBodySchema = z.strictObject({
  username,
  password: textSchema.min(1, 'Password is required.').max(passwordMaxLength),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({ jwt: z.string(), account: accountSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const refreshResultSchema = z.object({ jwt: z.string() });
export type RefreshResult = z.infer<typeof refreshResultSchema>;

export const forgotBodySchema = z.strictObject({ username });
export type ForgotBody = z.infer<typeof forgotBodySchema>;

export const confirmBodySchema = z.strictObject({
  username,
  confirmCode: textSchema.trim().min(1, 'Confirmation code is required.').max(200),
  password: textSchema.min(10, 'Must be greater than 10 characters.').max(passwordMaxLength),
  passwordConfirm: textSchema.max(passwordMaxLength),
});
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

/** The claims carried by a session token; the web decodes them into the session user. */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  access_level: z.enum(['normal', 'admin', 'sys_admin']),
  account_id: z.number().int(),
  ver: z.number().int(),
  /** The login session: every token renewed from one log in carries the same id, and logout ends them all. */
  sid: z.string(),
  exp: z.number().int(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;
