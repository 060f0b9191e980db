import { z } from 'zod';
import { isValidEmail } from '../domain/validation';
import { pathIdSchema, textSchema } from './common';

/** Where a contact is kept: in the CRM (synced, read-only here) or in MealRounds only. */
export const contactSources = ['crm', 'local'] as const;
export type ContactSource = (typeof contactSources)[number];

/**
 * A client's contact, as `GET /api/clients/{id}/contacts` lists them (by `priority`, 1 first). `phone` is E.164
 * (+61412345678) or ''. `crm_phone` is the CRM's text of a number that could not be read as a phone number (so the
 * office can correct it in the CRM), else ''.
 */
export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relationship: z.string(),
  phone: z.string(),
  email: z.string(),
  is_emergency: z.boolean(),
  priority: z.number().int(),
  wants_notices: z.boolean(),
  source: z.enum(contactSources),
  crm_phone: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactNameMessage = "Enter the contact's name.";
export const contactEmailMessage = 'Enter a valid email address, or leave it empty.';

const contactFields = {
  name: textSchema.trim().min(1, contactNameMessage).max(200),
  relationship: textSchema.trim().max(100),
  /** As typed ("0412 345 678", "+61 2 9999 0000"); answered in E.164, '' for none. */
  phone: textSchema
    .trim()
    .max(40)
    .meta({ examples: ['0412 345 678'] }),
  email: textSchema
    .trim()
    .max(254)
    .refine((value) => value === '' || isValidEmail(value), contactEmailMessage)
    .meta({ examples: ['jo@example.com'] }),
  is_emergency: z.boolean(),
  /** The contact's place in the client's list (1 = first); beyond the end it goes last. */
  priority: z.number().int().min(1).max(10_000),
  wants_notices: z.boolean(),
};

/** `POST /api/clients/{id}/contacts`: a local contact (at the end of the list when `priority` is absent). */
export const contactBodySchema = z.strictObject({
  name: contactFields.name,
  relationship: contactFields.relationship.default(''),
  phone: contactFields.phone.default(''),
  email: contactFields.email.default(''),
  is_emergency: contactFields.is_emergency.default(false),
  priority: contactFields.priority.optional(),
  wants_notices: contactFields.wants_notices.default(false),
});
export type ContactBody = z.input<typeof contactBodySchema>;
export type ContactInput = z.output<typeof contactBodySchema>;

/**
 * `PUT /api/clients/{id}/contacts/{contact_id}`: the fields sent change, the others stay. A CRM contact takes only
 * `priority` and `wants_notices` (the product's own); its other fields are the CRM's (code 6 when one differs).
 */
export const contactUpdateBodySchema = z.strictObject({
  name: contactFields.name.optional(),
  relationship: contactFields.relationship.optional(),
  phone: contactFields.phone.optional(),
  email: contactFields.email.optional(),
  is_emergency: contactFields.is_emergency.optional(),
  priority: contactFields.priority.optional(),
  wants_notices: contactFields.wants_notices.optional(),
});
export type ContactUpdateBody = z.input<typeof contactUpdateBodySchema>;
export type ContactUpdateInput = z.output<typeof contactUpdateBodySchema>;

export const contactParamsSchema = z.strictObject({
  id: pathIdSchema,
  contact_id: pathIdSchema,
});
