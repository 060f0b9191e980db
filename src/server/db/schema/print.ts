import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/** Binary content; node-postgres and PGlite both hand bytea back as a Buffer/Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Generated PDFs behind a short-lived link. The id is the link's token (32 random bytes, base64url): a new
 * browser window opens the link without the bearer token, so the token is the credential and expires quickly.
 */
export const printFiles = pgTable(
  'print_files',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('print_files_expires_idx').on(table.expiresAt),
    index('print_files_account_user_idx').on(table.accountId, table.userId),
  ],
);
