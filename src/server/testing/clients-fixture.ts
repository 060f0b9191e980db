import { eq } from 'drizzle-orm';
import type { SourceSystemName } from '../../contracts/accounts';
import { accounts, rounds } from '../db/schema/accounts';
import { clients, mealCategories } from '../db/schema/clients';
import { clientMealChoices, labels, meals } from '../db/schema/meals';
import type { TestApp } from './test-app';

/** Wednesday 18-11-2026, 12:00 in Sydney: the strip runs from Monday 16-11-2026 to Sunday 29-11-2026. */
export const fixedNow = new Date('2026-11-18T01:00:00Z');

export type FixtureClient = {
  name: string;
  round?: 'North' | 'South';
  planDow?: number[];
  labels?: string[];
  isHidden?: boolean;
  externalId?: string;
};

/**
 * An account with two rounds (North, South), two labels, three meals and the given clients (inserted in order,
 * so ids follow the list), kept by `options.sourceSystem` (default: none chosen yet). Answers the user's token and
 * the rows' ids.
 */
export async function createClientsAccount(
  t: TestApp,
  name: string,
  list: FixtureClient[],
  options: { sourceSystem?: SourceSystemName } = {},
) {
  const { account, user, admin } = await t.createAccount(name);
  const accountId = account.id;
  // Set before anything reads the account (the accounts service keeps what it read): as if chosen at creation.
  if (options.sourceSystem)
    await t.db.update(accounts).set({ sourceSystem: options.sourceSystem }).where(eq(accounts.id, accountId));
  const [north, south] = await t.db
    .insert(rounds)
    .values([
      { accountId, name: 'North', timezone: 'Australia/Sydney' },
      { accountId, name: 'South', timezone: 'Australia/Perth' },
    ])
    .returning();
  if (!north || !south) throw new Error('rounds not created');
  await t.db.insert(labels).values([
    { accountId, key: 'gf', name: 'Gluten Free', colour: '#f4a261' },
    { accountId, key: 'veg', name: 'Vegetarian', colour: '#2a9d8f' },
  ]);
  const [category] = await t.db
    .insert(mealCategories)
    .values({ accountId, key: 'main', name: 'Main' })
    .returning();
  const mealRows = await t.db
    .insert(meals)
    .values([
      {
        accountId,
        key: 'pumpkin-soup',
        description: 'Pumpkin Soup',
        mealState: 'Hot',
        labels: ['Gluten Free'],
      },
      {
        accountId,
        key: 'beef-pie',
        description: 'Beef Pie',
        mealState: 'Cold',
        categoryId: category?.id ?? null,
      },
      { accountId, key: 'garden-salad', description: 'Garden Salad', mealState: 'Fresh', isActive: false },
    ])
    .returning();
  const clientRows = list.length
    ? await t.db
        .insert(clients)
        .values(
          list.map((client, index) => ({
            accountId,
            sourceId: `${accountId}-${index}`,
            externalId: client.externalId ?? `EXT-${index}`,
            name: client.name,
            roundId: client.round === 'North' ? north.id : client.round === 'South' ? south.id : null,
            planDow: client.planDow ?? [0, 0, 0, 0, 0, 0, 0],
            labels: client.labels ?? [],
            isHidden: client.isHidden ?? false,
          })),
        )
        .returning()
    : [];
  const mealIds = Object.fromEntries(mealRows.map((meal) => [meal.key, meal.id]));
  return {
    accountId,
    token: await t.login(user.username),
    adminToken: await t.login(admin.username),
    rounds: { north, south },
    clientIds: clientRows.map((row) => row.id),
    mealIds,
    /** Stores choices directly: [client id, date YYYY-MM-DD, meal key, quantity]. */
    async addChoices(choices: [number, string, string, number][]) {
      if (choices.length === 0) return;
      await t.db.insert(clientMealChoices).values(
        choices.map(([clientId, date, key, quantity]) => ({
          accountId,
          clientId,
          date,
          mealId: mealIds[key] ?? 0,
          quantity,
        })),
      );
    },
  };
}
