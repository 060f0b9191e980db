import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts, rounds } from './accounts';
import { visits } from './clients';

/** A round's run of a day that its driver started on the phone page (once: a second start finds this row). */
export const runStarts = pgTable(
  'run_starts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('run_starts_round_date_unique').on(table.accountId, table.roundId, table.date)],
);

export type DeliveryNoticeKind = 'on_the_way' | 'cancelled' | 'moved';

/**
 * The delivery notices made for a visit, each once: `key` is '' or, for a move, the new start; inserted in the
 * transaction that queues the texts, so a change made again or retried queues nothing more.
 */
export const deliveryNotices = pgTable(
  'delivery_notices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DeliveryNoticeKind>().notNull(),
    key: text('key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('delivery_notices_kind_check', sql`${table.kind} IN ('on_the_way', 'cancelled', 'moved')`),
    unique('delivery_notices_once_unique').on(table.visitId, table.kind, table.key),
    index('delivery_notices_account_visit_idx').on(table.accountId, table.visitId),
  ],
);
