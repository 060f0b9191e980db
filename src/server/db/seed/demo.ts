import { eq } from 'drizzle-orm';
import { hashPassword } from '../../crypto/passwords';
import type { Database } from '../client';
import { accounts, rounds } from '../schema/accounts';
import { users } from '../schema/users';

export const demoLogins = {
  admin: 'demo-admin@mealrounds.test',
  user: 'demo-user@mealrounds.test',
  password: 'demo-password',
} as const;

const demoRounds = [
  { name: 'Inner West', address: '12 Parramatta Road, Annandale NSW 2038', pickupTime: '09:30' },
  { name: 'Eastern Suburbs', address: '12 Parramatta Road, Annandale NSW 2038', pickupTime: '09:45' },
  { name: 'North Shore', address: '12 Parramatta Road, Annandale NSW 2038', pickupTime: '10:00' },
  { name: 'St George', address: '12 Parramatta Road, Annandale NSW 2038', pickupTime: '09:30' },
  { name: 'Canterbury', address: '12 Parramatta Road, Annandale NSW 2038', pickupTime: '10:15' },
];

/** Seeds the demo account once; answers false when it already exists (a second start reuses the data). */
export async function seedDemoAccount(db: Database): Promise<boolean> {
  const existing = await db.query.users.findFirst({ where: eq(users.username, demoLogins.admin) });
  if (existing) return false;
  const passwordHash = await hashPassword(demoLogins.password);
  await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        name: 'Harbour City Meals',
        description: 'Harbour City Meals on Wheels',
        sourceSystem: 'demo',
      })
      .returning({ id: accounts.id });
    if (!account) throw new Error('The demo account was not created.');
    await tx
      .insert(rounds)
      .values(demoRounds.map((round) => ({ ...round, accountId: account.id, timezone: 'Australia/Sydney' })));
    await tx.insert(users).values([
      { accountId: account.id, username: demoLogins.admin, passwordHash, accessLevel: 'admin' },
      { accountId: account.id, username: demoLogins.user, passwordHash, accessLevel: 'normal' },
    ]);
  });
  return true;
}
