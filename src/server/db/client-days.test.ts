import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { accounts } from './schema/accounts';
import { clientListVersions, clients, visits } from './schema/clients';
import { clientMealChoices, meals } from './schema/meals';
import { createMealChoicesRepository } from '../features/clients/meal-choices-repository';
import { createTestDatabase } from '../testing/test-database';

// client_days and client_list_versions are kept by triggers (migrations 0006 and 0007). After any sequence of
// writes to choices and visits, client_days must equal the same sums computed afresh from those tables; every
// statement that writes an account's clients, choices or rounds raises the account's list version.

const dates = ['2026-12-01', '2026-12-02', '2026-12-03'];
const statuses = ['scheduled', 'completed', 'cancelled'];

type Step =
  | { kind: 'choose'; client: number; date: number; meal: number; quantity: number }
  | { kind: 'unchoose'; client: number; date: number }
  | { kind: 'requantify'; client: number; quantity: number }
  | { kind: 'replace'; client: number; date: number; meal: number; quantity: number }
  | { kind: 'visit'; client: number; date: number; status: number }
  | { kind: 'restatus'; client: number; status: number }
  | { kind: 'move'; client: number; date: number }
  | { kind: 'unvisit'; client: number; date: number };

const index3 = fc.integer({ min: 0, max: 2 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('choose' as const),
    client: index3,
    date: index3,
    meal: fc.integer({ min: 0, max: 1 }),
    quantity: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constant('unchoose' as const), client: index3, date: index3 }),
  fc.record({
    kind: fc.constant('requantify' as const),
    client: index3,
    quantity: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    client: index3,
    date: index3,
    meal: fc.integer({ min: 0, max: 1 }),
    quantity: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constant('visit' as const), client: index3, date: index3, status: index3 }),
  fc.record({ kind: fc.constant('restatus' as const), client: index3, status: index3 }),
  fc.record({ kind: fc.constant('move' as const), client: index3, date: index3 }),
  fc.record({ kind: fc.constant('unvisit' as const), client: index3, date: index3 }),
);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

it('keeps client_days equal to the choices and visits after any sequence of writes', async () => {
  const { db } = database;
  const mealChoicesRepository = createMealChoicesRepository(db);
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 25 }), async (steps) => {
      run += 1;
      const [account] = await db
        .insert(accounts)
        .values({ name: `Days ${run}` })
        .returning();
      const accountId = account?.id ?? 0;
      const mealRows = await db
        .insert(meals)
        .values([0, 1].map((meal) => ({ accountId, key: `m${meal}`, description: `Meal ${meal}` })))
        .returning({ id: meals.id });
      const clientRows = await db
        .insert(clients)
        .values([0, 1, 2].map((client) => ({ accountId, sourceId: `c${client}`, name: `Client ${client}` })))
        .returning({ id: clients.id });
      const clientId = (client: number) => clientRows[client]?.id ?? 0;
      let visitNumber = 0;
      for (const step of steps) {
        const client = clientId(step.client);
        const ofClient = eq(visits.clientId, client);
        switch (step.kind) {
          case 'choose':
            await db
              .insert(clientMealChoices)
              .values({
                accountId,
                clientId: client,
                date: dates[step.date] ?? '',
                mealId: mealRows[step.meal]?.id ?? 0,
                quantity: step.quantity,
              })
              .onConflictDoUpdate({
                target: [clientMealChoices.clientId, clientMealChoices.date, clientMealChoices.mealId],
                set: { quantity: step.quantity },
              });
            break;
          case 'unchoose':
            await db
              .delete(clientMealChoices)
              .where(
                and(
                  eq(clientMealChoices.clientId, client),
                  eq(clientMealChoices.date, dates[step.date] ?? ''),
                ),
              );
            break;
          case 'requantify':
            await db
              .update(clientMealChoices)
              .set({ quantity: step.quantity })
              .where(eq(clientMealChoices.clientId, client));
            break;
          case 'replace': {
            // The client meals screen's save: one date gets one meal, the next date none.
            const date = dates[step.date] ?? '';
            const emptied = dates[(step.date + 1) % dates.length] ?? '';
            await mealChoicesRepository.replaceDays(
              accountId,
              client,
              [date, emptied].sort(),
              [
                {
                  date,
                  mealId: mealRows[step.meal]?.id ?? 0,
                  quantity: step.quantity,
                  mealState: 'Frozen',
                  cookDeliver: 'Cook & Deliver',
                  comment: '',
                  allergenOverride: null,
                },
              ],
              new Date('2026-11-30T09:00:00Z'),
            );
            break;
          }
          case 'visit': {
            visitNumber += 1;
            const date = dates[step.date] ?? '';
            await db.insert(visits).values({
              accountId,
              clientId: client,
              sourceId: `v${visitNumber}`,
              date,
              startAt: new Date(`${date}T01:00:00Z`),
              endAt: new Date(`${date}T01:30:00Z`),
              status: statuses[step.status] ?? 'scheduled',
            });
            break;
          }
          case 'restatus':
            await db
              .update(visits)
              .set({ status: statuses[step.status] ?? 'scheduled' })
              .where(ofClient);
            break;
          case 'move':
            await db
              .update(visits)
              .set({ date: dates[step.date] ?? '' })
              .where(ofClient);
            break;
          case 'unvisit':
            await db.delete(visits).where(and(ofClient, eq(visits.date, dates[step.date] ?? '')));
            break;
        }
      }
      const kept =
        await rows(sql`select client_id, date, choices, portions, visits, cancelled_visits, completed_visits
        from client_days where account_id = ${accountId} and (choices > 0 or visits > 0)
        order by client_id, date`);
      const fresh = await rows(sql`select client_id, date, sum(choices)::integer as choices,
          sum(portions)::integer as portions, sum(visits)::integer as visits,
          sum(cancelled)::integer as cancelled_visits, sum(completed)::integer as completed_visits
        from (
          select client_id, date, 1 as choices, quantity as portions, 0 as visits, 0 as cancelled, 0 as completed
          from client_meal_choices where account_id = ${accountId}
          union all
          select client_id, date, 0, 0, 1, (status = 'cancelled')::integer, (status = 'completed')::integer
          from visits where account_id = ${accountId}
        ) as source
        group by client_id, date order by client_id, date`);
      expect(kept).toEqual(fresh);
    }),
    { numRuns: 40 },
  );
});

