import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { HoldReason } from '../../../contracts/holds';
import { accounts } from './accounts';
import { clients } from './clients';

/**
 * A client paused for a date range (YYYY-MM-DD, both included; `to_date` null while open-ended). Holds of one
 * client never overlap (the holds service checks it under the client's row lock).
 */
export const clientHolds = pgTable(
  'client_holds',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date'),
    reason: text('reason').$type<HoldReason>().notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('client_holds_dates_check', sql`${table.toDate} is null or ${table.toDate} >= ${table.fromDate}`),
    index('client_holds_client_from_idx').on(table.clientId, table.fromDate),
    index('client_holds_account_from_idx').on(table.accountId, table.fromDate),
  ],
);
