import { ApiError } from './api-client';

/** A refusal's field errors by field name, whether the server names them `body.x` or `x`. */
export function readFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fieldErrors))
    errors[field.replace(/^body\./, '')] = message;
  return errors;
}
