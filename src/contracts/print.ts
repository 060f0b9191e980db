import { z } from 'zod';
import { visitSchema } from './visits';

/** A calendar date as the web client sends it: DD-MM-YYYY, and a real day (no 31-02-2026). */
export const dayMonthYearSchema = z
  .string()
  .regex(/^\d{2}-\d{2}-\d{4}$/, 'Use DD-MM-YYYY.')
  .refine((value) => {
    const [day, month, year] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      year >= 1900 &&
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, 'Not a real date.');

const keySchema = z.string().trim().min(1).max(100);
const nameSchema = z.string().trim().min(1).max(200);

export const menuPrintMealSchema = z.strictObject({
  key: keySchema,
  description: z.string().trim().max(300),
  /** Keys of the meal's labels, shown by name after the meal. */
  labels: z.array(keySchema).max(20),
});
export type MenuPrintMeal = z.infer<typeof menuPrintMealSchema>;

export const menuPrintBodySchema = z.strictObject({
  /** Any day of the week to print; the menu runs Monday to Sunday of that week. */
  week_start: dayMonthYearSchema,
  /** Per day (DD-MM-YYYY), per category name, the meals on the menu. */
  items: z
    .record(
      dayMonthYearSchema,
      z
        .record(nameSchema, z.array(menuPrintMealSchema).max(50))
        .refine((value) => Object.keys(value).length <= 50, {
          message: 'At most 50 categories a day.',
        }),
    )
    .refine((value) => Object.keys(value).length <= 7, { message: 'At most 7 days.' }),
  categories: z.array(z.strictObject({ key: keySchema, name: nameSchema })).max(50),
  labels: z
    .array(z.strictObject({ key: keySchema, name: nameSchema, colour: z.string().trim().max(30) }))
    .max(200),
});
export type MenuPrintBody = z.infer<typeof menuPrintBodySchema>;

/** What every print call answers: a link, valid for 10 minutes, that needs no login. */
export const printLinkSchema = z.object({ url: z.string() });
export type PrintLink = z.infer<typeof printLinkSchema>;

export const printFileParamsSchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const printRoundFormats = ['driver', 'kitchen', 'meal_labels'] as const;
export type PrintRoundFormat = (typeof printRoundFormats)[number];

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM.');

/**
 * One stop of a print/round call: a visit as GET rounds/{id}/visits/{date} answers it is taken as it comes (its
 * other fields are not used), the fields print uses checked: the id, the times shown and the travel before it.
 */
export const printRoundEventSchema = z.strictObject({
  ...visitSchema.partial().shape,
  id: z.number().int().positive().max(2147483647),
  start: hhmm,
  end: hhmm,
  travel_mins: z.number().int().min(0).max(1440).optional(),
  travel_kms: z.number().min(0).max(10_000).optional(),
});

/**
 * POST print/round: a round's sheet for a day. The events give the driving order and the times as the screen
 * shows them (perhaps reordered and not yet published); everything else (clients, meals) the server reads itself.
 */
export const printRoundBodySchema = z.strictObject({
  round: z.number().int().positive().max(2147483647),
  /** YYYY-MM-DD, like the visits route. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.'),
  format: z.enum(printRoundFormats),
  events: z.array(printRoundEventSchema).max(500),
});
export type PrintRoundBody = z.infer<typeof printRoundBodySchema>;
