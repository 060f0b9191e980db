import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstOverlap } from '../../../domain/roster-patterns';
import { resolveSlot } from '../../../domain/roster-slots';
import { parsePhoneNumber } from '../../../domain/phone-numbers';
import type { DatabaseHandle } from '../client';
import { accounts, rounds } from '../schema/accounts';
import { drivers, driverTimeOff, rosterAssignments, rosterPatterns } from '../schema/drivers';
import { createTestDatabase } from '../../testing/test-database';
import { seedDemoDrivers } from './demo-drivers';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

it('seeds 12 drivers once, patterns that never meet, and gaps next week after its Monday', async () => {
  const { db } = database;
  const [account] = await db.insert(accounts).values({ name: 'Demo Drivers' }).returning();
  const accountId = account?.id ?? 0;
  const roundRows = await db
    .insert(rounds)
    .values(
      ['Inner West', 'Eastern Suburbs', 'North Shore', 'St George', 'Canterbury'].map((name) => ({
        accountId,
        name,
      })),
    )
    .returning();
  // Wednesday 18-11-2026 in Sydney: next week runs from Monday 23-11-2026.
  const now = new Date('2026-11-18T01:00:00Z');
  await seedDemoDrivers(db, accountId, now);
  await seedDemoDrivers(db, accountId, now);

  const driverRows = await db.select().from(drivers).where(eq(drivers.accountId, accountId));
  expect(driverRows).toHaveLength(12);
  expect(driverRows.filter((driver) => !driver.isActive).map((driver) => driver.name)).toEqual([
    'Bill Thompson',
  ]);
  for (const driver of driverRows)
    expect(parsePhoneNumber(driver.phone, 'AU')).toEqual({ isValid: true, e164: driver.phone });

  const patterns = await db.select().from(rosterPatterns).where(eq(rosterPatterns.accountId, accountId));
  expect(patterns).toHaveLength(12);
  expect(new Set(patterns.map((pattern) => pattern.roundId)).size).toBe(5);
  for (const a of patterns)
    for (const b of patterns)
      if (a.id < b.id && a.roundId === b.roundId) expect(findFirstOverlap(a, b)).toBeNull();

  const timeOff = await db.select().from(driverTimeOff).where(eq(driverTimeOff.accountId, accountId));
  const assignments = await db
    .select()
    .from(rosterAssignments)
    .where(eq(rosterAssignments.accountId, accountId));
  const nextWeek = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
  const gaps = roundRows.flatMap((round) =>
    nextWeek.flatMap((date) => {
      const own = patterns.filter((pattern) => pattern.roundId === round.id);
      const assignment = assignments.find((row) => row.roundId === round.id && row.date === date) ?? null;
      const slot = resolveSlot(own, assignment, timeOff, date);
      return slot.driverId === null ? [`${round.name} ${date}`] : [];
    }),
  );
  expect(gaps).toEqual([
    'Eastern Suburbs 2026-11-24',
    'Eastern Suburbs 2026-11-25',
    'North Shore 2026-11-26',
    'Canterbury 2026-11-27',
  ]);
});
