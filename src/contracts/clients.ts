import { z } from 'zod';
import { allergenClashSchema, allergenNamesSchema, overrideReasonSchema } from './allergens';
import {
  clockTimeMessage,
  clockTimePattern,
  isClockTimeAfter,
  windowOrderMessage,
} from '../domain/day-plan-limits';
import { dayMonthYearSchema, multiLineTextSchema, textSchema } from './common';
import { holdReasons } from './holds';
import { mealStates } from './meals';
import {
  clientIdentityLimits,
  clientNameMessage,
  clientStatuses,
  isPostcodeText,
  isStateText,
  normaliseState,
  stateMessage,
  zipMessage,
} from '../domain/client-identity';

const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The filters the clients list and the client screen's previous/next buttons share. */
const clientFilterFields = {
  filter: textSchema.trim().max(200).default(''),
  /** 'all', 'none' (no round) or a round id. */
  filter_round: z
    .union([z.enum(['all', 'none']), z.string().regex(/^\d{1,9}$/, 'Use all, none or a round id.')])
    .default('all'),
  /** Only clients with a missing meal day in the 14-day strip (see domain/meal-days.ts). */
  missing_meals: booleanFlag.optional(),
  /** Only clients on hold on some day of the 14-day strip (contracts/holds.ts). */
  on_hold: booleanFlag.optional(),
};

