import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { clients, mealCategories } from './clients';

/** The meal catalogue. */
export const meals = pgTable(
  'meals',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    description: text('description').notNull(),
    ingredients: text('ingredients').notNull().default(''),
    categoryId: integer('category_id').references(() => mealCategories.id, { onDelete: 'set null' }),
    mealState: text('meal_state').notNull().default('Hot'),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    /** Allergen names of the account (see `allergens`). */
    allergens: jsonb('allergens').$type<string[]>().notNull().default([]),
    /** How to reheat (or keep) the meal, printed on its labels. */
    reheatingInstructions: text('reheating_instructions').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('meals_account_key_unique').on(table.accountId, table.key)],
);

/** A client's choice of a meal for a day: quantities are integers 1 to 99. */
export const clientMealChoices = pgTable(
  'client_meal_choices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD. */
    date: text('date').notNull(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    mealState: text('meal_state').notNull().default('Frozen'),
    cookDeliver: text('cook_deliver').notNull().default('Cook & Deliver'),
    comment: text('comment').notNull().default(''),
    /** Why the choice was kept although the meal contains one of the client's allergies; null when not overridden. */
    allergenOverride: text('allergen_override'),
  },
  (table) => [
    unique('client_meal_choices_unique').on(table.clientId, table.date, table.mealId),
    index('client_meal_choices_account_date_idx').on(table.accountId, table.date),
  ],
);

/** Dietary labels of an account: meals and clients refer to them by name. */
export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** #rrggbb. */
    colour: text('colour').notNull().default('#dddddd'),
  },
  (table) => [
    unique('labels_account_key_unique').on(table.accountId, table.key),
    unique('labels_account_name_unique').on(table.accountId, table.name),
  ],
);

/**
 * Allergens of an account: meals (what they contain) and clients (their allergies) refer to them by name. A database
 * trigger gives every new account the food standards' declarable allergens (migration 0016).
 */
export const allergens = pgTable(
  'allergens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    unique('allergens_account_key_unique').on(table.accountId, table.key),
    unique('allergens_account_name_unique').on(table.accountId, table.name),
  ],
);

/** The weekly menu: the meals offered on a date, in order (the meal's category gives the row). */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD. */
    date: text('date').notNull(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('menu_items_account_date_meal_unique').on(table.accountId, table.date, table.mealId),
    index('menu_items_account_date_idx').on(table.accountId, table.date),
  ],
);
