import { z } from 'zod';
import { cookDeliverOptions } from './clients';
import { mealStates } from './meals';
import { driverOutcomes } from '../domain/driver-outcomes';
import { isValidEmail } from '../domain/validation';
import { isoDateSchema, multiLineTextSchema, pathIdSchema, textSchema } from './common';

/** `POST /api/rounds/{round_id}/driver_link` body: the day of the run the link opens. */
export const driverLinkBodySchema = z.strictObject({ date: isoDateSchema });
export type DriverLinkBody = z.infer<typeof driverLinkBodySchema>;

/**
 * A driver link: `url` is `/driver/{token}` (relative to the app), which opens the run without a login.
 * `expires_at` is ISO 8601: the end of the day after the run's day in the round's timezone.
 */
export const driverLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type DriverLink = z.infer<typeof driverLinkSchema>;

/** What a driver records at a door (the kinds live in the domain, so the alerts contract needs no other contract). */
export type { DriverOutcomeKind } from '../domain/driver-outcomes';

/** The latest outcome of a visit, as the driver page and the rounds screen show it. */
export const visitDriverOutcomeSchema = z.object({
  outcome: z.enum(driverOutcomes),
  note: z.string(),
  /** ISO 8601, as the phone recorded it. */
  recorded_at: z.string(),
  /** `/api/driver_photos/{id}` (logged-in office users only), or null without a photo. */
  photo_url: z.string().nullable(),
});
export type VisitDriverOutcome = z.infer<typeof visitDriverOutcomeSchema>;

export const driverMealSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  meal_state: z.enum(mealStates),
  cook_deliver: z.enum(cookDeliverOptions),
  comment: z.string(),
  /**
   * The meal's allergens this client is allergic to, chosen without an override: the driver must not hand it
   * over as it is. Empty when there is none.
   */
  allergen_clash: z.array(z.string()),
});
export type DriverMeal = z.infer<typeof driverMealSchema>;

/** One door of the run, in the round's current order. Times are HH:MM in the round's timezone. */
export const driverStopSchema = z.object({
  visit_id: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** The CRM's visit status (for example Scheduled, Completed, Cancelled). */
  status: z.string(),
  outcome: visitDriverOutcomeSchema.nullable(),
  client: z.object({ name: z.string(), phone: z.string() }),
  address: z.string(),
  delivery_instructions: z.string(),
  dietary_requirements: z.string(),
  /** Allergen names the client is allergic to (contracts/allergens.ts). */
  allergies: z.array(z.string()),
  meals: z.array(driverMealSchema),
});
export type DriverStop = z.infer<typeof driverStopSchema>;

/**
 * `GET /api/driver/{token}/run`. `pickup_time` is HH:MM; `date` YYYY-MM-DD; `timezone` the round's, in which the
 * page shows every time (a run kept on a phone before it was sent has none: the default zone then).
 */
export const driverRunSchema = z.object({
  round: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    pickup_time: z.string(),
    timezone: z.string().optional(),
    /** Who drives the run that day (the roster's slot), or null when nobody does; absent on a run kept before. */
    driver: z.object({ name: z.string() }).nullable().optional(),
  }),
  date: z.string(),
  /** When the driver started the run (ISO 8601), or null; absent on a run kept before. */
  started_at: z.string().nullable().optional(),
  stops: z.array(driverStopSchema),
});
export type DriverRun = z.infer<typeof driverRunSchema>;

/** `POST /api/driver/{token}/start`: when the run was started (the first start's time, however often it is sent). */
export const driverRunStartSchema = z.object({ started_at: z.string() });
export type DriverRunStart = z.infer<typeof driverRunStartSchema>;

/** The longest note a driver may type. */
export const driverNoteMaxLength = 1000;

