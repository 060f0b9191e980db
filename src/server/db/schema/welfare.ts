import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { WelfareStep } from '../../../domain/welfare-steps';
import { accounts } from './accounts';
import { alerts } from './driver';

export type AttemptChannel = 'phone' | 'sms' | 'voice' | 'visit' | 'other';
export type AttemptResult = 'no_answer' | 'answered' | 'left_message' | 'safe' | 'not_safe' | 'failed';
export type AttemptMadeBy = 'person' | 'automatic' | 'reply';
export type DutyManager = { name: string; email: string; phone: string };

/**
 * Every try to reach someone about a welfare check, by a person (their username) or by the step runner
 * ('Automatic'); `message_id` is the queued SMS or call of an automated one, when messaging queued it.
 */
export const alertAttempts = pgTable(
  'alert_attempts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    by: text('by').notNull(),
    /**
     * 'person' (an office user), 'automatic' (the step runner) or 'reply' (a contact's SMS): only a person's attempt
     * does a step that is for people.
     */
    madeBy: text('made_by').$type<AttemptMadeBy>().notNull().default('person'),
    channel: text('channel').$type<AttemptChannel>().notNull(),
    to: text('to').notNull().default(''),
    result: text('result').$type<AttemptResult>().notNull(),
    note: text('note').notNull().default(''),
    messageId: integer('message_id'),
  },
  (table) => [index('alert_attempts_account_alert_idx').on(table.accountId, table.alertId, table.at)],
);

/** An account's no-response procedure; an account without a row follows the defaults. */
export const welfareSettings = pgTable('welfare_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  steps: jsonb('steps').$type<WelfareStep[]>().notNull(),
  /** The alerting outcomes that start the clock (the others open an alert without steps). */
  checkOutcomes: jsonb('check_outcomes').$type<string[]>().notNull(),
  managers: jsonb('managers').$type<DutyManager[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
