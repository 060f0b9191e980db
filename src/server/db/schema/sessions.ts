import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * One row per log in. Every token renewed from that log in carries the row's id (claim `sid`), so deleting the
 * row (logout) ends them all at once, and `expires_at` bounds how long renewals can keep it going.
 */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('login_sessions_user_idx').on(table.userId),
    index('login_sessions_account_user_idx').on(table.accountId, table.userId),
    index('login_sessions_expires_idx').on(table.expiresAt),
  ],
);

/** Per-address request counters of the rate-limited routes, in the database so every app server shares them. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_idx').on(table.windowEndsAt)],
);
