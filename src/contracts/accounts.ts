import { z } from 'zod';
import {
  capacityMessage,
  capacityRange,
  clockTimeMessage,
  clockTimePattern,
  isClockTimeAfter,
  latestReturnMessage,
} from '../domain/day-plan-limits';
import {
  defaultLabelLayoutId,
  isLabelOffset,
  labelLayoutIds,
  labelOffsetMessage,
} from '../domain/label-layouts';
import { visitHorizonWeeksRange } from '../domain/plan-visits';
import { defaultUseByDays, useByDaysRange } from '../domain/use-by';
import { dayMonthYearSchema, idSchema, jsonValueSchema, multiLineTextSchema, textSchema } from './common';

/**
 * Where an account's clients and visits are kept: '' not chosen yet, 'alayacare' (and 'demo', AlayaCare's built-in
 * simulator) a CRM that MealRounds syncs from and writes back to, 'none' no CRM: MealRounds keeps them itself.
 */
export const sourceSystems = ['', 'alayacare', 'demo', 'none'] as const;
export type SourceSystemName = (typeof sourceSystems)[number];

/** True when the account keeps its clients and visits in MealRounds (no CRM to sync from or write to). */
export function keepsClientsLocally(sourceSystem: SourceSystemName): boolean {
  return sourceSystem === 'none';
}

export const roundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  pickup_time: z.string(),
  timezone: z.string(),
  /** The vehicle's capacity in portions; null = unlimited. */
  capacity: z.number().int().nullable(),
  /** HH:MM by which the driver is back at base; null = no limit. */
  latest_return_time: z.string().nullable(),
});
export type Round = z.infer<typeof roundSchema>;

/** The ranges the settings' whole numbers take; the web forms check the same numbers before saving. */
export const settingsNumberRanges = {
  cycle_weeks: { min: 0, max: 52 },
  travel_contingency_mins: { min: 0, max: 120 },
  release_cutoff_hours: { min: 0, max: 168 },
  visit_horizon_weeks: visitHorizonWeeksRange,
} as const;

export const menuOptionsSchema = z.strictObject({
  custom_text: z.string().max(2000),
  cycle_weeks: z
    .number()
    .int()
    .min(settingsNumberRanges.cycle_weeks.min)
    .max(settingsNumberRanges.cycle_weeks.max),
  /** DD-MM-YYYY, or null when no cycle start is set. */
  cycle_start: z
    .string()
    .regex(/^\d{2}-\d{2}-\d{4}$/, 'Use DD-MM-YYYY.')
    .nullable(),
});
export type MenuOptions = z.infer<typeof menuOptionsSchema>;

export const useByDaysMessage = `Enter a whole number of days from ${String(useByDaysRange.min)} to ${String(useByDaysRange.max)}.`;

const useByDaysSchema = z
  .number(useByDaysMessage)
  .int(useByDaysMessage)
  .min(useByDaysRange.min, useByDaysMessage)
  .max(useByDaysRange.max, useByDaysMessage);
const labelOffsetSchema = z.number(labelOffsetMessage).refine(isLabelOffset, labelOffsetMessage);

/** How meal labels print (Settings > Meals): the label stock, the printer offset and the use-by periods. */
export const labelOptionsSchema = z.strictObject({
  layout: z.enum(labelLayoutIds),
  /** Millimetres every label moves right (negative: left). */
  offset_x_mm: labelOffsetSchema,
  /** Millimetres every label moves down (negative: up). */
  offset_y_mm: labelOffsetSchema,
  /** Days from the delivery date to the use-by date printed on a label, per meal state. */
  use_by_days: z.strictObject({ Hot: useByDaysSchema, Frozen: useByDaysSchema, Fresh: useByDaysSchema }),
});
export type LabelOptions = z.infer<typeof labelOptionsSchema>;

export const defaultLabelOptions: LabelOptions = {
  layout: defaultLabelLayoutId,
  offset_x_mm: 0,
  offset_y_mm: 0,
  use_by_days: defaultUseByDays,
};

export const roundAutomationSchema = z.strictObject({
  enabled: z.enum(['0', '1']),
  days_in_advance: z.number().int().min(1).max(28),
  optimise_by: z.enum(['optimal', 'preferred']),
});
export type RoundAutomation = z.infer<typeof roundAutomationSchema>;

/**
 * How much the day planner evens out the rounds' working time: off (shortest driving only), some (the default:
 * no round ends much later than others that have room), strong (the rounds' days as even as the map allows).
 */
export const workloadBalances = ['off', 'some', 'strong'] as const;
export type WorkloadBalance = (typeof workloadBalances)[number];
export const workloadBalanceSchema = z.enum(workloadBalances, 'Choose off, some or strong.');

export const sourceSettingsSchema = z.strictObject({
  client_tag: z.string().max(200),
  visit_tag: z.string().max(200),
  service_codes: z
    .array(z.strictObject({ id: z.union([z.string(), z.number()]), name: z.string() }))
    .max(500),
  premiums: z.record(z.string().max(100), z.record(z.string(), z.unknown())),
  /**
   * The CRM cancel code (its id) put on visits cancelled because their day falls in a client hold; absent or null
   * when none is chosen (such visits are then left alone in the CRM).
   */
  cancel_code_id: z.string().max(100).nullable().optional(),
});
export type SourceSettings = z.infer<typeof sourceSettingsSchema>;

export const preferredDeliveryOrderSchema = z.record(
  z.string().max(200),
  z.array(z.string().max(200)).max(2000),
);

