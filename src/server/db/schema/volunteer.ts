import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts, rounds } from './accounts';
import { drivers } from './drivers';
import { users } from './users';

/**
 * A driver's personal link (migration 0028, ADR 0040): opens their page of the roster without a login. Only the
 * token's SHA-256 is kept; a new link revokes the driver's earlier one.
 */
export const volunteerLinks = pgTable(
  'volunteer_links',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    unique('volunteer_links_token_hash_unique').on(table.tokenHash),
    index('volunteer_links_account_driver_idx').on(table.accountId, table.driverId),
  ],
);

export const rosterReminderKinds = ['driver_reminder', 'unfilled_48h', 'unfilled_24h'] as const;
export type RosterReminderKind = (typeof rosterReminderKinds)[number];

/**
 * A reminder to a driver or an alert to the office, sent once: the unique key is inserted in the transaction that
 * queues its mail, so a second server's run finds it there and sends nothing. `driverId` null for an alert.
 */
export const rosterReminders = pgTable(
  'roster_reminders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RosterReminderKind>().notNull(),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    /** The round's day, YYYY-MM-DD. */
    date: text('date').notNull(),
    driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    recipients: text('recipients').array().notNull(),
    channels: text('channels').array().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'roster_reminders_kind_check',
      sql`${table.kind} in ('driver_reminder', 'unfilled_48h', 'unfilled_24h')`,
    ),
    unique('roster_reminders_once_unique')
      .on(table.kind, table.roundId, table.date, table.driverId)
      .nullsNotDistinct(),
    index('roster_reminders_account_date_idx').on(table.accountId, table.date),
  ],
);
