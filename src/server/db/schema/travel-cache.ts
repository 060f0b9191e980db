import { doublePrecision, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Travel between two addresses (the travel cache), keyed by 'from:to' per account and provider:
 * kilometres to one decimal and whole minutes rounded up, as the API answers them.
 */
export const travelCache = pgTable(
  'travel_cache',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    routeKey: text('route_key').notNull(),
    kms: doublePrecision('kms').notNull(),
    mins: integer('mins').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('travel_cache_account_provider_route_unique').on(table.accountId, table.provider, table.routeKey),
  ],
);
