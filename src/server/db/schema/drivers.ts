import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { accounts, rounds } from './accounts';

/**
 * Volunteer and staff drivers (migration 0027): people, not users; they have no login. `phone` is E.164.
 * A driver with history is only ever deactivated.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('drivers_account_name_idx').on(table.accountId, table.name)],
);

/** The rounds a driver knows. */
export const driverRounds = pgTable(
  'driver_rounds',
  {
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.driverId, table.roundId] }),
    index('driver_rounds_account_round_idx').on(table.accountId, table.roundId),
  ],
);

/**
 * A recurring pattern: the driver drives the round on `weekdays` (1 = Monday) every `every_weeks` weeks counted
 * from the week of `starts`, until `ends` (YYYY-MM-DD, both included; null = open-ended). `weekOfMonth` n keeps
 * only the nth such weekday of a month. Expanded when read (src/domain/roster-patterns.ts).
 */
export const rosterPatterns = pgTable(
  'roster_patterns',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    weekdays: integer('weekdays').array().notNull(),
    everyWeeks: integer('every_weeks').notNull().default(1),
    weekOfMonth: integer('week_of_month'),
    starts: text('starts').notNull(),
    ends: text('ends'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('roster_patterns_every_weeks_check', sql`${table.everyWeeks} between 1 and 8`),
    check(
      'roster_patterns_week_of_month_check',
      sql`${table.weekOfMonth} is null or ${table.weekOfMonth} between 1 and 5`,
    ),
    check('roster_patterns_dates_check', sql`${table.ends} is null or ${table.ends} >= ${table.starts}`),
    index('roster_patterns_account_round_idx').on(table.accountId, table.roundId),
    index('roster_patterns_account_driver_idx').on(table.accountId, table.driverId),
  ],
);

/**
 * A round's day set apart from its pattern: a one-time driver or a substitute, or `driverId` null for a day left
 * unfilled. A released day (given back by its driver) is unfilled with `isReleased` and `releasedDriverId`.
 */
export const rosterAssignments = pgTable(
  'roster_assignments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
    isReleased: boolean('is_released').notNull().default(false),
    releasedDriverId: integer('released_driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('roster_assignments_round_date_unique').on(table.roundId, table.date),
    check('roster_assignments_released_check', sql`not ${table.isReleased} or ${table.driverId} is null`),
    index('roster_assignments_account_date_idx').on(table.accountId, table.date),
    index('roster_assignments_driver_date_idx').on(table.driverId, table.date),
  ],
);

/** A driver's days away (YYYY-MM-DD, both included). */
export const driverTimeOff = pgTable(
  'driver_time_off',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('driver_time_off_dates_check', sql`${table.toDate} >= ${table.fromDate}`),
    index('driver_time_off_account_driver_idx').on(table.accountId, table.driverId, table.fromDate),
  ],
);
