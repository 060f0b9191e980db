import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WelfareStep } from '../../../domain/welfare-steps';
import { accounts, rounds } from './accounts';
import { visits } from './clients';
import { users } from './users';

/** Binary content; node-postgres and PGlite both hand bytea back as a Buffer/Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A driver link: opens one round's run of one day without a login. Only the SHA-256 of the token is kept, so a
 * copy of the database opens no run; the token is shown once, when the link is made.
 */
export const driverLinks = pgTable(
  'driver_links',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    /** The run's day (YYYY-MM-DD) in the round's timezone. */
    date: text('date').notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    unique('driver_links_token_hash_unique').on(table.tokenHash),
    index('driver_links_round_date_idx').on(table.accountId, table.roundId, table.date),
  ],
);

/** A photo sent with an outcome (proof of delivery or of a concern): shown only to the account's users. */
export const driverPhotos = pgTable(
  'driver_photos',
  {
    /** A random UUID: the photo's address, behind a login all the same. */
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('driver_photos_account_created_idx').on(table.accountId, table.createdAt)],
);

/**
 * Every outcome a driver sent, kept as history. `client_uuid` is the id the phone made: unique per account, so a
 * retry of the same send records nothing twice. A visit's current outcome is its latest by `recorded_at`.
 */
export const driverOutcomes = pgTable(
  'driver_outcomes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientUuid: uuid('client_uuid').notNull(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => driverLinks.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    note: text('note').notNull().default(''),
    photoId: uuid('photo_id').references(() => driverPhotos.id, { onDelete: 'set null' }),
    /** When the driver recorded it on the phone (perhaps long before it arrived). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('driver_outcomes_account_uuid_unique').on(table.accountId, table.clientUuid),
    index('driver_outcomes_visit_idx').on(table.visitId, table.recordedAt),
  ],
);

/**
 * One alert per visit: opened by a not_home, refused or concern outcome and held until someone resolves it with
 * a note; a later alerting outcome of the visit reopens it.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    /** The visit's latest alerting outcome (by recorded_at). */
    outcomeId: integer('outcome_id')
      .notNull()
      .references(() => driverOutcomes.id, { onDelete: 'cascade' }),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** The resolver's username as it was, so the alert still says who after the user is deleted. */
    resolvedByName: text('resolved_by_name'),
    resolutionNote: text('resolution_note').notNull().default(''),
    /** What the resolver found: safe, hospital, away, family, emergency_services or other. */
    resolutionOutcome: text('resolution_outcome'),
    /** A welfare check's steps as the account's settings were when its clock started; NULL: no steps. */
    steps: jsonb('steps').$type<WelfareStep[]>(),
    /** When the check's clock started (its opening, or its reopening). */
    clockStartedAt: timestamp('clock_started_at', { withTimezone: true }),
    /** The index of the last step the step runner reached; NULL before the first. */
    step: integer('step'),
    /** When the next step falls due; NULL when no step is left. */
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
  },
  (table) => [
    unique('alerts_visit_unique').on(table.visitId),
    index('alerts_account_status_idx')
      .on(table.accountId, table.status)
      .where(sql`${table.status} = 'open'`),
    index('alerts_next_step_idx')
      .on(table.nextStepAt)
      .where(sql`${table.status} = 'open' AND ${table.nextStepAt} IS NOT NULL`),
  ],
);
