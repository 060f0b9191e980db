import { welfareReportQuerySchema } from './welfare';
import { z } from 'zod';
import { allergenClashSchema, allergenOverrideFlagSchema } from './allergens';
import { dayMonthYearSchema, textSchema } from './common';
import { deliveryOutcomesBodySchema } from './delivery-outcomes';
import { monthLabelSchema } from './funding';

/*
 * Reports (default dates and windows: docs/product-rules.md, Reports). Every date in these shapes is DD-MM-YYYY,
 * like the meal choices. Columns of per-day values are arrays aligned with the report's `dates` (same length,
 * same order), so a screen draws `dates` as the header row and each `days` array as a row.
 *
 * - Ordered, delivered and held are counted by one rule, the same in every report and printed sheet
 *   (docs/product-rules.md, Counting orders; src/domain/report-rules.ts).
 * - "Today" is the account's today (src/domain/today.ts).
 * - Meals without a category are grouped under the category `uncategorisedCategory` (key '', name 'Other'),
 *   placed after every real category. Categories are ordered by their position, meals by description.
 */

/** Where meals with no category are grouped; its empty key cannot clash with a real category key. */
export const uncategorisedCategory = { key: '', name: 'Other' } as const;

/** Query of the GET reports: `date` is any day (DD-MM-YYYY); the report snaps it as described per report. */
export const reportDateQuerySchema = z.strictObject({ date: dayMonthYearSchema.optional() });
export type ReportDateQuery = z.infer<typeof reportDateQuerySchema>;

/** GET reports/next_delivery_day: the day the packing list and Plan Day open on (YYYY-MM-DD). */
export const nextDeliveryDaySchema = z.object({ date: z.string() });
export type NextDeliveryDay = z.infer<typeof nextDeliveryDaySchema>;

/** Body of POST delivery_by_client and delivery_by_category: any day of the month to show (default tomorrow). */
export const deliveryReportBodySchema = z.strictObject({ date: dayMonthYearSchema.optional() });
export type DeliveryReportBody = z.infer<typeof deliveryReportBodySchema>;

const categoryKeySchema = textSchema.trim().max(100);

/**
 * Body of POST packing_list. `categories` maps a category key to whether it is ticked; only ticked (true)
 * categories are listed, so an empty or all-false map gives an empty list. Key '' is the 'Other' group.
 */
export const packingListBodySchema = z.strictObject({
  /** The delivery day; default tomorrow. */
  date: dayMonthYearSchema.optional(),
  categories: z
    .record(categoryKeySchema, z.boolean())
    .refine((value) => Object.keys(value).length <= 100, { message: 'At most 100 categories.' }),
});
export type PackingListBody = z.infer<typeof packingListBodySchema>;

const countSchema = z.number().int().min(0);
/** One count per day, aligned with the report's `dates`. */
const dayCountsSchema = z.array(countSchema);

// ---------------------------------------------------------------------------------------------------------------
// GET /api/reports/kitchen_prep/week?date=DD-MM-YYYY
// The week (Monday to Sunday) holding `date`; default: the Monday of the week after today's.

export const kitchenWeekMealSchema = z.object({
  key: z.string(),
  description: z.string(),
  /** Ordered portions per day. */
  days: dayCountsSchema,
  Total: countSchema,
});

export const kitchenWeekCategorySchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Portions of the category's meals per day, and in the week. */
  days: dayCountsSchema,
  Total: countSchema,
  /** Only meals ordered at least once in the week. */
  Meals: z.array(kitchenWeekMealSchema),
});
export type KitchenWeekCategory = z.infer<typeof kitchenWeekCategorySchema>;

export const kitchenWeekReportSchema = z.object({
  /** Monday of the week. */
  week_start: z.string(),
  /** The 7 days, Monday first. */
  dates: z.array(z.string()),
  /**
   * The Clients row: per day, the clients with at least one counted order that day. Total: the clients with at
   * least one counted order in the week (each counted once, so it is not the sum of the days).
   */
  Clients: z.object({ days: dayCountsSchema, Total: countSchema }),
  /** The Total Meals row: portions per day and in the week. */
  MealCount: z.object({ days: dayCountsSchema, Total: countSchema }),
  /** Only categories with a meal ordered in the week, by position. */
  Categories: z.array(kitchenWeekCategorySchema),
  /** The week's counted orders of a meal that clashes with the client's allergies, chosen with an override. */
  allergen_overrides: z.array(allergenOverrideFlagSchema).optional(),
});
export type KitchenWeekReport = z.infer<typeof kitchenWeekReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/reports/kitchen_prep/day?date=DD-MM-YYYY
// One table per day of the week holding `date`; default: the week after today's.

