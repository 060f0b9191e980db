import { z } from 'zod';
import { allergenClashSchema, allergenNamesSchema } from './allergens';
import { dayMonthYearSchema, multiLineTextSchema, textSchema } from './common';

// --- Categories ---

export const mealCategorySchema = z.object({ key: z.string(), name: z.string() });
export type MealCategory = z.infer<typeof mealCategorySchema>;

/** The most characters a category's or a label's name takes (after trimming); the web forms check the same. */
export const nameLimits = { category: 100, label: 100 } as const;

const categoryNameSchema = textSchema.trim().min(1, 'Please enter a category name.').max(nameLimits.category);
const keySchema = textSchema.trim().min(1).max(100);

/** POST /api/meals/categories: an empty body adds 'New Category' (numbered when taken). */
export const createCategoryBodySchema = z.strictObject({ name: categoryNameSchema.optional() }).optional();
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

/** PUT /api/meals/categories: renames one category (meals and menus follow, they refer to it by key). */
export const renameCategoryBodySchema = z.strictObject({ key: keySchema, name: categoryNameSchema });
export type RenameCategoryBody = z.infer<typeof renameCategoryBodySchema>;

/** PUT /api/meals/categories/order: every category key of the account, in the new order. */
export const reorderCategoriesBodySchema = z.strictObject({ keys: z.array(keySchema).min(1).max(200) });
export type ReorderCategoriesBody = z.infer<typeof reorderCategoriesBodySchema>;

// --- Labels ---

export const labelColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #a1b2c3.');
export const defaultLabelColour = '#dddddd';
export const newLabelName = 'New Label';

export const labelSchema = z.object({ key: z.string(), name: z.string(), colour: z.string() });
export type Label = z.infer<typeof labelSchema>;

const labelNameSchema = textSchema.trim().min(1, 'Please enter a label name.').max(nameLimits.label);

/** POST /api/meals/labels: an empty body adds 'New Label' (numbered when taken) with the default colour. */
export const createLabelBodySchema = z
  .strictObject({ name: labelNameSchema.optional(), colour: labelColourSchema.optional() })
  .optional();
export type CreateLabelBody = z.infer<typeof createLabelBodySchema>;

/** PUT /api/meals/labels: one label; a rename is carried to the meals that have it. Answers the full list. */
export const updateLabelBodySchema = z.strictObject({
  key: keySchema,
  name: labelNameSchema,
  colour: labelColourSchema,
});
export type UpdateLabelBody = z.infer<typeof updateLabelBodySchema>;

// --- Meals ---

/** The meal states in the order the menu item dialog lists them (a choice's click cycle is in the domain). */
export const mealStates = ['Hot', 'Frozen', 'Fresh'] as const;
export type MealState = (typeof mealStates)[number];
export const mealStatuses = ['active', 'inactive'] as const;
export const newMealDescription = 'New Meal';

export const mealSchema = z.object({
  key: z.string(),
  description: z.string(),
  ingredients: z.string(),
  /** The category NAME ('' when the meal has none). */
  category: z.string(),
  meal_state: z.enum(mealStates),
  /** Label names. */
  labels: z.array(z.string()),
  /** Allergen names of the account the meal contains (contracts/allergens.ts). */
  allergens: z.array(z.string()),
  /** How to reheat (or keep) the meal; printed on its labels. */
  reheating_instructions: z.string(),
  active_ind: z.boolean(),
  /** Derived from active_ind. */
  status: z.enum(mealStatuses),
});
export type Meal = z.infer<typeof mealSchema>;

/** The most characters a meal's text fields take (the name after trimming); the web form checks the same numbers. */
export const mealFieldLimits = { description: 200, ingredients: 4000, reheating_instructions: 500 } as const;

const mealFields = {
  description: textSchema.trim().min(1, 'Please enter a name.').max(mealFieldLimits.description),
  ingredients: multiLineTextSchema.max(mealFieldLimits.ingredients),
  reheating_instructions: multiLineTextSchema.max(mealFieldLimits.reheating_instructions),
  /** A category name of the account, or '' for none. */
  category: textSchema.trim().max(100),
  meal_state: z.enum(mealStates),
  /** Label names of the account. */
  labels: z.array(textSchema.trim().min(1).max(100)).max(50),
  /** Allergen names of the account. */
  allergens: allergenNamesSchema,
  active_ind: z.boolean(),
  /** Accepted for convenience; `active_ind` wins when both are sent. */
  status: z.enum(mealStatuses),
};

