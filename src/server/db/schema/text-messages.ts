import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MessageTemplates } from '../../../contracts/messages';
import { accounts } from './accounts';
import { clients } from './clients';
import { alerts } from './driver';
import { users } from './users';

/**
 * SMS and voice messages, both ways. An outgoing one is written 'queued' in the transaction that decides it and sent
 * by the message sender; while an attempt is out it is 'sending' and `next_attempt_at` is the end of its lease.
 * contact_id and driver_id are plain numbers: their tables belong to other features.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<'out' | 'in'>().notNull().default('out'),
    channel: text('channel').$type<'sms' | 'voice'>().notNull(),
    /** The other party in E.164: the recipient of an outgoing message, the sender of an incoming one. */
    to: text('to').notNull(),
    body: text('body').notNull(),
    purpose: text('purpose')
      .$type<'welfare' | 'notice' | 'reminder' | 'manual' | 'test' | 'reply'>()
      .notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    contactId: integer('contact_id'),
    driverId: integer('driver_id'),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    status: text('status')
      .$type<
        | 'queued'
        | 'sending'
        | 'sent'
        | 'delivered'
        | 'undelivered'
        | 'failed'
        | 'opted_out'
        | 'deferred'
        | 'received'
      >()
      .notNull(),
    providerSid: text('provider_sid'),
    error: text('error').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the first attempt went out: a read-back after an unknown outcome looks for messages from then on. */
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_account_created_idx').on(table.accountId, table.createdAt),
    index('messages_account_client_idx').on(table.accountId, table.clientId),
    index('messages_account_driver_idx').on(table.accountId, table.driverId),
    index('messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'deferred', 'sending')`),
    check('messages_direction_check', sql`${table.direction} in ('out', 'in')`),
    check('messages_channel_check', sql`${table.channel} in ('sms', 'voice')`),
  ],
);

/** Settings > Messages of an account: its provider, credentials (the token sealed), quiet hours and templates. */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'none' | 'twilio'>().notNull().default('none'),
    apiUrl: text('api_url').notNull().default('https://api.twilio.com'),
    accountSid: text('account_sid').notNull().default(''),
    /** AES-GCM ciphertext (see crypto/secret-box.ts); empty when none is stored. */
    authTokenEncrypted: text('auth_token_encrypted').notNull().default(''),
    senderNumber: text('sender_number').notNull().default(''),
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    templates: jsonb('templates').$type<MessageTemplates>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Inbound messages find their account by the number they were sent to.
    uniqueIndex('messaging_settings_sender_idx')
      .on(table.senderNumber)
      .where(sql`${table.senderNumber} <> ''`),
  ],
);

/** Numbers that replied STOP: no notices or reminders until they reply START (welfare messages still go). */
export const messageOptOuts = pgTable(
  'message_opt_outs',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.phone] })],
);
