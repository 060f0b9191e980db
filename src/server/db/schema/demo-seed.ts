import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** The demo seeding's steps, in order; the first is the account itself (one transaction). */
export const demoSeedSteps = [
  'account',
  'clients',
  'rounds',
  'meal_choices',
  'visits',
  'holds',
  'allergens',
  'drivers',
] as const;
export type DemoSeedStep = (typeof demoSeedSteps)[number];

/**
 * The last step of the demo seeding completed for a demo account, so that a first start killed part way
 * finishes the missing steps on the next start.
 */
export const demoSeedProgress = pgTable('demo_seed_progress', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  step: text('step').$type<DemoSeedStep>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
