import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client';
import { accounts, rounds } from '../schema/accounts';
import { clients } from '../schema/clients';
import { clientHolds } from '../schema/holds';
import { createTestDatabase } from '../../testing/test-database';
import { seedDemoHolds } from './demo-holds';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

it('seeds four holds (one open-ended) once, and chooses the hold cancel code', async () => {
  const { db } = database;
  const [account] = await db.insert(accounts).values({ name: 'Demo Holds' }).returning();
  const accountId = account?.id ?? 0;
  const [round] = await db.insert(rounds).values({ accountId, name: 'North' }).returning();
  await db.insert(clients).values(
    Array.from({ length: 40 }, (_, index) => ({
      accountId,
      sourceId: String(index),
      name: `Client ${String(index).padStart(2, '0')}`,
      roundId: round?.id ?? null,
    })),
  );
  const now = new Date('2026-11-18T01:00:00Z');
  await seedDemoHolds(db, accountId, now);
  await seedDemoHolds(db, accountId, now);
  const holds = await db.select().from(clientHolds).where(eq(clientHolds.accountId, accountId));
  expect(holds).toHaveLength(4);
  expect(holds.filter((hold) => hold.toDate === null)).toHaveLength(1);
  expect(holds.map((hold) => hold.fromDate).sort()).toEqual([
    '2026-10-19',
    '2026-11-10',
    '2026-11-15',
    '2026-11-25',
  ]);
  const [stored] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  expect(stored?.sourceSettings.cancel_code_id).toBe('3');
});
