import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { accounts, rounds } from './schema/accounts';
import { createTestDatabase } from '../testing/test-database';

// The account's settings version rises with every write to the account or its rounds (migration 0042): an app
// server serves the copy it keeps in memory only against the version its session check read.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function readVersion(accountId: number): Promise<number | undefined> {
  const [row] = await database.db
    .select({ version: accounts.settingsVersion })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.version;
}

it('rises with each write to the account or to its rounds, and only its own account', async () => {
  const [account, other] = await database.db
    .insert(accounts)
    .values([{ name: 'Versioned' }, { name: 'Untouched' }])
    .returning();
  if (!account || !other) throw new Error('accounts not created');
  expect(await readVersion(account.id)).toBe(1);

  await database.db.update(accounts).set({ description: 'Kitchen' }).where(eq(accounts.id, account.id));
  expect(await readVersion(account.id)).toBe(2);

  await database.db.insert(rounds).values([
    { accountId: account.id, name: 'North' },
    { accountId: account.id, name: 'South' },
  ]);
  expect(await readVersion(account.id)).toBe(3);

  await database.db.update(rounds).set({ pickupTime: '10:00' }).where(eq(rounds.accountId, account.id));
  expect(await readVersion(account.id)).toBe(4);

  await database.db.delete(rounds).where(eq(rounds.name, 'South'));
  expect(await readVersion(account.id)).toBe(5);
  expect(await readVersion(other.id)).toBe(1);
});

it('lets an account be deleted with its rounds', async () => {
  const [account] = await database.db.insert(accounts).values({ name: 'Leaving' }).returning();
  if (!account) throw new Error('account not created');
  await database.db.insert(rounds).values({ accountId: account.id, name: 'East' });
  await database.db.delete(accounts).where(eq(accounts.id, account.id));
  expect(await readVersion(account.id)).toBeUndefined();
  expect(await database.db.select().from(rounds).where(eq(rounds.accountId, account.id))).toEqual([]);
});
