import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Usernames are emails, stored lower-case and unique across accounts (login has no account field). */
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash'),
    accessLevel: text('access_level').$type<'normal' | 'admin' | 'sys_admin'>().notNull().default('normal'),
    /** Raised on every password change or reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_account_username_idx').on(table.accountId, table.username)],
);

export const confirmCodes = pgTable(
  'confirm_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    purpose: text('purpose').$type<'register' | 'reset'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('confirm_codes_user_idx').on(table.userId),
    index('confirm_codes_account_user_idx').on(table.accountId, table.userId),
  ],
);

/**
 * Failed log ins (and attempts being checked), per username and client network: the login throttle counts them
 * (features/auth/login-throttle.ts).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** The client's address; an IPv6 address cut to its /56 network, which one customer usually holds whole. */
    address: text('address').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    /** False while the attempt's password is still being checked; true once it proved wrong. */
    isChecked: boolean('is_checked').notNull().default(false),
  },
  (table) => [
    index('login_failures_username_idx').on(table.username, table.attemptedAt),
    index('login_failures_attempted_idx').on(table.attemptedAt),
  ],
);
