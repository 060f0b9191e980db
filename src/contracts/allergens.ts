import { z } from 'zod';
import { textSchema } from './common';

/*
 * Allergens (issue 17). The account keeps a list of allergen names, seeded with the food standards' declarable
 * allergens; meals carry the ones they contain (`Meal.allergens`) and clients the ones they are allergic to
 * (`Client.allergies`), both by name. A meal clashes with a client when it contains one of the client's allergies
 * (src/domain/allergen-clash.ts). Dates here are DD-MM-YYYY like every other API date.
 */

/** The food standards' declarable allergens, in their usual order: every new account starts with them. */
export const standardAllergens = [
  'gluten',
  'crustacea',
  'egg',
  'fish',
  'milk',
  'peanut',
  'soy',
  'sesame',
  'tree nuts',
  'lupin',
  'mollusc',
  'sulphites',
] as const;

/** The most characters an allergen's name takes (after trimming); the web form checks the same. */
export const allergenNameLimit = 60;

/** The most allergens a meal or a client carries. */
export const allergenListLimit = 50;

export const allergenSchema = z.object({ key: z.string(), name: z.string() });
export type Allergen = z.infer<typeof allergenSchema>;

const allergenNameSchema = textSchema
  .trim()
  .min(1, 'Please enter an allergen name.')
  .max(allergenNameLimit, `Use at most ${allergenNameLimit} characters.`);

/** Allergen names as a meal or a client carries them (names of the account's list; duplicates are dropped). */
export const allergenNamesSchema = z
  .array(textSchema.trim().min(1).max(allergenNameLimit))
  .max(allergenListLimit);

/** POST /api/allergens: adds one allergen. Answers the full list. */
export const createAllergenBodySchema = z.strictObject({ name: allergenNameSchema });
export type CreateAllergenBody = z.infer<typeof createAllergenBodySchema>;

/** PUT /api/allergens/:key: renames one allergen; the meals and clients that have it follow. Answers the full list. */
export const renameAllergenBodySchema = z.strictObject({ name: allergenNameSchema });
export type RenameAllergenBody = z.infer<typeof renameAllergenBodySchema>;

/** Path of PUT and DELETE /api/allergens/:key. */
export const allergenParamsSchema = z.strictObject({ key: textSchema.trim().min(1).max(100) });
export type AllergenParams = z.infer<typeof allergenParamsSchema>;

/** The most characters an override's reason takes. */
export const overrideReasonLimit = 500;

/** Why a clashing meal is given all the same (a choice's `allergen_override`). */
export const overrideReasonSchema = textSchema
  .trim()
  .min(1, 'Please give the reason for the override.')
  .max(overrideReasonLimit, `Use at most ${overrideReasonLimit} characters.`);

/**
 * A meal choice of a client that clashes: the meal contains `allergens`, which the client is allergic to.
 * GET /api/allergens/clashes lists those from today on that are not overridden (for the kitchen to act on); the
 * answer of PUT /api/meals/meals lists them for the saved meal when its allergens were sent.
 */
export const allergenClashSchema = z.object({
  client_id: z.number().int(),
  client: z.string(),
  /** DD-MM-YYYY. */
  date: z.string(),
  meal_key: z.string(),
  meal: z.string(),
  allergens: z.array(z.string()),
});
export type AllergenClash = z.infer<typeof allergenClashSchema>;

/** An overridden clash as the kitchen reports and the packing list flag it. */
export const allergenOverrideFlagSchema = z.object({
  client_id: z.number().int(),
  client: z.string(),
  /** DD-MM-YYYY. */
  date: z.string(),
  meal_key: z.string(),
  meal: z.string(),
  /** The client's allergies the meal contains (empty when the meal or the client changed since). */
  allergens: z.array(z.string()),
  reason: z.string(),
});
export type AllergenOverrideFlag = z.infer<typeof allergenOverrideFlagSchema>;
