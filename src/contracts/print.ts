import { z } from 'zod';
import { dayMonthYearSchema, idSchema, isoDateSchema, textSchema } from './common';
import { visitInputSchema } from './visits';

const keySchema = textSchema.trim().min(1).max(100);
const nameSchema = textSchema.trim().min(1).max(200);

export const menuPrintMealSchema = z.strictObject({
  key: keySchema,
  description: textSchema.trim().max(300),
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
    .array(z.strictObject({ key: keySchema, name: nameSchema, colour: textSchema.trim().max(30) }))
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
export const printRoundVisitSchema = z.strictObject({
  ...visitInputSchema.partial().shape,
  id: idSchema,
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
  round: idSchema,
  /** YYYY-MM-DD, like the visits route. */
  date: isoDateSchema,
  format: z.enum(printRoundFormats),
  events: z.array(printRoundVisitSchema).max(500),
  /**
   * Driver sheet only: print a new driver link for the day as a QR code (with its address under it). A new link is
   * made each time (only a link's hash is kept, so an earlier one cannot be printed again).
   */
  driver_link: z.boolean().optional(),
  /** The drive from the last stop back to the base, where known: the driver sheet's travel total counts it. */
  return_travel: z
    .strictObject({ mins: z.number().int().min(0).max(1440), kms: z.number().min(0).max(10_000) })
    .optional(),
});
export type PrintRoundBody = z.infer<typeof printRoundBodySchema>;
