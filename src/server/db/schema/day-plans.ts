import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DayPlan, DayPlanJob } from '../../../contracts/day-plans';
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

/**
 * The day planner's jobs and their plans (migration 0021), so that any app server answers for any job. The
 * server that claimed a job searches and beats: progress and heartbeat_at every second. Another server's cancel
 * or start sets the status, which the running server sees at its next beat. A job without a beat for a while is
 * read as failed (its server stopped); finished jobs are deleted after a while (ADR 0029).
 */
export const dayPlanJobs = pgTable(
  'day_plan_jobs',
  {
    id: uuid('id').primaryKey(),
    /** The order the jobs were started in (two may start within one millisecond). */
    seq: serial('seq').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<DayPlanJob['status']>().notNull().default('running'),
    /** 0..1, as of the last beat; 1 once done. */
    progress: doublePrecision('progress').notNull().default(0),
    plan: jsonb('plan').$type<DayPlan>(),
    /** Why it failed, in words for the coordinator. */
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('day_plan_jobs_account_seq_idx').on(table.accountId, table.seq),
    index('day_plan_jobs_finished_idx').on(table.finishedAt),
    // One running job per account across every server: a start cancels the running one in the same transaction.
    uniqueIndex('day_plan_jobs_one_running_idx')
      .on(table.accountId)
      .where(sql`${table.status} = 'running'`),
  ],
);
