import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { defaultTimezone } from '../../../domain/timezones';
import { accounts, rounds } from './accounts';

/**
 * Meal clients synced from the CRM. The CRM maintains the identity and contact fields (overwritten by every sync);
 * the product maintains round, labels, dietary requirements, plan and delivery instructions (never touched by a sync).
 */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // Maintained by the CRM.
    sourceId: text('source_id').notNull(),
    externalId: text('external_id').notNull().default(''),
    name: text('name').notNull(),
    url: text('url').notNull().default(''),
    externalStatus: text('external_status').notNull().default('active'),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The address was looked up and could not be placed on a map (flagged on the client screen). */
    isAddressUnplaced: boolean('is_address_unplaced').notNull().default(false),
    /** True when the client no longer carries the account's client tag: hidden, never deleted. */
    isHidden: boolean('is_hidden').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    // Maintained by the product.
    roundId: integer('round_id').references(() => rounds.id, { onDelete: 'set null' }),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    dietaryRequirements: text('dietary_requirements').notNull().default(''),
    /** Allergen names of the account the client is allergic to. */
    allergies: jsonb('allergies').$type<string[]>().notNull().default([]),
    plan: text('plan').notNull().default(''),
    /** Seven flags, Monday first; 1 = delivery day. */
    planDow: jsonb('plan_dow').$type<number[]>().notNull().default([0, 0, 0, 0, 0, 0, 0]),
    deliveryInstructions: text('delivery_instructions').notNull().default(''),
    /** The delivery window (HH:MM, earliest before latest), both ends or neither. */
    deliveryWindowEarliest: text('delivery_window_earliest'),
    deliveryWindowLatest: text('delivery_window_latest'),
    /** The client wants delivery notices (messages when the meal is on its way, moved or cancelled). */
    wantsNotices: boolean('wants_notices').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('clients_account_source_unique').on(table.accountId, table.sourceId),
    index('clients_account_name_idx').on(table.accountId, table.name),
    index('clients_round_idx').on(table.roundId),
    check(
      'clients_delivery_window_check',
      sql`(${table.deliveryWindowEarliest} is null and ${table.deliveryWindowLatest} is null) or (${table.deliveryWindowEarliest} is not null and ${table.deliveryWindowLatest} is not null and ${table.deliveryWindowEarliest} < ${table.deliveryWindowLatest})`,
    ),
  ],
);

/** Delivery visits of meal clients, kept locally with the CRM's times as last known (the originals). */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    /** The visit's local date (YYYY-MM-DD) in its timezone. */
    date: text('date').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('scheduled'),
    serviceCodeId: text('service_code_id').notNull().default(''),
    timezone: text('timezone').notNull().default(defaultTimezone),
    /** The premiums last set on the visit in the CRM by the meals sync (premium id -> quantity). */
    premiumsSynced: jsonb('premiums_synced').$type<Record<string, number>>(),
    /** Cancelled in the CRM by the product because its day fell in a client hold (put back when it no longer does). */
    isHoldCancelled: boolean('is_hold_cancelled').notNull().default(false),
    /** The CRM's reason for a cancelled visit (its cancel code's description, else the code); '' when none. */
    cancelReason: text('cancel_reason').notNull().default(''),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('visits_account_source_unique').on(table.accountId, table.sourceId),
    index('visits_account_date_idx').on(table.accountId, table.date),
    index('visits_client_date_idx').on(table.clientId, table.date),
    index('visits_hold_cancelled_idx')
      .on(table.accountId, table.date)
      .where(sql`${table.isHoldCancelled}`),
  ],
);

export const mealCategories = pgTable(
  'meal_categories',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('meal_categories_account_key_unique').on(table.accountId, table.key),
    unique('meal_categories_account_name_unique').on(table.accountId, table.name),
  ],
);

/**
 * Counters per account that database triggers raise (migrations 0006 and 0041): `version` with every statement
 * writing the account's clients, meal choices, holds or rounds; `rowsVersion` only with those that can change who
 * the clients list shows and how (clients beyond their save stamp, rounds). The clients list keeps its rows and
 * totals with the one and its strip with the other, so a change made here, by another app server or by a cascade
 * is never served stale, and a meal-choice save reads only the strip again.
 */
export const clientListVersions = pgTable('client_list_versions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  rowsVersion: bigint('rows_version', { mode: 'number' }).notNull().default(0),
});

/**
 * Per client and day: the portions chosen and the client's visits by status, kept by database triggers on
 * client_meal_choices and visits (see migration 0007) so the month reports read one row per client and day
 * instead of aggregating every choice and visit. Never written by the application.
 */
export const clientDays = pgTable(
  'client_days',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD. */
    date: text('date').notNull(),
    /** How many meal choices the client has that day, and their quantities summed. */
    choices: integer('choices').notNull().default(0),
    portions: integer('portions').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    cancelledVisits: integer('cancelled_visits').notNull().default(0),
    completedVisits: integer('completed_visits').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.date] }),
    index('client_days_account_date_idx').on(table.accountId, table.date),
  ],
);
