import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { accounts, rounds } from './accounts';
import { clients } from './clients';

/**
 * The visits of an account without a CRM (source_system 'none'), as the CRM would keep them: made by MealRounds
 * from the clients' plans and written by the local source (publish, complete, notes, premiums, a hold's cancel).
 * The product's own copy is still `visits`, filled from these by the same refresh as from a CRM. Never deleted.
 */
export const localVisits = pgTable(
  'local_visits',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The round the plan slotted the visit on (a client that changes round gets its open visits re-slotted). */
    roundId: integer('round_id').references(() => rounds.id, { onDelete: 'set null' }),
    /** YYYY-MM-DD in the round's timezone. */
    date: text('date').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    status: text('status').$type<'scheduled' | 'completed' | 'cancelled'>().notNull().default('scheduled'),
    cancelCodeId: text('cancel_code_id'),
    cancelReason: text('cancel_reason').notNull().default(''),
    /** The times are the plan's; a publish sets its own and the plan then leaves them alone. */
    isPlannedTime: boolean('is_planned_time').notNull().default(true),
    /** Completed (locked), as AlayaCare locks a visit. */
    isLocked: boolean('is_locked').notNull().default(false),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    /** Premium id -> quantity. */
    premiums: jsonb('premiums').$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('local_visits_account_client_date_unique').on(table.accountId, table.clientId, table.date),
    index('local_visits_account_date_idx').on(table.accountId, table.date),
    check('local_visits_status_check', sql`${table.status} in ('scheduled', 'completed', 'cancelled')`),
  ],
);
