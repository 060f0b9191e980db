import { z } from 'zod';
import { idSchema, multiLineTextSchema, pathIdSchema, textSchema } from './common';

export const messageChannels = ['sms', 'voice'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/** Why a message is sent; 'reply' is an incoming message that no rule took. */
export const messagePurposes = ['welfare', 'notice', 'reminder', 'manual', 'test', 'reply'] as const;
export type MessagePurpose = (typeof messagePurposes)[number];

export const messageStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'opted_out',
  'deferred',
  'received',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const messagingProviders = ['none', 'twilio'] as const;
export type MessagingProvider = (typeof messagingProviders)[number];

/** The three texts an account sends on its own, with {placeholders} filled in when a message is made. */
export const messageTemplatesSchema = z.strictObject({
  welfare: multiLineTextSchema.trim().min(1, 'Write the welfare message.').max(640),
  notice: multiLineTextSchema.trim().min(1, 'Write the delivery notice.').max(640),
  reminder: multiLineTextSchema.trim().min(1, 'Write the driver reminder.').max(640),
});
export type MessageTemplates = z.infer<typeof messageTemplatesSchema>;

const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour).');

export const quietHoursSchema = z
  .strictObject({ from: clockTimeSchema, to: clockTimeSchema })
  .refine((hours) => hours.from !== hours.to, {
    message: 'Quiet hours must end at another time than they start.',
    path: ['to'],
  })
  .meta({ examples: [{ from: '21:00', to: '08:00' }] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** `GET /api/settings/messaging`: the auth token is never answered, only whether one is stored. */
export const messagingSettingsSchema = z.object({
  provider: z.enum(messagingProviders),
  api_url: z.string(),
  account_sid: z.string(),
  has_auth_token: z.boolean(),
  sender_number: z.string(),
  quiet_hours: quietHoursSchema.nullable(),
  templates: messageTemplatesSchema,
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

/** `PUT /api/settings/messaging`: `auth_token` is write-only; left out (or empty) keeps the stored one. */
export const updateMessagingSettingsBodySchema = z.strictObject({
  provider: z.enum(messagingProviders),
  api_url: z
    .url({ protocol: /^https?$/, error: 'Enter the API address as an http(s) URL.' })
    .max(500)
    .optional(),
  account_sid: textSchema.trim().max(64).optional(),
  auth_token: textSchema.trim().max(128).optional(),
  sender_number: textSchema.trim().max(32).optional(),
  quiet_hours: quietHoursSchema.nullable().optional(),
  templates: messageTemplatesSchema.optional(),
});
export type UpdateMessagingSettingsBody = z.infer<typeof updateMessagingSettingsBodySchema>;

/** `POST /api/settings/messaging/test`: a test message to a number typed in. */
export const testMessageBodySchema = z.strictObject({
  to: textSchema.trim().min(1, 'Enter a phone number.').max(32),
});

/**
 * `POST /api/messages`: one SMS to exactly one of a client, a contact or a driver (the service checks that one is
 * given, so the answer names the fields).
 */
export const sendMessageBodySchema = z.strictObject({
  client_id: idSchema.optional(),
  contact_id: idSchema.optional(),
  driver_id: idSchema.optional(),
  text: multiLineTextSchema.trim().min(1, 'Write the message.').max(640),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

const queryIdSchema = pathIdSchema;

/** `GET /api/messages?client_id=|driver_id=`: one person's messages, newest first (exactly one is given). */
export const messagesQuerySchema = z.strictObject({
  client_id: queryIdSchema.optional(),
  driver_id: queryIdSchema.optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['out', 'in']),
  channel: z.enum(messageChannels),
  /** The other party's number in E.164. */
  to: z.string(),
  body: z.string(),
  purpose: z.enum(messagePurposes),
  status: z.enum(messageStatuses),
  /** Why it failed, was refused or waits; '' otherwise. */
  error: z.string(),
  client_id: z.number().int().nullable(),
  contact_id: z.number().int().nullable(),
  driver_id: z.number().int().nullable(),
  alert_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
