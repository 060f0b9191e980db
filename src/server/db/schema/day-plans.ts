import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, rounds } from './accounts';

/**
 * The days a round is not out (YYYY-MM-DD in the round's timezone): one row per round and date, so marking and
 * unmarking a day is an insert or a delete. The day planner spreads such a round's visits over the rounds out.
 */
export const roundDaysOff = pgTable(
  'round_days_off',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.date] }),
    index('round_days_off_account_date_idx').on(table.accountId, table.date),
  ],
);
