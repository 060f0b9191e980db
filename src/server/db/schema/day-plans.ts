import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, rounds } from './accounts';
import { visits } from './clients';

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

/**
 * The day planner's applied assignment (migration 0019): the round that carries a visit on its day in place of
 * its client's own round, and its stop number there. A visit without a row rides its client's round; undoing a
 * day deletes its rows. The times the visit had before are kept so that undo can publish them back.
 */
export const visitRoundDays = pgTable(
  'visit_round_days',
  {
    visitId: integer('visit_id')
      .primaryKey()
      .references(() => visits.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The visit's date (YYYY-MM-DD), copied so that a day's assignment is read without the visits. */
    date: text('date').notNull(),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    /** 1-based stop number in the round's driving order. */
    position: integer('position').notNull(),
    previousStartAt: timestamp('previous_start_at', { withTimezone: true }).notNull(),
    previousEndAt: timestamp('previous_end_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('visit_round_days_account_date_round_idx').on(table.accountId, table.date, table.roundId),
  ],
);
