import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { visits } from './clients';

/** What a write sets in the CRM; `previous` is the local state it replaced (put back when the write fails). */
export type SourceWriteKind =
  'visit_times' | 'visit_complete' | 'visit_premiums' | 'visit_note' | 'visit_cancel';
export type SourceWriteStatus = 'pending' | 'done' | 'failed' | 'dropped' | 'superseded';

/**
 * The CRM write outbox: every write to the CRM is a row here, written in the same transaction as the local change
 * it carries, and sent by a worker on any app server (claimed with a lease; see the source-writes feature).
 */
export const sourceWrites = pgTable(
  'source_writes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SourceWriteKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<SourceWriteStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While set and in the future, a sender holds the row; `claimToken` says which one. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    claimToken: text('claim_token'),
    /** The last attempt may have reached the CRM: read the visit back before sending again. */
    isOutcomeUnknown: boolean('is_outcome_unknown').notNull().default(false),
    lastError: text('last_error').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('source_writes_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('source_writes_visit_idx').on(table.visitId, table.kind, table.status),
    index('source_writes_account_idx').on(table.accountId, table.status),
  ],
);
