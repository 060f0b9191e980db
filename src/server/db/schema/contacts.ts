import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { ContactSource } from '../../../contracts/contacts';
import { accounts } from './accounts';
import { clients } from './clients';

/**
 * A client's contacts in their order (`priority`, lowest first). CRM contacts (`source` 'crm', with the CRM's id in
 * `source_contact_id`) are replaced by each contact sync and read-only in the product; local ones are the product's.
 * `phone` is E.164 or ''; a CRM number that could not be read keeps its text in `crm_phone_text`.
 */
export const clientContacts = pgTable(
  'client_contacts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship').notNull().default(''),
    phone: text('phone').notNull().default(''),
    sourcePhoneText: text('crm_phone_text').notNull().default(''),
    email: text('email').notNull().default(''),
    isEmergency: boolean('is_emergency').notNull().default(false),
    priority: integer('priority').notNull(),
    wantsNotices: boolean('wants_notices').notNull().default(false),
    source: text('source').$type<ContactSource>().notNull(),
    sourceContactId: text('source_contact_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('client_contacts_source_check', sql`${table.source} IN ('crm', 'local')`),
    check(
      'client_contacts_source_id_check',
      sql`(${table.source} = 'crm') = (${table.sourceContactId} IS NOT NULL)`,
    ),
    unique('client_contacts_account_client_source_unique').on(
      table.accountId,
      table.clientId,
      table.sourceContactId,
    ),
    index('client_contacts_account_client_idx').on(table.accountId, table.clientId, table.priority),
  ],
);
