import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, rounds } from './accounts';

/**
 * When a round's visits of a day were last fetched from the CRM, shared by every app server: the rounds screen
 * answers from the database and refreshes a day in the background once its copy is older than a short window.
 */
export const roundVisitRefreshes = pgTable(
  'round_visit_refreshes',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    /** The day (YYYY-MM-DD) in the round's timezone. */
    date: text('date').notNull(),
    /** When the last refresh began; a server claims a stale day by moving it forward. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the last successful refresh began: the stored visits are at least this recent. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    /** Why the last refresh failed; empty after a success. */
    lastError: text('last_error').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.roundId, table.date] })],
);
