import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import type { FundingProgramme } from '../../../contracts/funding';
import { accounts } from './accounts';
import { clients } from './clients';
import { users } from './users';

/**
 * A client's funder profile: programme, fee per meal and the Data Exchange (DEX) client fields. Codes are those of
 * the funding_codes lists; `locally_set` names the fields a user set, which a CRM sync never overwrites.
 */
export const clientFundingProfiles = pgTable(
  'client_funding_profiles',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    programme: text('programme').$type<FundingProgramme>(),
    feePerMealCents: integer('fee_per_meal_cents').notNull().default(0),
    /** YYYY-MM-DD. */
    birthDate: text('birth_date'),
    isBirthDateEstimate: boolean('is_birth_date_estimate').notNull().default(false),
    genderCode: text('gender_code'),
    countryOfBirthCode: text('country_of_birth_code'),
    languageCode: text('language_code'),
    atsiCode: text('atsi_code'),
    dvaCardStatusCode: text('dva_card_status_code'),
    accommodationTypeCode: text('accommodation_type_code'),
    householdCompositionCode: text('household_composition_code'),
    hasCarer: boolean('has_carer'),
    hasDisabilities: boolean('has_disabilities').notNull().default(false),
    consentToProvideDetails: boolean('consent_to_provide_details').notNull().default(false),
    consentedForFutureContacts: boolean('consented_for_future_contacts').notNull().default(false),
    locallySet: jsonb('locally_set').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_funding_profiles_account_idx').on(table.accountId, table.programme),
    check(
      'client_funding_profiles_programme_check',
      sql`${table.programme} is null or ${table.programme} in ('CHSP', 'HCP', 'NDIS', 'private', 'other')`,
    ),
    check('client_funding_profiles_fee_check', sql`${table.feePerMealCents} >= 0`),
  ],
);

/** The shipped DEX code lists: global reference data, the same for every account. */
export const fundingCodeDefaults = pgTable(
  'funding_code_defaults',
  {
    id: serial('id').primaryKey(),
    list: text('list').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [unique('funding_code_defaults_list_code_unique').on(table.list, table.code)],
);

/**
 * An account's own DEX code lists (written when an administrator updates one): they replace the shipped defaults
 * of that list for that account.
 */
export const fundingCodes = pgTable(
  'funding_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('funding_codes_account_list_code_unique')
      .on(table.accountId, table.list, table.code)
      .nullsNotDistinct(),
  ],
);

/** A closed month (`month` YYYY-MM-01) of an account: its funder figures are frozen in the two tables below. */
export const monthCloses = pgTable(
  'month_closes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [unique('month_closes_account_month_unique').on(table.accountId, table.month)],
);

/** Each reported client of a closed month as it was at the close: name, programme and fee per meal. */
export const monthCloseClients = pgTable(
  'month_close_clients',
  {
    monthCloseId: integer('month_close_id')
      .notNull()
      .references(() => monthCloses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    programme: text('programme').$type<FundingProgramme>(),
    feePerMealCents: integer('fee_per_meal_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.monthCloseId, table.clientId] }),
    index('month_close_clients_account_idx').on(table.accountId, table.clientId),
  ],
);

/** The frozen meals of a closed month per client and day (YYYY-MM-DD): ordered, delivered and held portions. */
export const monthCloseDays = pgTable(
  'month_close_days',
  {
    monthCloseId: integer('month_close_id')
      .notNull()
      .references(() => monthCloses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull(),
    date: text('date').notNull(),
    ordered: integer('ordered').notNull(),
    delivered: integer('delivered').notNull(),
    held: integer('held').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.monthCloseId, table.clientId, table.date] }),
    index('month_close_days_account_idx').on(table.accountId, table.date),
  ],
);

/** The DEX ids an account's last export used, offered again next time. */
export const dexExportSettings = pgTable('dex_export_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  outletActivityId: integer('outlet_activity_id').notNull(),
  serviceTypeId: integer('service_type_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