export const kitchenDayMealSchema = z.object({
  key: z.string(),
  description: z.string(),
  category_key: z.string(),
  category_name: z.string(),
  count: countSchema,
});
export type KitchenDayMeal = z.infer<typeof kitchenDayMealSchema>;

export const kitchenDaySchema = z.object({
  date: z.string(),
  /** e.g. 'Monday 30-11-2026'. */
  date_display: z.string(),
  /** Meals ordered that day, grouped by category (category position, then description); empty when none. */
  meals: z.array(kitchenDayMealSchema),
  /** Portions that day. */
  total: countSchema,
  /** The day's counted orders of a meal that clashes with the client's allergies, chosen with an override. */
  allergen_overrides: z.array(allergenOverrideFlagSchema).optional(),
  /**
   * The day's counted orders of a meal that clashes with the client's allergies, not overridden: to resolve (change
   * the meal or override it with a reason) before it goes out.
   */
  allergen_clashes: z.array(allergenClashSchema).optional(),
});
export type KitchenDay = z.infer<typeof kitchenDaySchema>;

export const kitchenDayReportSchema = z.object({
  week_start: z.string(),
  /** Always the 7 days, Monday first. */
  days: z.array(kitchenDaySchema),
});
export type KitchenDayReport = z.infer<typeof kitchenDayReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/reports/meal_choices?date=DD-MM-YYYY
// 28 days from the Monday of the week holding `date`; default: this week's Monday.
// Counts are the meal choices as the client chose them (like the clients list strip): a cancelled visit does not
// change what a client chose. Hidden clients are not listed.

/** One day of a client; its date is the report's `dates` at the same position (kept out: 140,000 cells a month). */
export const mealChoicesDaySchema = z.object({
  /** The client's plan marks this weekday as a delivery day. */
  planned: z.boolean(),
  /** Portions chosen for the day (0 when none). */
  cnt: countSchema,
  /** The client is on hold that day: never a problem day, whatever is chosen (report-rules.ts `isProblemDay`). */
  held: z.boolean(),
});
export type MealChoicesDay = z.infer<typeof mealChoicesDaySchema>;

export const mealChoicesClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Problem days in the window (report-rules.ts `scoreMealChoices`); higher is worse, 0 to 28. */
  score: z.number().int().min(0),
  /** The 28 days, aligned with the report's `dates`. */
  days: z.array(mealChoicesDaySchema),
});
export type MealChoicesClient = z.infer<typeof mealChoicesClientSchema>;

export const mealChoicesReportSchema = z.object({
  start_date: z.string(),
  dates: z.array(z.string()),
  /** Every visible client, sorted by name (the screen may re-sort by score). */
  clients: z.array(mealChoicesClientSchema),
});
export type MealChoicesReport = z.infer<typeof mealChoicesReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /api/reports/packing_list {date?, categories}

export const packingEntrySchema = z.object({
  client: z.string(),
  client_id: z.number().int(),
  /** The meal choice's comment. */
  note: z.string(),
  dietary_requirements: z.string(),
  quantity: countSchema,
  /** Present when the meal clashes with the client's allergies and was chosen with an override. */
  allergen_override: z.object({ allergens: z.array(z.string()), reason: z.string() }).optional(),
  /**
   * The meal's allergens the client is allergic to, when the clash is not resolved (no override): flagged on the
   * client's line until the meal is changed or overridden with a reason. Empty when there is none.
   */
  allergen_clash: z.array(z.string()),
});
export type PackingEntry = z.infer<typeof packingEntrySchema>;

export const packingMealSchema = z.object({
  key: z.string(),
  description: z.string(),
  category_key: z.string(),
  category_name: z.string(),
  /** One per client ordering the meal, by client name. */
  entries: z.array(packingEntrySchema),
  total: countSchema,
});
export type PackingMeal = z.infer<typeof packingMealSchema>;

export const packingRoundSchema = z.object({
  /** null for the 'No Round' group. */
  round_id: z.number().int().nullable(),
  /** The round's name, or 'No Round'. */
  round: z.string(),
  /** By category position, then description. */
  meals: z.array(packingMealSchema),
  total: countSchema,
});
export type PackingRound = z.infer<typeof packingRoundSchema>;

export const packingListReportSchema = z.object({
  date: z.string(),
  /** Rounds by name, 'No Round' last; only rounds with at least one entry. Empty: 'No data for selected date'. */
  rounds: z.array(packingRoundSchema),
  total: countSchema,
});
export type PackingListReport = z.infer<typeof packingListReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /api/reports/delivery_by_client {date?} and POST /api/reports/delivery_by_category {date?}
// The whole calendar month holding `date` (default tomorrow).

