import type { z } from 'zod';
import type { FieldError } from '../../contracts/envelope';
import { invalidInput } from './errors';

/** Turns zod issues into the envelope's field messages; unknown keys get one message each. */
export function toFieldErrors(error: z.ZodError, root: string): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: path ? `${path}.${key}` : key, message: 'Unknown field.' }));
    }
    return [{ field: path || root, message: issue.message }];
  });
}

/** Parses a part of the request against its schema or throws code 2 with the field messages. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, root: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors = toFieldErrors(result.error, root);
  const first = fieldErrors[0];
  throw invalidInput(
    first ? `Invalid ${root}: ${first.field}: ${first.message}` : `Invalid ${root}.`,
    fieldErrors,
  );
}
