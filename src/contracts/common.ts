import { z } from 'zod';
import { maxCalendarYear, minCalendarYear, parseIsoDate } from '../domain/calendar-dates';
import { isSafeJsonValue, isSafeText } from '../domain/safe-text';
import { parseDayMonthYear } from '../domain/weeks';

/** The largest PostgreSQL integer: ids and counts above it cannot be stored or looked up. */
export const maxInt4 = 2147483647;

/** A numeric id in a request body. */
export const idSchema = z.number().int().positive().max(maxInt4);

/**
 * A numeric id in a route path or query ("/users/12"): digits only. Coercing with Number() would also take "1\f",
 * " 1" or "0x1" as 1, answering a resource for an address that does not name it.
 */
export const pathIdSchema = z
  .string()
  .regex(/^[0-9]{1,10}$/, 'Must be a whole number.')
  .transform(Number)
  .pipe(idSchema);

/** A numeric id in a route path ("/users/12"). */
export const idParamsSchema = z.strictObject({ id: pathIdSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** The body of calls that take none: nothing, or an empty JSON object. */
export const emptyBodySchema = z.strictObject({}).optional();

const unsafeTextMessage = 'Remove control characters (such as NUL) and broken characters.';

/**
 * Every string a request may carry (stored, sent to the CRM or searched for): no control characters and no lone
 * UTF-16 surrogates. Chain trim, min and max after it.
 */
export const textSchema = z.string().refine((value) => isSafeText(value), unsafeTextMessage);

/** As `textSchema`, for fields typed in a multi-line box: tab, line feed and carriage return are allowed. */
export const multiLineTextSchema = z
  .string()
  .refine((value) => isSafeText(value, 'multi'), unsafeTextMessage);

/** A free-form JSON value kept as it is sent (CRM settings): safe strings and keys, finite numbers, shallow. */
export const jsonValueSchema = z
  .unknown()
  .refine((value) => isSafeJsonValue(value), `${unsafeTextMessage} Keep the value at most 8 levels deep.`);

const yearRange = `${String(minCalendarYear)} to ${String(maxCalendarYear)}`;

/** A calendar date as YYYY-MM-DD: a real day (no 31-02) within the accepted years. */
export const isoDateSchema = z
  .string()
  .refine((value) => parseIsoDate(value) !== null, `Use a real date from ${yearRange} as YYYY-MM-DD.`)
  .meta({ description: 'YYYY-MM-DD', examples: ['2026-03-02'] });

/** A calendar date as DD-MM-YYYY (the screens' day order): a real day within the accepted years. */
export const dayMonthYearSchema = z
  .string()
  .refine((value) => parseDayMonthYear(value) !== null, `Use a real date from ${yearRange} as DD-MM-YYYY.`)
  .meta({ description: 'DD-MM-YYYY', examples: ['02-03-2026'] });