/** One outcome as the phone sends it: `id` is a UUID made on the phone, so a retry records nothing twice. */
export const driverOutcomeInputSchema = z.strictObject({
  id: z.uuid(),
  visit_id: z.number().int().positive().max(2147483647),
  outcome: z.enum(driverOutcomes),
  note: multiLineTextSchema.max(driverNoteMaxLength).default(''),
  recorded_at: z.iso.datetime({ offset: true }),
  /** Optional photo as a data URL (`data:image/jpeg;base64,...` or image/png or image/webp), compressed on the phone. */
  photo: textSchema.optional(),
});
export type DriverOutcomeInput = z.infer<typeof driverOutcomeInputSchema>;

/** The largest photo the server keeps, in bytes once decoded. */
export const driverPhotoMaxBytes = 1_500_000;
export const driverPhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The most photos one outcomes request may carry: the phone sends the outcomes with more photos in later requests. */
export const driverPhotosPerRequest = 8;

/**
 * `POST /api/driver/{token}/outcomes` body: up to 200 outcomes at once (a phone's queue after a day offline), with
 * at most `driverPhotosPerRequest` photos among them (the body may be up to 20 MiB).
 */
export const driverOutcomesBodySchema = z
  .array(driverOutcomeInputSchema)
  .min(1, 'Send at least one outcome.')
  .max(200)
  .refine(
    (outcomes) => outcomes.filter((outcome) => outcome.photo !== undefined).length <= driverPhotosPerRequest,
    `Send at most ${String(driverPhotosPerRequest)} photos at once; send the others in the next request.`,
  );

/** The answer for each sent outcome: accepted (now or on an earlier send of the same id) or why not. */
export const driverOutcomeResultSchema = z.object({
  id: z.string(),
  accepted: z.boolean(),
  message: z.string(),
});
export type DriverOutcomeResult = z.infer<typeof driverOutcomeResultSchema>;

/** `/api/rounds/{round}/driver_link...`: the round in the path. */
export const driverLinkParamsSchema = z.strictObject({
  round: pathIdSchema,
});

/** `GET` and `DELETE /api/rounds/{round}/driver_link?date=YYYY-MM-DD`. */
export const driverLinkQuerySchema = z.strictObject({ date: isoDateSchema });

/**
 * `GET /api/rounds/{round}/driver_link?date=`: whether the day has a link that still works. The token cannot be
 * shown again (only its hash is kept): making a link again gives a new one, and the earlier ones keep working
 * until they expire or are revoked.
 */
export const driverLinkStatusSchema = z.object({
  is_active: z.boolean(),
  /** Links of the day that still work. */
  active_count: z.number().int(),
  /** The newest working link's times (ISO 8601), or null when none works. */
  created_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type DriverLinkStatus = z.infer<typeof driverLinkStatusSchema>;

/** `DELETE /api/rounds/{round}/driver_link?date=`: how many working links were ended. */
export const driverLinkRevokedSchema = z.object({ revoked: z.number().int() });
export type DriverLinkRevoked = z.infer<typeof driverLinkRevokedSchema>;

/** `POST /api/rounds/{round}/driver_link/email`: a new link for the day, sent to `to`. */
export const driverLinkEmailBodySchema = z.strictObject({
  date: isoDateSchema,
  to: textSchema
    .trim()
    .refine(isValidEmail, 'Enter a valid email address.')
    .meta({ examples: ['driver@example.com'] }),
});
export type DriverLinkEmailBody = z.infer<typeof driverLinkEmailBodySchema>;

/**
 * `/api/driver/{token}/...`: a token that is malformed, unknown, expired or revoked answers the same 404, so the
 * answer never tells which; only text no token could hold (control characters, over 100 characters) is code 2.
 */
export const driverTokenParamsSchema = z.strictObject({ token: textSchema.max(100) });

/** `GET /api/driver_photos/{id}`. */
export const driverPhotoParamsSchema = z.strictObject({ id: z.uuid() });

/** Where the office sees a photo: behind a login. */
export const driverPhotoUrl = (photoId: string) => `/api/driver_photos/${photoId}`;
