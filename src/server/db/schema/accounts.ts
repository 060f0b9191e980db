import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import {
  defaultLabelOptions,
  type LabelOptions,
  type MenuOptions,
  type RoundAutomation,
  type SourceSettings,
  type WorkloadBalance,
} from '../../../contracts/accounts';
import { defaultTimezone } from '../../../domain/timezones';

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sourceSystem: text('source_system').notNull().default(''),
    sourceUrl: text('source_url').notNull().default(''),
    sourceUsername: text('source_username').notNull().default(''),
    /** AES-GCM ciphertext (see crypto/secret-box.ts); empty when none is stored. */
    sourcePasswordEncrypted: text('source_password_encrypted').notNull().default(''),
    sourceSettings: jsonb('source_settings')
      .$type<SourceSettings>()
      .notNull()
      .default({ client_tag: '', visit_tag: '', service_codes: [], premiums: {} }),
    preferredDeliveryOrder: jsonb('preferred_delivery_order')
      .$type<Record<string, string[]>>()
      .notNull()
      .default({}),
    menuOptions: jsonb('menu_options')
      .$type<MenuOptions>()
      .notNull()
      .default({ custom_text: '', cycle_weeks: 0, cycle_start: null }),
    labelOptions: jsonb('label_options').$type<LabelOptions>().notNull().default(defaultLabelOptions),
    travelContingencyMins: integer('travel_contingency_mins').notNull().default(2),
    optimisationPreferenceTm: integer('optimisation_preference_tm').notNull().default(50),
    workloadBalance: text('workload_balance').$type<WorkloadBalance>().notNull().default('some'),
    /** How late a driver may give a day back through their personal link: hours before the pickup time. */
    releaseCutoffHours: integer('release_cutoff_hours').notNull().default(24),
    /** Without a CRM: how many weeks ahead MealRounds makes the clients' visits (extended daily). */
    visitHorizonWeeks: integer('visit_horizon_weeks').notNull().default(4),
    roundAutomation: jsonb('route_automation')
      .$type<RoundAutomation>()
      .notNull()
      .default({ enabled: '0', days_in_advance: 14, optimise_by: 'optimal' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised by triggers on every write to the account or its rounds: an app server checks the copy it keeps in
     * memory against it (src/server/shared/call-account-versions.ts).
     */
    settingsVersion: integer('settings_version').notNull().default(1),
  },
  (table) => [
    check('accounts_workload_balance_check', sql`${table.workloadBalance} in ('off', 'some', 'strong')`),
    check('accounts_visit_horizon_weeks_check', sql`${table.visitHorizonWeeks} between 1 and 12`),
  ],
);

export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    pickupTime: text('pickup_time').notNull().default('09:00'),
    timezone: text('timezone').notNull().default(defaultTimezone),
    /** The vehicle's capacity in portions; null = unlimited. */
    capacity: integer('capacity'),
    /** HH:MM by which the driver is back at base; null = no limit. */
    latestReturnTime: text('latest_return_time'),
  },
  (table) => [
    unique('rounds_account_name_unique').on(table.accountId, table.name),
    check('rounds_capacity_check', sql`${table.capacity} is null or ${table.capacity} > 0`),
  ],
);