/** [ordered, delivered] portions. */
export const orderedDeliveredSchema = z.tuple([countSchema, countSchema]);
export type OrderedDelivered = z.infer<typeof orderedDeliveredSchema>;

const deliveryRowFields = {
  /** One pair per day of the month, aligned with the report's `dates`. */
  days: z.array(orderedDeliveredSchema),
  total: orderedDeliveredSchema,
  /**
   * Per day, the portions chosen on a day the client was on hold (report-rules.ts isOrderHeld): neither ordered nor
   * delivered, so a day with these and nothing ordered shows as held rather than undelivered. Aligned with `dates`.
   */
  held: dayCountsSchema,
  held_total: countSchema,
};

export const deliveryClientRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...deliveryRowFields,
});
export type DeliveryClientRow = z.infer<typeof deliveryClientRowSchema>;

export const deliveryCategoryRowSchema = z.object({
  key: z.string(),
  name: z.string(),
  ...deliveryRowFields,
});
export type DeliveryCategoryRow = z.infer<typeof deliveryCategoryRowSchema>;

export const deliveryTotalRowSchema = z.object(deliveryRowFields);

const deliveryReportFields = {
  /** First day of the month. */
  month_start: z.string(),
  /** Every day of the month. */
  dates: z.array(z.string()),
  /** The total row: every client (or category) summed. */
  total: deliveryTotalRowSchema,
};

export const deliveryByClientReportSchema = z.object({
  ...deliveryReportFields,
  /** Clients with a counted order or a held day with meals chosen in the month, by name. */
  clients: z.array(deliveryClientRowSchema),
});
export type DeliveryByClientReport = z.infer<typeof deliveryByClientReportSchema>;

export const deliveryByCategoryReportSchema = z.object({
  ...deliveryReportFields,
  /** Categories with a counted order or held portions in the month, by position ('Other' last). */
  categories: z.array(deliveryCategoryRowSchema),
});
export type DeliveryByCategoryReport = z.infer<typeof deliveryByCategoryReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /api/print/report: a report as a PDF or a CSV file. Answers `printLinkSchema` ({url}, valid 10 minutes,
// opened without login). CSV: UTF-8 with a byte order mark (Excel), a header row, RFC 4180 quoting, CRLF lines.

export const reportFormats = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];

const printReportBase = { format: z.enum(reportFormats), date: dayMonthYearSchema.optional() };

export const printReportBodySchema = z.discriminatedUnion('report', [
  z.strictObject({ report: z.literal('kitchen_prep_by_week'), ...printReportBase }),
  z.strictObject({
    report: z.literal('kitchen_prep_by_day'),
    ...printReportBase,
    /** Days to include (DD-MM-YYYY, within the week of `date`, or of the first day when `date` is absent); all 7 when absent. */
    days: z.array(dayMonthYearSchema).min(1).max(7).optional(),
  }),
  z.strictObject({
    report: z.literal('client_meal_choices'),
    ...printReportBase,
    /** Row order as the screen shows it; default name. */
    sort: z.enum(['name', 'score']).optional(),
  }),
  z.strictObject({
    report: z.literal('packing_list'),
    ...printReportBase,
    categories: packingListBodySchema.shape.categories,
  }),
  z.strictObject({ report: z.literal('delivered_by_client'), ...printReportBase }),
  z.strictObject({ report: z.literal('delivered_by_category'), ...printReportBase }),
  /** `date`: the day looked at (default today); see holds-report.ts. */
  z.strictObject({ report: z.literal('holds'), ...printReportBase }),
  z.strictObject({
    report: z.literal('delivery_outcomes'),
    format: z.enum(reportFormats),
    ...deliveryOutcomesBodySchema.shape,
  }),
  /** `month`: MM-YYYY (default this month); see welfare.ts. */
  z.strictObject({
    report: z.literal('welfare'),
    format: z.enum(reportFormats),
    ...welfareReportQuerySchema.shape,
  }),
  /** `month`: MM-YYYY; the days of the month over (see volunteer-hours.ts). */
  z.strictObject({
    report: z.literal('volunteer_hours'),
    format: z.enum(reportFormats),
    month: monthLabelSchema,
  }),
  /** `month`: MM-YYYY; a closed month prints its frozen figures. */
  z.strictObject({
    report: z.literal('funder_monthly'),
    format: z.enum(reportFormats),
    month: monthLabelSchema,
  }),
]);
export type PrintReportBody = z.infer<typeof printReportBodySchema>;
export type PrintReportName = PrintReportBody['report'];