/*
 * The settings as a request sends them: the shapes above, with every string safe to store and a real cycle start.
 * The answers keep the looser shapes so that a value stored before these rules still reads back.
 */
const menuOptionsBodySchema = menuOptionsSchema.extend({
  custom_text: multiLineTextSchema.max(2000),
  cycle_start: dayMonthYearSchema.nullable(),
});

const sourceSettingsBodySchema = sourceSettingsSchema.extend({
  client_tag: textSchema.max(200),
  visit_tag: textSchema.max(200),
  service_codes: z
    .array(
      z.strictObject({
        id: z.union([textSchema.max(200), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]),
        name: textSchema.max(500),
      }),
    )
    .max(500),
  premiums: z.record(textSchema.max(100), z.record(textSchema.max(100), jsonValueSchema)),
  cancel_code_id: textSchema.max(100).nullable().optional(),
});

const preferredDeliveryOrderBodySchema = z.record(
  textSchema.max(200),
  z.array(textSchema.max(200)).max(2000),
);

export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  source_system: z.enum(sourceSystems),
  source_url: z.string(),
  source_username: z.string(),
  /** The CRM password itself is write-only; this says whether one is stored. */
  has_source_password: z.boolean(),
  source_settings: sourceSettingsSchema,
  rounds: z.array(roundSchema),
  preferred_delivery_order: preferredDeliveryOrderSchema,
  menu_options: menuOptionsSchema,
  label_options: labelOptionsSchema,
  travel_contingency_mins: z.number().int(),
  optimisation_preference_tm: z.number().int(),
  workload_balance: workloadBalanceSchema,
  route_automation: roundAutomationSchema,
  /** A driver may give a day back through their personal link until this many hours before its pickup time. */
  release_cutoff_hours: z.number().int(),
  /** Without a CRM: how many weeks ahead MealRounds makes the clients' visits (today is the first day). */
  visit_horizon_weeks: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

const trimmed = (max: number) => textSchema.trim().max(max);

/** The most characters a round's text fields take (after trimming); the web form checks the same numbers. */
export const roundFieldLimits = { name: 100, address: 500 } as const;

const capacityInputSchema = z
  .number(capacityMessage)
  .int(capacityMessage)
  .min(capacityRange.min, capacityMessage)
  .max(capacityRange.max, capacityMessage);

export const roundInputSchema = z
  .strictObject({
    /** Absent for a new round. */
    id: idSchema.optional(),
    name: trimmed(roundFieldLimits.name).min(1, 'Round name is required.'),
    address: trimmed(roundFieldLimits.address),
    pickup_time: textSchema.trim().regex(clockTimePattern, clockTimeMessage),
    timezone: trimmed(64).regex(/^Australia\/[A-Za-z_]+$/, 'Choose an Australian timezone.'),
    /** Portions; null = unlimited. Left out: a kept round keeps its capacity, a new one has none. */
    capacity: capacityInputSchema.nullable().optional(),
    /** HH:MM after the pickup time; null = none. Left out: kept as stored (none for a new round). */
    latest_return_time: textSchema
      .trim()
      .regex(clockTimePattern, clockTimeMessage)
      .meta({ examples: ['14:00'] })
      .nullable()
      .optional(),
  })
  .refine(
    (round) =>
      round.latest_return_time == null || isClockTimeAfter(round.latest_return_time, round.pickup_time),
    { path: ['latest_return_time'], message: latestReturnMessage },
  );
export type RoundInput = z.infer<typeof roundInputSchema>;

/** A partial account update: only the fields sent change. */
export const updateAccountBodySchema = z.strictObject({
  name: trimmed(200).min(1, 'Name is required.').optional(),
  description: trimmed(200).optional(),
  source_system: z.enum(sourceSystems).optional(),
  source_url: z
    .union([z.literal(''), textSchema.max(500).pipe(z.url())])
    .meta({ examples: ['https://crm.example.com'] })
    .optional(),
  source_username: trimmed(200).optional(),
  /** Empty leaves the stored password unchanged. */
  source_password: textSchema.max(500).optional(),
  source_settings: sourceSettingsBodySchema.optional(),
  rounds: z.array(roundInputSchema).max(200).optional(),
  preferred_delivery_order: preferredDeliveryOrderBodySchema.optional(),
  menu_options: menuOptionsBodySchema.optional(),
  label_options: labelOptionsSchema.optional(),
  travel_contingency_mins: z
    .number()
    .int()
    .min(settingsNumberRanges.travel_contingency_mins.min)
    .max(settingsNumberRanges.travel_contingency_mins.max)
    .optional(),
  optimisation_preference_tm: z.number().int().min(0).max(100).optional(),
  workload_balance: workloadBalanceSchema.optional(),
  route_automation: roundAutomationSchema.optional(),
  release_cutoff_hours: z
    .number()
    .int()
    .min(settingsNumberRanges.release_cutoff_hours.min)
    .max(settingsNumberRanges.release_cutoff_hours.max)
    .optional(),
  visit_horizon_weeks: z
    .number()
    .int()
    .min(settingsNumberRanges.visit_horizon_weeks.min)
    .max(settingsNumberRanges.visit_horizon_weeks.max)
    .optional(),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

/** Fields any user of the account may change; every other field is admin-only. */
export const fieldsOpenToAllUsers = [
  'preferred_delivery_order',
  'menu_options',
  'label_options',
  // Users, not only admins, run the roster (issue 24).
  'release_cutoff_hours',
] as const;