export const clientListQuerySchema = z.strictObject({
  ...clientFilterFields,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  /** Sync from the CRM first (bounded wait). */
  sync: booleanFlag.optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** The same filters as the list; `page` is accepted (the screen sends it) and has no effect. */
export const clientPrevNextQuerySchema = z.strictObject({
  ...clientFilterFields,
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type ClientPrevNextQuery = z.infer<typeof clientPrevNextQuerySchema>;

export const clientSchema = z.object({
  client_id: z.number().int(),
  /** The CRM's id: stable across syncs, used in preferred delivery orders. */
  key: z.string(),
  name: z.string(),
  url: z.string(),
  external_id: z.string(),
  external_status: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /**
   * The address was looked up and the maps could not place it (a client kept in MealRounds): check it. False when
   * it was placed, or not looked up (a CRM's client, or the maps could not be reached at the last save).
   */
  address_unplaced: z.boolean(),
  round: z.string(),
  round_id: z.number().int().nullable(),
  labels: z.array(z.string()),
  dietary_requirements: z.string(),
  /** Allergen names of the account the client is allergic to (contracts/allergens.ts). */
  allergies: z.array(z.string()),
  plan: z.string(),
  plan_dow: z.array(z.number().int()),
  delivery_instructions: z.string(),
  /** When the delivery may arrive (HH:MM, local); null = any time. */
  delivery_window: z.object({ earliest: z.string(), latest: z.string() }).nullable(),
});
export type Client = z.infer<typeof clientSchema>;

const clockTimeSchema = textSchema.trim().regex(clockTimePattern, clockTimeMessage);

/** A delivery window as sent: both ends HH:MM, the earliest first. */
export const deliveryWindowInputSchema = z
  .strictObject({ earliest: clockTimeSchema, latest: clockTimeSchema.meta({ examples: ['11:30'] }) })
  .refine((window) => isClockTimeAfter(window.latest, window.earliest), {
    path: ['latest'],
    message: windowOrderMessage,
  });
export type DeliveryWindow = z.infer<typeof deliveryWindowInputSchema>;

/**
 * Why a day's meals do not count, if they do not (docs/product-rules.md, Counting orders): the date (DD-MM-YYYY),
 * the reason of the client's hold that day (null when not on hold), and, for a day not on hold whose CRM visits
 * were all cancelled, the CRM's reason ('' when it gave none; null when the day is not cancelled).
 */
export const mealDayStateSchema = z.object({
  date: z.string(),
  hold_reason: z.enum(holdReasons).nullable(),
  cancel_reason: z.string().nullable(),
});
export type MealDayState = z.infer<typeof mealDayStateSchema>;

/** One day of the list's two-week strip: its state and the number of meals chosen for it. */
export const mealStripDaySchema = mealDayStateSchema.extend({ count: z.number().int() });
export type MealStripDay = z.infer<typeof mealStripDaySchema>;

/** A row of the clients list: the client plus the 14-day meal strip from this week's Monday. */
export const clientListItemSchema = clientSchema.extend({
  meal_strip: z.array(mealStripDaySchema),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

export type { MealState } from './meals';
export const cookDeliverOptions = ['Prepare Only', 'Deliver Only', 'Cook & Deliver'] as const;
export type CookDeliver = (typeof cookDeliverOptions)[number];

/** A stored meal choice, as the API answers it. */
export const mealChoiceSchema = z.object({
  quantity: z.number().int().min(1).max(99),
  meal_state: z.enum(mealStates),
  cook_deliver: z.enum(cookDeliverOptions),
  comment: z.string(),
  /** Present when the meal clashes with the client's allergies and was chosen all the same: the reason given. */
  allergen_override: z.string().optional(),
});
export type MealChoice = z.infer<typeof mealChoiceSchema>;

/** Date (DD-MM-YYYY) -> meal key -> choice. */
export const mealChoicesSchema = z.record(z.string(), z.record(z.string(), mealChoiceSchema));
export type MealChoices = z.infer<typeof mealChoicesSchema>;

/** GET clients/{id}: the client and its meal choices for the week asked for (default: this week). */
export const clientDetailQuerySchema = z.strictObject({
  /** Any date of the week (DD-MM-YYYY); snapped to its Monday. */
  week: dayMonthYearSchema.optional(),
});
export const clientDetailSchema = clientSchema.extend({
  /** The client wants delivery notices (their meal on its way, a visit moved or cancelled); kept by MealRounds. */
  wants_notices: z.boolean(),
  meal_choices: mealChoicesSchema,
  /** The state of each day of the week's choices, Monday first. */
  day_states: z.array(mealDayStateSchema),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/**
 * A choice's quantity as sent: a whole number up to 99. A ticked meal with 0 or less is set to 1 by the server
 * (the meal is chosen, so one portion), not refused.
 */
const quantityInputSchema = z
  .number()
  .int('Quantity must be a whole number.')
  .max(99, 'Quantity must be 1 to 99.');

/**
 * The answer of PUT /api/clients/:id: the client, and when the details form sent `allergies`, every choice of the
 * client from today on that now clashes with them and is not overridden, and how many of them this save created.
 */
export const savedClientSchema = clientDetailSchema.extend({
  allergen_clashes: z.array(allergenClashSchema).optional(),
  allergen_clashes_created: z.number().int().min(0).optional(),
});
export type SavedClient = z.infer<typeof savedClientSchema>;

/**
 * A choice as sent. Quantity has several readings: a number, an object with quantity, or anything else (counts
 * as 1). A quantity that is given must be a whole number up to 99 (0 or less counts as 1); the server normalises.
 */
export const mealChoiceInputSchema = z.union([
  quantityInputSchema,
  z.strictObject({
    quantity: quantityInputSchema.optional(),
    meal_state: z.enum(mealStates).optional(),
    cook_deliver: z.enum(cookDeliverOptions).optional(),
    comment: multiLineTextSchema.trim().max(1000).optional(),
    /**
     * Required to tick a meal that contains one of the client's allergies: why it is given all the same (recorded
     * in the audit log). Ignored when the meal does not clash.
     */
    allergen_override: overrideReasonSchema.optional(),
  }),
  z.boolean(),
  z.null(),
]);
export type MealChoiceInput = z.infer<typeof mealChoiceInputSchema>;

const trimmed = (max: number) => textSchema.trim().max(max);

/**
 * The fields a CRM keeps, as an account without a CRM sends them (src/domain/client-identity.ts). `phone` is read
 * in the account's region and kept in E.164; `state` is kept in capitals.
 */
const clientIdentityFields = {
  name: trimmed(clientIdentityLimits.name).min(1, clientNameMessage),
  phone: trimmed(clientIdentityLimits.phone).meta({ examples: ['0412 345 678'] }),
  address: trimmed(clientIdentityLimits.address).meta({ examples: ['14 Smith Street'] }),
  city: trimmed(clientIdentityLimits.city).meta({ examples: ['Newtown'] }),
  // The examples on the text itself: a JSON Schema of the input (the OpenAPI document, the samples) reads them there.
  state: textSchema
    .meta({ examples: ['NSW'] })
    .refine(isStateText, stateMessage)
    .transform(normaliseState),
  zip: textSchema
    .meta({ examples: ['2042'] })
    .refine(isPostcodeText, zipMessage)
    .transform((value) => value.trim()),
  external_status: z.enum(clientStatuses, `Use one of: ${clientStatuses.join(', ')}.`),
  /** The service's own id of the client; unique in the account when not empty. */
  external_id: trimmed(clientIdentityLimits.external_id),
};

/**
 * `POST /api/clients` (an account without a CRM only): a new client kept in MealRounds. Only `name` is required;
 * the round, plan and the rest of the details are set with PUT clients/{id}.
 */
export const createClientBodySchema = z.strictObject({
  name: clientIdentityFields.name,
  phone: clientIdentityFields.phone.default(''),
  address: clientIdentityFields.address.default(''),
  city: clientIdentityFields.city.default(''),
  state: clientIdentityFields.state.default(''),
  zip: clientIdentityFields.zip.default(''),
  external_status: clientIdentityFields.external_status.default('active'),
  external_id: clientIdentityFields.external_id.default(''),
});
export type CreateClientBody = z.input<typeof createClientBodySchema>;
export type CreateClientInput = z.output<typeof createClientBodySchema>;

/** The identity fields a details form may carry: absent leaves them as they are (with a CRM: code 6 on a change). */
const clientIdentityUpdateFields = {
  name: clientIdentityFields.name.optional(),
  phone: clientIdentityFields.phone.optional(),
  address: clientIdentityFields.address.optional(),
  city: clientIdentityFields.city.optional(),
  state: clientIdentityFields.state.optional(),
  zip: clientIdentityFields.zip.optional(),
  external_status: clientIdentityFields.external_status.optional(),
  external_id: clientIdentityFields.external_id.optional(),
};
export const clientIdentityFieldNames = Object.keys(clientIdentityUpdateFields) as ClientIdentityField[];
export type ClientIdentityField = keyof typeof clientIdentityUpdateFields;

/** The details form of PUT clients/{id}. `round` is a round name of the account, or '' for no round. */
export const clientDetailsBodySchema = z.strictObject({
  round: textSchema.trim().max(100),
  labels: z.array(textSchema.trim().min(1).max(100)).max(50),
  dietary_requirements: multiLineTextSchema.trim().max(2000),
  /** Allergen names of the account; absent leaves the client's allergies as they are. */
  allergies: allergenNamesSchema.optional(),
  plan: textSchema.trim().max(200),
  plan_dow: z.array(z.union([z.literal(0), z.literal(1)])).length(7, 'Give seven day flags, Monday first.'),
  delivery_instructions: multiLineTextSchema.trim().max(2000),
  /** Null clears the window; absent leaves it as it is. */
  delivery_window: deliveryWindowInputSchema.nullable().optional(),
  /** Absent leaves it as it is. */
  wants_notices: z.boolean().optional(),
  ...clientIdentityUpdateFields,
});
export type ClientDetailsBody = z.infer<typeof clientDetailsBodySchema>;

/**
 * The meal choices form of PUT clients/{id}: each date sent (DD-MM-YYYY) has its choices replaced by the ones
 * given (an empty map clears the day); dates not sent are left as they are.
 */
export const clientMealChoicesBodySchema = z.strictObject({
  meal_choices: z
    .record(dayMonthYearSchema, z.record(textSchema.min(1).max(100), mealChoiceInputSchema))
    .refine((value) => Object.keys(value).length <= 62, 'Send at most 62 days at once.'),
});
export type ClientMealChoicesBody = z.infer<typeof clientMealChoicesBodySchema>;

export const updateClientBodySchema = z.union([clientDetailsBodySchema, clientMealChoicesBodySchema]);
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

/** A neighbour in the filtered list, for the client screen's previous and next buttons. */
export const clientNeighbourSchema = z.object({ client_id: z.number().int(), name: z.string() }).nullable();
export const clientPrevNextSchema = z.object({
  prev_client: clientNeighbourSchema,
  next_client: clientNeighbourSchema,
});
export type ClientPrevNext = z.infer<typeof clientPrevNextSchema>;
