import { z } from 'zod';

/** Error codes of the API envelope (docs/api.md). */
export const ErrorCode = {
  success: 0,
  unexpected: 1,
  invalidInput: 2,
  notLoggedIn: 3,
  forbidden: 4,
  notFound: 5,
  conflict: 6,
  sourceSystem: 7,
  tooManyRequests: 8,
  mapsProvider: 9,
  mail: 10,
  internal: 99,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Why a CRM call failed (code 7): no answer at all ('unreachable': refused, timed out, unknown host, or an address
 * not allowed), the CRM refused the username and password ('refused_login': 401 or 403), or another answer
 * ('bad_answer': a 5xx, a redirect, a malformed body ...).
 */
export const sourceFailureSchema = z.enum(['unreachable', 'refused_login', 'bad_answer']);
export type SourceFailureKind = z.infer<typeof sourceFailureSchema>;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const metaSchema = z.object({
  error_code: z.number().int(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  record_total: z.number().int().optional(),
  record_count: z.number().int().optional(),
  page: z.number().int().optional(),
  page_max: z.number().int().optional(),
  /** Data kept from the CRM: when it was last fetched (ISO), null if never, and whether a fetch is under way. */
  refreshed_at: z.string().nullable().optional(),
  is_refreshing: z.boolean().optional(),
  /** Code 7 from a CRM call: why it failed. */
  source_failure: sourceFailureSchema.optional(),
});
export type Meta = z.infer<typeof metaSchema>;

export type Envelope<T> = { meta: Meta; data: T };

/** Page metadata carried in `meta` by list responses. */
export type ListMeta = Required<Pick<Meta, 'record_total' | 'record_count' | 'page' | 'page_max'>>;
