import { z } from 'zod';
import { parseBirthDate } from '../domain/funder-month';
import { maxInt4, textSchema } from './common';

/** How a client's meals are funded. */
export const fundingProgrammes = ['CHSP', 'HCP', 'NDIS', 'private', 'other'] as const;
export type FundingProgramme = (typeof fundingProgrammes)[number];

/** How a programme reads on screen and on paper. */
export const fundingProgrammeLabels: Record<FundingProgramme, string> = {
  CHSP: 'CHSP',
  HCP: 'Home Care Package',
  NDIS: 'NDIS',
  private: 'Private',
  other: 'Other',
};

/** How a programme, or none set, reads in the funder reports. */
export function describeProgramme(programme: FundingProgramme | null): string {
  return programme === null ? 'Not set' : fundingProgrammeLabels[programme];
}

/** The Data Exchange code lists the funding profile draws on; each is data an administrator keeps up to date. */
export const fundingCodeLists = [
  'gender',
  'country_of_birth',
  'language',
  'atsi',
  'dva_card_status',
  'accommodation_type',
  'household_composition',
] as const;
export type FundingCodeList = (typeof fundingCodeLists)[number];

export const fundingCodeSchema = z.object({ code: z.string(), description: z.string() });
export type FundingCode = z.infer<typeof fundingCodeSchema>;

/** `GET /api/funding/codes`: every list, each in its order. */
export const fundingCodesSchema = z.object({
  gender: z.array(fundingCodeSchema),
  country_of_birth: z.array(fundingCodeSchema),
  language: z.array(fundingCodeSchema),
  atsi: z.array(fundingCodeSchema),
  dva_card_status: z.array(fundingCodeSchema),
  accommodation_type: z.array(fundingCodeSchema),
  household_composition: z.array(fundingCodeSchema),
});
export type FundingCodes = z.infer<typeof fundingCodesSchema>;

export const fundingCodeListParamsSchema = z.strictObject({ list: z.enum(fundingCodeLists) });

/** `PUT /api/funding/codes/{list}`: the whole list, in order (admin only). Codes are DEX's: no spaces. */
export const fundingCodeListBodySchema = z.strictObject({
  codes: z
    .array(
      z.strictObject({
        code: textSchema
          .trim()
          .min(1)
          .max(40)
          .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only.')
          .meta({ examples: ['FEMALE'] }),
        description: textSchema.trim().min(1).max(200),
      }),
    )
    .min(1)
    .max(1000),
});
export type FundingCodeListBody = z.infer<typeof fundingCodeListBodySchema>;

/** Which code list each coded field of the profile draws on. */
export const fundingCodeFields = {
  gender_code: 'gender',
  country_of_birth_code: 'country_of_birth',
  language_code: 'language',
  atsi_code: 'atsi',
  dva_card_status_code: 'dva_card_status',
  accommodation_type_code: 'accommodation_type',
  household_composition_code: 'household_composition',
} as const satisfies Record<string, FundingCodeList>;
export type FundingCodeField = keyof typeof fundingCodeFields;

const codeSchema = textSchema.trim().min(1).max(40).nullable();

/**
 * `PUT /api/clients/{id}/funding`: the whole profile. A code is null when not known; `birth_date` is DD-MM-YYYY
 * (from 1900, not in the future) or null.
 */
export const fundingProfileBodySchema = z.strictObject({
  programme: z.enum(fundingProgrammes).nullable(),
  fee_per_meal_cents: z.number().int().min(0).max(100_000),
  birth_date: z
    .string()
    // A real day from 1900; the service checks it is not after the account's today.
    .refine(
      (value) => parseBirthDate(value, '2100-12-31') !== null,
      'Use a real date from 1900 as DD-MM-YYYY.',
    )
    .meta({ description: 'DD-MM-YYYY, from 1900 to today', examples: ['01-03-1940'] })
    .nullable(),
  is_birth_date_estimate: z.boolean(),
  gender_code: codeSchema,
  country_of_birth_code: codeSchema,
  language_code: codeSchema,
  atsi_code: codeSchema,
  dva_card_status_code: codeSchema,
  accommodation_type_code: codeSchema,
  household_composition_code: codeSchema,
  has_carer: z.boolean().nullable(),
  has_disabilities: z.boolean(),
  consent_to_provide_details: z.boolean(),
  consented_for_future_contacts: z.boolean(),
});
export type FundingProfileBody = z.infer<typeof fundingProfileBodySchema>;

