import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../crypto/passwords';
import type { SecretBox } from '../../crypto/secret-box';
import {
  demoClientTag,
  demoPremiums,
  demoServiceCodes,
  demoTimeZone,
  demoVisitTag,
} from '../../integrations/alayacare/simulator/demo-seed';
import { demoSimulatorCredentials } from '../../integrations/alayacare/simulator/server';
import type { Database } from '../client';
import { accounts, rounds } from '../schema/accounts';
import { mealCategories } from '../schema/clients';
import { demoSeedProgress } from '../schema/demo-seed';
import { users } from '../schema/users';
import { seedDemoCatalogue } from './demo-catalogue';

export const demoLogins = {
  admin: 'demo-admin@mealrounds.test',
  user: 'demo-user@mealrounds.test',
  password: 'demo-password',
} as const;

const baseAddress = '12 Parramatta Road, Annandale NSW 2038';
/**
 * The demo CRM books each round's first visit at 10:00 (its demo day schedule): the drivers leave the kitchen
 * early enough to get there, the rounds further away earlier. Every driver is back by 16:30, so the day planner
 * spreads a round that is off over the others rather than lengthening one driver's day into the evening.
 */
const demoLatestReturnTime = '16:30';
const demoRounds = [
  { name: 'Inner West', pickupTime: '09:30' },
  { name: 'Eastern Suburbs', pickupTime: '09:30' },
  { name: 'North Shore', pickupTime: '09:15' },
  { name: 'St George', pickupTime: '09:15' },
  { name: 'Canterbury', pickupTime: '09:15' },
];

const demoCategories = ['Soup', 'Main', 'Dessert', 'Salad', 'Sandwich'];

function premiumOf(category: string) {
  const premium = demoPremiums.find((candidate) => candidate.code === `MEAL-${category.toUpperCase()}`);
  return premium ? { id: String(premium.id), name: premium.code, code: premium.code } : null;
}

/**
 * Seeds the demo account once (in one transaction), linked to the built-in CRM simulator; answers the new
 * account's id, or null when it already exists (a second start reuses the data). The steps that need the CRM
 * come after, from demo-progress.ts.
 */
export async function seedDemoAccount(
  db: Database,
  options: { secretBox: SecretBox; sourceUrl: string },
): Promise<number | null> {
  const existing = await db.query.users.findFirst({ where: eq(users.username, demoLogins.admin) });
  if (existing) return null;
  const passwordHash = await hashPassword(demoLogins.password);
  const categoryKeys = demoCategories.map((name) => name.toLowerCase());
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        name: 'Harbour City Meals',
        description: 'Harbour City Meals on Wheels',
        sourceSystem: 'demo',
        sourceUrl: options.sourceUrl,
        sourceUsername: demoSimulatorCredentials.username,
        sourcePasswordEncrypted: options.secretBox.encrypt(demoSimulatorCredentials.password),
        sourceSettings: {
          client_tag: demoClientTag,
          visit_tag: demoVisitTag,
          service_codes: demoServiceCodes
            .filter((code) => code.name.includes('Meal'))
            .map((code) => ({ id: String(code.id), name: code.name })),
          premiums: Object.fromEntries(
            demoCategories.flatMap((name, index) => {
              const premium = premiumOf(name);
              return premium ? [[categoryKeys[index] ?? name, premium]] : [];
            }),
          ),
        },
      })
      .returning({ id: accounts.id });
    if (!account) throw new Error('The demo account was not created.');
    await tx.insert(rounds).values(
      demoRounds.map((round) => ({
        ...round,
        latestReturnTime: demoLatestReturnTime,
        address: baseAddress,
        accountId: account.id,
        timezone: demoTimeZone,
      })),
    );
    await tx.insert(mealCategories).values(
      demoCategories.map((name, index) => ({
        accountId: account.id,
        key: categoryKeys[index] ?? name,
        name,
        position: index,
      })),
    );
    await seedDemoCatalogue(tx, account.id);
    await tx.insert(users).values([
      { accountId: account.id, username: demoLogins.admin, passwordHash, accessLevel: 'admin' },
      { accountId: account.id, username: demoLogins.user, passwordHash, accessLevel: 'normal' },
    ]);
    // The rest (clients from the CRM, rounds, meal choices, visits) follows once the server listens.
    await tx.insert(demoSeedProgress).values({ accountId: account.id, step: 'account' });
    return account.id;
  });
}

/** The embedded simulator lives at this start's address: keep the demo account pointed at it. */
export async function pointDemoAccountAtSimulator(db: Database, sourceUrl: string) {
  await db
    .update(accounts)
    .set({ sourceUrl })
    .where(
      and(eq(accounts.sourceSystem, 'demo'), eq(accounts.sourceUsername, demoSimulatorCredentials.username)),
    );
}
