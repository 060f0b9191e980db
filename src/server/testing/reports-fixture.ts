import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rounds } from '../db/schema/accounts';
import { clients, mealCategories, visits } from '../db/schema/clients';
import { clientMealChoices, meals } from '../db/schema/meals';

/*
 * A small hand-computed account for the reports and round sheets tests (see reports.test.ts for the expected
 * figures). Its first round is in Perth: at the tests' clock, 2026-11-29T20:00Z, it is already Monday 30 November
 * there while it is still Sunday 29 November in UTC.
 *
 * Clients: Alice and Bob on North, Carol on East, Dan on no round, Eve hidden (on North).
 * Meals: Roast Chicken and Baked Fish (Mains), Apple Crumble (Desserts), Pumpkin Soup (no category).
 */

export const fixtureClock = new Date('2026-11-29T20:00:00Z');

type Choice = [
  client: string,
  date: string,
  meal: string,
  quantity: number,
  state?: string,
  comment?: string,
];
type VisitSpec = [client: string, date: string, status: string];

const choices: Choice[] = [
  ['Alice', '2026-11-30', 'roast', 1],
  ['Alice', '2026-12-01', 'fish', 2],
  ['Alice', '2026-12-07', 'roast', 2, 'Hot', 'Extra gravy'],
  ['Alice', '2026-12-07', 'crumble', 1],
  ['Alice', '2026-12-08', 'fish', 1],
  ['Alice', '2026-12-09', 'roast', 1],
  ['Bob', '2026-12-01', 'roast', 1],
  ['Bob', '2026-12-07', 'roast', 1, 'Frozen'],
  ['Bob', '2026-12-07', 'soup', 1, 'Hot'],
  // Chosen as 1, changed to 3 below.
  ['Bob', '2026-12-09', 'fish', 1],
  ['Carol', '2026-12-07', 'crumble', 2],
  ['Carol', '2026-12-08', 'roast', 1],
  ['Dan', '2026-12-07', 'fish', 1],
  ['Eve', '2026-12-07', 'roast', 5],
];

const visitSpecs: VisitSpec[] = [
  ['Alice', '2026-11-30', 'completed'],
  ['Alice', '2026-12-01', 'completed'],
  ['Alice', '2026-12-07', 'completed'],
  ['Alice', '2026-12-08', 'scheduled'],
  ['Alice', '2026-12-09', 'cancelled'],
  ['Bob', '2026-12-01', 'scheduled'],
  ['Bob', '2026-12-07', 'completed'],
  ['Carol', '2026-12-07', 'scheduled'],
  ['Carol', '2026-12-08', 'cancelled'],
  ['Carol', '2026-12-08', 'scheduled'],
  ['Eve', '2026-12-07', 'scheduled'],
];

export type ReportFixture = {
  roundIds: { north: number; east: number };
  clientIds: Record<string, number>;
  /** Visit ids by "client date status". */
  visitIds: Record<string, number>;
};

