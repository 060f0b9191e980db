import { asc, count, eq } from 'drizzle-orm';
import { snapToMonday } from '../../../domain/weeks';
import { getTodayIn } from '../../../domain/today';
import { addDays } from '../../../domain/zoned-time';
import { demoTimeZone } from '../../integrations/alayacare/simulator/demo-seed';
import type { Database } from '../client';
import { rounds } from '../schema/accounts';
import { driverRounds, drivers, driverTimeOff, rosterAssignments, rosterPatterns } from '../schema/drivers';

/**
 * The demo's drivers: Sydney volunteers and staff with mobile numbers from the range set aside for fiction
 * (0491 570 ..., never a real subscriber), the rounds they know by index into the demo's rounds (by id).
 */
const demoDrivers: { name: string; phone: string; email: string; notes: string; rounds: number[] }[] = [
  {
    name: 'Margaret Kelly',
    phone: '+61491570006',
    email: 'margaret.kelly@example.org',
    notes: 'Retired nurse.',
    rounds: [0, 1],
  },
  { name: 'Tony Nguyen', phone: '+61491570156', email: '', notes: 'Prefers mornings.', rounds: [0] },
  { name: 'Priya Sharma', phone: '+61491570157', email: 'priya.s@example.org', notes: '', rounds: [1] },
  {
    name: 'Dave O’Brien',
    phone: '+61491570158',
    email: '',
    notes: 'Has a van: can take the big orders.',
    rounds: [1, 0],
  },
  { name: 'Helen Papadopoulos', phone: '+61491570159', email: 'helen.p@example.org', notes: '', rounds: [2] },
  { name: 'James Wilson', phone: '+61491570110', email: '', notes: 'Staff driver.', rounds: [2, 3] },
  { name: 'Mei Lin Chen', phone: '+61491570313', email: 'meilin.chen@example.org', notes: '', rounds: [3] },
  {
    name: 'Robert Fraser',
    phone: '+61491570737',
    email: '',
    notes: 'Alternate weeks with Mei Lin.',
    rounds: [3],
  },
  { name: 'Fatima Haddad', phone: '+61491571266', email: 'fatima.h@example.org', notes: '', rounds: [3, 4] },
  { name: 'Steve Russo', phone: '+61491571491', email: '', notes: '', rounds: [4] },
  {
    name: 'Aroha Williams',
    phone: '+61491571804',
    email: 'aroha.w@example.org',
    notes: 'Uni student: Tuesdays and Thursdays.',
    rounds: [4, 2],
  },
  { name: 'Bill Thompson', phone: '+61491572549', email: '', notes: 'Moved to Newcastle.', rounds: [0] },
];

/** Patterns by driver and round index; none of one round meet (one driver per round per day). */
const demoPatterns: {
  driver: number;
  round: number;
  weekdays: number[];
  everyWeeks?: number;
  offsetWeeks?: number;
}[] = [
  { driver: 0, round: 0, weekdays: [1, 3, 5] },
  { driver: 1, round: 0, weekdays: [2, 4] },
  { driver: 2, round: 1, weekdays: [1, 2, 3] },
  { driver: 3, round: 1, weekdays: [4, 5] },
  { driver: 4, round: 2, weekdays: [1, 3] },
  { driver: 10, round: 2, weekdays: [2, 4] },
  { driver: 5, round: 2, weekdays: [5] },
  { driver: 6, round: 3, weekdays: [1, 2], everyWeeks: 2 },
  { driver: 7, round: 3, weekdays: [1, 2], everyWeeks: 2, offsetWeeks: 1 },
  { driver: 8, round: 3, weekdays: [3, 4, 5] },
  { driver: 9, round: 4, weekdays: [1, 3, 5] },
  { driver: 5, round: 4, weekdays: [2, 4] },
];

/**
 * The demo's drivers step: 12 drivers (one inactive), patterns over the demo rounds begun eight weeks ago (so the
 * suggestions have history), time off and a day left unfilled next week (the board's gaps, none on Monday), and a substitute this
 * week. Deterministic from today in the demo's zone; idempotent (a second run finds the drivers and stops).
 */
export async function seedDemoDrivers(db: Database, accountId: number, now = new Date()): Promise<void> {
  const [existing] = await db
    .select({ total: count() })
    .from(drivers)
    .where(eq(drivers.accountId, accountId));
  if ((existing?.total ?? 0) > 0) return;
  const roundIds = (
    await db
      .select({ id: rounds.id })
      .from(rounds)
      .where(eq(rounds.accountId, accountId))
      .orderBy(asc(rounds.id))
  ).map((round) => round.id);
  if (roundIds.length === 0) return;
  const roundAt = (index: number) => roundIds[index % roundIds.length] ?? 0;
  const monday = snapToMonday(getTodayIn(demoTimeZone, now.getTime()));
  const nextMonday = addDays(monday, 7);
  const starts = addDays(monday, -56);

  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(drivers)
      .values(
        demoDrivers.map((driver, index) => ({
          accountId,
          name: driver.name,
          phone: driver.phone,
          email: driver.email,
          notes: driver.notes,
          isActive: index !== 11,
        })),
      )
      .returning({ id: drivers.id });
    const driverAt = (index: number) => rows[index]?.id ?? 0;
    const known = demoDrivers.flatMap((driver, index) =>
      [...new Set(driver.rounds.map(roundAt))].map((roundId) => ({
        accountId,
        driverId: driverAt(index),
        roundId,
      })),
    );
    await tx.insert(driverRounds).values(known);
    await tx.insert(rosterPatterns).values(
      demoPatterns.map((pattern) => ({
        accountId,
        driverId: driverAt(pattern.driver),
        roundId: roundAt(pattern.round),
        weekdays: pattern.weekdays,
        everyWeeks: pattern.everyWeeks ?? 1,
        starts: addDays(starts, 7 * (pattern.offsetWeeks ?? 0)),
      })),
    );
    // Next week's gaps: Priya away Tuesday and Wednesday, Steve on Friday, Thursday's round 3 left unfilled. Monday
    // stays filled: it may be the next delivery day, the one Plan Day and the packing list open on.
    await tx.insert(driverTimeOff).values([
      {
        accountId,
        driverId: driverAt(2),
        fromDate: addDays(nextMonday, 1),
        toDate: addDays(nextMonday, 2),
        note: 'Family wedding in Melbourne',
      },
      {
        accountId,
        driverId: driverAt(9),
        fromDate: addDays(nextMonday, 4),
        toDate: addDays(nextMonday, 4),
        note: 'Medical appointment',
      },
      {
        accountId,
        driverId: driverAt(0),
        fromDate: addDays(monday, -21),
        toDate: addDays(monday, -17),
        note: 'Holiday',
      },
    ]);
    await tx.insert(rosterAssignments).values([
      { accountId, roundId: roundAt(2), date: addDays(nextMonday, 3), driverId: null },
      // This Wednesday Dave stands in for Margaret on the first round.
      { accountId, roundId: roundAt(0), date: addDays(monday, 2), driverId: driverAt(3) },
    ]);
  });
}
