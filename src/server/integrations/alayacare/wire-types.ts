import { z } from 'zod';
import { parseIsoDateTime } from '../../../domain/zoned-time';

/**
 * The AlayaCare External Integration API v2 shapes the adapter reads, with the OpenAPI documents' field names
 * (shared/reference/alayacare). Only what we use is required; everything else may be missing or null, and unknown
 * fields are ignored, so a tenant's extra attributes never break a sync. A body that fails these schemas is reported
 * as "answered a malformed body" (code 7), never a crash.
 */

/** ErrorResponse of all three documents; the accounting document writes the code as a string ("404"). */
export const wireErrorSchema = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string(),
});

/** PaginatedList: {count, page, total_pages, items}. */
export function createWirePageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int().nonnegative(),
    page: z.number().int().nonnegative(),
    total_pages: z.number().int().nonnegative(),
    items: z.array(item),
  });
}

/** Profile attributes are tenant-defined: a postcode or phone may come as a number. */
const profileText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

const wireLocationSchema = z.object({
  lat: z.number().nullish(),
  lon: z.number().nullish(),
  zip: profileText,
});

/** ClientDemographicsLocation: the client profile's attributes (address, phones) and its geocoded location. */
export const wireClientDemographicsSchema = z.object({
  first_name: profileText,
  last_name: profileText,
  /** M, F or O. */
  gender: profileText,
  /** A profile attribute the service may keep (YYYY-MM-DD). */
  birthday: profileText,
  address: profileText,
  address_suite: profileText,
  city: profileText,
  state: profileText,
  zip: profileText,
  country: profileText,
  phone_main: profileText,
  phone_personal: profileText,
  phone_other: profileText,
  location: wireLocationSchema.nullish(),
});

const wireTagListSchema = z.array(z.string()).nullish();

/**
 * Client / ClientListItem (GET /clients). The documents' list item has no demographics; the simulator adds them
 * so a sync needs one request per page, and the adapter reads GET /clients/{id} for items without them.
 */
export const wireClientSchema = z.object({
  id: z.number().int(),
  ac_id: z.string().nullish(),
  external_id: z.string().nullish(),
  first_name: profileText,
  last_name: profileText,
  status: z.string().nullish(),
  tags: wireTagListSchema,
  /** ClientLanguage: an ISO code ('en'); the documents put it on the details, some lists carry it too. */
  language: profileText,
  _link: z.string().nullish(),
  demographics: wireClientDemographicsSchema.nullish(),
});

/** ClientDetails (GET /clients/{id} and /clients/by_id/{external_id}). */
export const wireClientDetailsSchema = z.object({
  id: z.number().int(),
  ac_id: z.string().nullish(),
  external_id: z.string().nullish(),
  status: z.string().nullish(),
  tags: wireTagListSchema,
  language: profileText,
  demographics: wireClientDemographicsSchema,
  timezone: z.string().nullish(),
});

/** ClientContactDemographics: the contact profile's attributes (tenant-defined; these are the defaults we read). */
const wireContactDemographicsSchema = z.object({
  first_name: profileText,
  last_name: profileText,
  company: profileText,
  relationship: profileText,
  phone_main: profileText,
  phone_personal: profileText,
  phone_other: profileText,
  email: profileText,
});

/**
 * ClientContactListItem (GET /clients/{id}/contacts). The documents' list item has no `emergency`; the simulator
 * adds it so a sync needs one request per client, and the adapter reads GET /contacts/{id} for items without it.
 */
export const wireContactListItemSchema = z.object({
  id: z.number().int(),
  ac_id: z.string().nullish(),
  relationship: z.string().nullish(),
  status: z.string().nullish(),
  emergency: z.boolean().nullish(),
  demographics: wireContactDemographicsSchema.nullish(),
});

/** ClientContact (GET /contacts/{id}): where the documents keep the `emergency` flag. */
export const wireContactSchema = z.object({
  id: z.number().int(),
  emergency: z.boolean().nullish(),
});

const wireDateTime = z
  .string()
  .refine((value) => parseIsoDateTime(value) !== null, 'not an ISO 8601 date-time');

/**
 * VisitListDetails (GET /visits) and Visit (PUT /visits/{id}). `service_code_id` is the documents' visit override of
 * VisitDetails; the simulator also sends it in lists, other tenants may not (the service code is then empty).
 */
export const wireVisitSchema = z.object({
  alayacare_visit_id: z.number().int(),
  alayacare_client_id: z.number().int(),
  client_id: z.string().nullish(),
  alayacare_service_id: z.number().int().nullish(),
  status: z.string().nullish(),
  start_at: wireDateTime,
  end_at: wireDateTime,
  cancelled: z.boolean().nullish(),
  /** VisitCancelCode: why a cancelled visit was cancelled. */
  cancel_code: z.object({ code: z.string().nullish(), description: z.string().nullish() }).nullish(),
  tags: wireTagListSchema,
  service_code_id: z.number().int().nullish(),
  service: z.object({ service_code_id: z.number().int().nullish() }).nullish(),
});

/** A visit's notes (VisitNote: text and created_at), read back after adding one. */
export const wireVisitNotesSchema = z.object({
  alayacare_visit_id: z.number().int(),
  notes: z.array(z.looseObject({ text: z.string() })).nullish(),
});

/** ClientTag and VisitTag are plain names. */
export const wireTagSchema = z.string();

/** VisitCancelCode (scheduler GET /cancelcodes). */
export const wireCancelCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullish(),
});

/** ServiceCode (scheduler GET /service_codes). */
export const wireServiceCodeSchema = z.object({ id: z.number().int(), name: z.string() });

/** Premium (accounting GET /premiums). */
export const wirePremiumSchema = z.object({
  premium_id: z.number().int(),
  code: z.string(),
  rule: z.string().nullish(),
});

/** VisitPremiumDetails (GET /visits/{visit_id}/premiums). */
export const wireVisitPremiumSchema = z.object({
  visit_premium_id: z.number().int(),
  quantity: z.number(),
  description: z.string().nullish(),
  premium: wirePremiumSchema,
});

/**
 * VisitUpdatePartialSuccessResponse (207 of PUT /visits/lock): the ids listed are the visits that were not locked.
 * `errors` (a reason per visit) is the simulator's addition; without it every refusal carries `message`.
 */
export const wireLockPartialSchema = z.object({
  code: z.union([z.number(), z.string()]).nullish(),
  message: z.string().nullish(),
  alayacare_visit_ids: z.array(z.number().int()).nullish(),
  visit_ids: z.array(z.string()).nullish(),
  errors: z.array(z.object({ alayacare_visit_id: z.number().int(), message: z.string() })).nullish(),
});

/** The 200 answer of PUT /visits/lock: documented without a body; tenants answer nothing or {code, message}. */
export const wireLockSuccessSchema = z
  .object({ code: z.union([z.number(), z.string()]).nullish(), message: z.string() })
  .nullable();

export type WireClient = z.infer<typeof wireClientSchema>;
export type WireClientDetails = z.infer<typeof wireClientDetailsSchema>;
export type WireClientDemographics = z.infer<typeof wireClientDemographicsSchema>;
export type WireContactListItem = z.infer<typeof wireContactListItemSchema>;
export type WireVisit = z.infer<typeof wireVisitSchema>;
export type WirePremium = z.infer<typeof wirePremiumSchema>;
export type WireVisitPremium = z.infer<typeof wireVisitPremiumSchema>;
