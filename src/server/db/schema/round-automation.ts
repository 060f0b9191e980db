import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** One run of the round automation job for one account: what it covered and what went wrong. */
export const roundAutomationRuns = pgTable(
  'route_automation_runs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 'schedule' or 'manual'. */
    trigger: text('trigger').notNull(),
    /** 'running', 'succeeded', 'partly_failed' or 'failed'. */
    status: text('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rounds: integer('rounds').notNull().default(0),
    days: integer('days').notNull().default(0),
    visitsChanged: integer('visits_changed').notNull().default(0),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    /** When the run last wrote its counts (after each day it has done). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (table) => [
    index('route_automation_runs_account_idx').on(table.accountId, table.startedAt),
    // One running run per account, whatever a server does; the run's advisory lock decides which.
    uniqueIndex('route_automation_runs_one_running_idx')
      .on(table.accountId)
      .where(sql`${table.status} = 'running'`),
  ],
);