/** `GET /api/clients/{id}/funding`: the profile and the client's SLK-581 (from its name, birth date and gender). */
export const fundingProfileSchema = fundingProfileBodySchema.extend({
  client_id: z.number().int(),
  /** '' while the birth date is not known. */
  slk: z.string(),
});
export type FundingProfile = z.infer<typeof fundingProfileSchema>;

/** A month on the wire: MM-YYYY. */
export const monthLabelSchema = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(20\d{2}|2100)$/, 'Use MM-YYYY.')
  .meta({ description: 'MM-YYYY', examples: ['11-2026'] });

export const monthParamsSchema = z.strictObject({ month: monthLabelSchema });

/** `DELETE /api/months/{month}/close`: why a filed month is opened again. */
export const reopenMonthBodySchema = z.strictObject({ reason: textSchema.trim().min(1).max(500) });

/** A month's close: when and by whom, null while the month is open. */
export const monthCloseSchema = z.object({
  month: z.string(),
  is_closed: z.boolean(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
});
export type MonthClose = z.infer<typeof monthCloseSchema>;

export const funderMonthlyQuerySchema = z.strictObject({ month: monthLabelSchema });

const mealCountsShape = {
  ordered: z.number().int(),
  delivered: z.number().int(),
  held: z.number().int(),
  fee_total_cents: z.number().int(),
};

export const funderMonthlyClientSchema = z.object({
  client_id: z.number().int(),
  name: z.string(),
  programme: z.enum(fundingProgrammes).nullable(),
  fee_per_meal_cents: z.number().int(),
  ...mealCountsShape,
});
export type FunderMonthlyClient = z.infer<typeof funderMonthlyClientSchema>;

export const funderMonthlyProgrammeSchema = z.object({
  programme: z.enum(fundingProgrammes).nullable(),
  clients: z.number().int(),
  ...mealCountsShape,
});
export type FunderMonthlyProgramme = z.infer<typeof funderMonthlyProgrammeSchema>;

/**
 * `GET /api/reports/funder_monthly`: per client (by name) the meals ordered, delivered and held in the month and
 * the fee total; totals per programme (in the programmes' order, not set last) and overall. A closed month reads
 * the figures frozen when it was closed.
 */
export const funderMonthlyReportSchema = z.object({
  month: z.string(),
  close: monthCloseSchema,
  clients: z.array(funderMonthlyClientSchema),
  programmes: z.array(funderMonthlyProgrammeSchema),
  total: z.object({ clients: z.number().int(), ...mealCountsShape }),
});
export type FunderMonthlyReport = z.infer<typeof funderMonthlyReportSchema>;

/** `POST /api/exports/dex`. The two ids are the organisation's in the Data Exchange. */
export const dexExportBodySchema = z.strictObject({
  month: monthLabelSchema,
  outlet_activity_id: z.number().int().positive().max(maxInt4),
  service_type_id: z.number().int().positive().max(maxInt4),
});
export type DexExportBody = z.infer<typeof dexExportBodySchema>;

export const dexWarningSchema = z.object({
  client_id: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type DexWarning = z.infer<typeof dexWarningSchema>;

/** The checked file's link (10 minutes, like the print links) and what it holds; the clients left out and why. */
export const dexExportSchema = z.object({
  url: z.string(),
  clients: z.number().int(),
  cases: z.number().int(),
  sessions: z.number().int(),
  warnings: z.array(dexWarningSchema),
});
export type DexExport = z.infer<typeof dexExportSchema>;

/** `GET /api/exports/dex/settings`: the ids the account's last export used (null before the first). */
export const dexSettingsSchema = z.object({
  outlet_activity_id: z.number().int().nullable(),
  service_type_id: z.number().int().nullable(),
});
export type DexSettings = z.infer<typeof dexSettingsSchema>;