export async function seedReportFixture(db: Database, accountId: number): Promise<ReportFixture> {
  const [north, east] = await db
    .insert(rounds)
    .values([
      {
        accountId,
        name: 'North',
        address: '1 Base Rd, Perth WA',
        pickupTime: '09:00',
        timezone: 'Australia/Perth',
      },
      {
        accountId,
        name: 'East',
        address: '2 Depot St, Perth WA',
        pickupTime: '10:00',
        timezone: 'Australia/Perth',
      },
    ])
    .returning({ id: rounds.id });
  if (!north || !east) throw new Error('rounds not created');
  const [mains, desserts] = await db
    .insert(mealCategories)
    .values([
      { accountId, key: 'mains', name: 'Mains', position: 0 },
      { accountId, key: 'desserts', name: 'Desserts', position: 1 },
    ])
    .returning({ id: mealCategories.id });
  const mealRows = await db
    .insert(meals)
    .values([
      { accountId, key: 'roast', description: 'Roast Chicken', categoryId: mains?.id ?? null },
      { accountId, key: 'fish', description: 'Baked Fish', categoryId: mains?.id ?? null },
      { accountId, key: 'crumble', description: 'Apple Crumble', categoryId: desserts?.id ?? null },
      { accountId, key: 'soup', description: 'Pumpkin Soup', categoryId: null },
    ])
    .returning({ id: meals.id, key: meals.key });
  const mealIds = new Map(mealRows.map((row) => [row.key, row.id]));
  const weekdays = [1, 1, 1, 1, 1, 0, 0];
  const clientRows = await db
    .insert(clients)
    .values([
      {
        accountId,
        sourceId: 'a',
        name: 'Alice Archer',
        roundId: north.id,
        planDow: weekdays,
        labels: ['Gluten Free'],
        dietaryRequirements: 'No nuts',
        phone: '0400 000 001',
        address: '10 Hay St',
        city: 'Perth',
        state: 'WA',
        zip: '6000',
        deliveryInstructions: 'Knock loudly',
      },
      { accountId, sourceId: 'b', name: 'Bob Baker', roundId: north.id, planDow: [1, 0, 1, 0, 0, 0, 0] },
      { accountId, sourceId: 'c', name: 'Carol Cook', roundId: east.id },
      { accountId, sourceId: 'd', name: 'Dan Dunn', roundId: null },
      { accountId, sourceId: 'e', name: 'Eve Evans', roundId: north.id, isHidden: true, planDow: weekdays },
    ])
    .returning({ id: clients.id, name: clients.name });
  const clientIds = Object.fromEntries(clientRows.map((row) => [row.name.split(' ')[0] ?? '', row.id]));
  const idOf = (name: string) => clientIds[name] ?? 0;
  await db.insert(clientMealChoices).values(
    choices.map(([client, date, meal, quantity, state, comment]) => ({
      accountId,
      clientId: idOf(client),
      date,
      mealId: mealIds.get(meal) ?? 0,
      quantity,
      mealState: state ?? 'Frozen',
      comment: comment ?? '',
    })),
  );
  await db
    .update(clientMealChoices)
    .set({ quantity: 3 })
    .where(and(eq(clientMealChoices.clientId, idOf('Bob')), eq(clientMealChoices.date, '2026-12-09')));
  const visitRows = await db
    .insert(visits)
    .values(
      visitSpecs.map(([client, date, status], index) => ({
        accountId,
        clientId: idOf(client),
        sourceId: `v${String(index)}`,
        date,
        startAt: new Date(`${date}T01:00:00Z`),
        endAt: new Date(`${date}T01:30:00Z`),
        status,
        timezone: 'Australia/Perth',
      })),
    )
    .returning({ id: visits.id });
  const visitIds = Object.fromEntries(
    visitSpecs.map(([client, date, status], index) => [
      `${client} ${date} ${status}`,
      visitRows[index]?.id ?? 0,
    ]),
  );
  return { roundIds: { north: north.id, east: east.id }, clientIds, visitIds };
}

/** Another account with an order on the same day: it must never show in the first account's reports. */
export async function seedOtherAccountOrder(db: Database, accountId: number) {
  const [client] = await db
    .insert(clients)
    .values({ accountId, sourceId: 'z', name: 'Zed Zulu' })
    .returning({ id: clients.id });
  const [meal] = await db
    .insert(meals)
    .values({ accountId, key: 'roast', description: 'Other Roast' })
    .returning({ id: meals.id });
  await db.insert(clientMealChoices).values({
    accountId,
    clientId: client?.id ?? 0,
    date: '2026-12-07',
    mealId: meal?.id ?? 0,
    quantity: 7,
  });
  const [visit] = await db
    .insert(visits)
    .values({
      accountId,
      clientId: client?.id ?? 0,
      sourceId: 'z1',
      date: '2026-12-07',
      startAt: new Date('2026-12-07T01:00:00Z'),
      endAt: new Date('2026-12-07T01:30:00Z'),
    })
    .returning({ id: visits.id });
  return { visitId: visit?.id ?? 0 };
}