it('raises the list version on writes to clients, choices and rounds, and deletes an account with its days', async () => {
  const { db } = database;
  const [account] = await db.insert(accounts).values({ name: 'Versions' }).returning();
  const accountId = account?.id ?? 0;
  const version = async () =>
    (await db.select().from(clientListVersions).where(eq(clientListVersions.accountId, accountId)))[0]
      ?.version ?? 0;
  expect(await version()).toBe(0);
  const [client] = await db.insert(clients).values({ accountId, sourceId: 'a', name: 'Ann' }).returning();
  expect(await version()).toBe(1);
  await db
    .update(clients)
    .set({ plan: 'Mon' })
    .where(eq(clients.id, client?.id ?? 0));
  expect(await version()).toBe(2);
  // A statement that changes no row leaves it alone.
  await db.update(clients).set({ plan: 'Tue' }).where(eq(clients.id, -1));
  expect(await version()).toBe(2);
  const [meal] = await db.insert(meals).values({ accountId, key: 'm', description: 'M' }).returning();
  await db
    .insert(clientMealChoices)
    .values({ accountId, clientId: client?.id ?? 0, date: '2026-12-01', mealId: meal?.id ?? 0, quantity: 2 });
  expect(await version()).toBe(3);
  await db.execute(sql`insert into rounds (account_id, name) values (${accountId}, 'North')`);
  expect(await version()).toBe(4);
  // A meal-choices save: its three statements (the client, the dates' old choices, the new ones) each raise it.
  const mealChoicesRepository = createMealChoicesRepository(db);
  const choice = {
    date: '2026-12-01',
    mealId: meal?.id ?? 0,
    quantity: 3,
    mealState: 'Frozen',
    cookDeliver: 'Cook & Deliver',
    comment: '',
    allergenOverride: null,
  };
  const now = new Date('2026-11-30T09:00:00Z');
  expect(
    await mealChoicesRepository.replaceDays(accountId, client?.id ?? 0, ['2026-12-01'], [choice], now),
  ).toBe(true);
  expect(await version()).toBe(7);
  // Another account's client: nothing written.
  expect(
    await mealChoicesRepository.replaceDays(accountId + 1, client?.id ?? 0, ['2026-12-01'], [], now),
  ).toBe(false);
  expect(await version()).toBe(7);
  await db.delete(accounts).where(eq(accounts.id, accountId));
  const left =
    await rows(sql`select (select count(*) from client_days where account_id = ${accountId})::integer as days,
    (select count(*) from client_list_versions where account_id = ${accountId})::integer as versions`);
  expect(left).toEqual([{ days: 0, versions: 0 }]);
});