const optionalMealFields = {
  description: mealFields.description.optional(),
  ingredients: mealFields.ingredients.optional(),
  reheating_instructions: mealFields.reheating_instructions.optional(),
  category: mealFields.category.optional(),
  meal_state: mealFields.meal_state.optional(),
  labels: mealFields.labels.optional(),
  allergens: mealFields.allergens.optional(),
  active_ind: mealFields.active_ind.optional(),
  status: mealFields.status.optional(),
};

/** POST /api/meals/meals: every field optional; a new meal is 'New Meal', active, Hot, no category. */
export const createMealBodySchema = z.strictObject(optionalMealFields).optional();
export type CreateMealBody = z.infer<typeof createMealBodySchema>;

/** PUT /api/meals/meals: the meal's key plus the fields to change (only the fields sent change). */
export const updateMealBodySchema = z.strictObject({ key: keySchema, ...optionalMealFields });
export type UpdateMealBody = z.infer<typeof updateMealBodySchema>;

/**
 * The answer of PUT /api/meals/meals: the meal, and when `allergens` was sent, every choice of the meal from today
 * on that now clashes with its client's allergies and is not overridden (for the kitchen to act on).
 */
export const savedMealSchema = mealSchema.extend({
  allergen_clashes: z.array(allergenClashSchema).optional(),
  /** How many of `allergen_clashes` this save created (they were not clashes before it). */
  allergen_clashes_created: z.number().int().min(0).optional(),
});
export type SavedMeal = z.infer<typeof savedMealSchema>;

/** GET /api/meals/meals query. `page_size` -1 returns every match on one page. */
export const mealListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(['all', ...mealStatuses]).default('all'),
  /** 'all' or a category name. */
  category: textSchema.trim().max(100).default('all'),
  query: textSchema.trim().max(200).default(''),
  page_size: z.coerce
    .number()
    .int()
    .refine((value) => value === -1 || (value >= 1 && value <= 1000), 'Use -1 (all) or 1 to 1000.')
    .default(20),
});
export type MealListQuery = z.infer<typeof mealListQuerySchema>;

/** GET /api/meals/meals data: the page of meals, with the account's categories and labels (list meta). */
export const mealListSchema = z.object({
  meals: z.array(mealSchema),
  categories: z.array(mealCategorySchema),
  labels: z.array(labelSchema),
});
export type MealList = z.infer<typeof mealListSchema>;

// --- Weekly menu (schedule) ---

/** Path of GET/PUT /api/meals/schedule/:id: any date of the week (DD-MM-YYYY); it snaps to its Monday. */
export const scheduleParamsSchema = z.strictObject({ id: dayMonthYearSchema });
export type ScheduleParams = z.infer<typeof scheduleParamsSchema>;

/**
 * A week's menu: every date of the week (DD-MM-YYYY) maps every category name to its meals, in order.
 * When the week has no menu of its own and a menu cycle applies, `days` shows the menu of the cycle's matching
 * week: `cycle_week` (1..cycle_weeks) and `source_week` (its Monday, DD-MM-YYYY) say which; else both null.
 */
export const scheduleSchema = z.object({
  week_start: z.string(),
  days: z.record(z.string(), z.record(z.string(), z.array(mealSchema))),
  cycle_week: z.number().int().nullable(),
  source_week: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** PUT /api/meals/schedule/:id: replaces the week's menu. Dates outside the week are refused; missing ones are emptied. */
export const updateScheduleBodySchema = z.strictObject({
  days: z.record(
    dayMonthYearSchema,
    z.record(textSchema.trim().min(1).max(100), z.array(keySchema).max(100)),
  ),
});
export type UpdateScheduleBody = z.infer<typeof updateScheduleBodySchema>;

/**
 * PUT /api/meals/copy_schedule: copies the menu shown for from_date's week onto to_date's week. A target week that
 * already has a menu of its own is refused (code 6) unless `overwrite` is true.
 */
export const copyScheduleBodySchema = z.strictObject({
  from_date: dayMonthYearSchema,
  to_date: dayMonthYearSchema,
  overwrite: z.boolean().optional(),
});
export type CopyScheduleBody = z.infer<typeof copyScheduleBodySchema>;
