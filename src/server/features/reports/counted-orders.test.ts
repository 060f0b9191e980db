import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addVisitToDay,
  isOrderCounted,
  isOrderDelivered,
  isOrderHeld,
  noVisits,
} from '../../../domain/report-rules';
import type { DatabaseHandle } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { clients, visits } from '../../db/schema/clients';
import { clientHolds } from '../../db/schema/holds';
import { clientMealChoices, meals } from '../../db/schema/meals';
import { createTestDatabase } from '../../testing/test-database';
import { createReportsRepository } from './repository';

// The server applies the counting rules in SQL (repository.ts, countedChoices); here every combination of a
// hidden flag, a hold and up to three visits a day is checked against the domain's isOrderCounted /
// isOrderDelivered / isOrderHeld. Holds come in three shapes: none, one covering the day (bounded or open-ended), and one
// that ends the day before (which must not hold the day).
const statuses = ['scheduled', 'completed', 'cancelled', 'in_progress'] as const;
const date = '2026-12-07';

function listMultisets(size: number, from = 0): string[][] {
  if (size === 0) return [[]];
  return statuses
    .slice(from)
    .flatMap((status, index) => listMultisets(size - 1, from + index).map((rest) => [status, ...rest]));
}

const holdShapes = ['none', 'covering', 'open-ended', 'ended-before'] as const;
const isHeldShape = (shape: (typeof holdShapes)[number]) => shape === 'covering' || shape === 'open-ended';

const scenarios = [false, true].flatMap((isHidden) =>
  holdShapes.flatMap((hold) =>
    [0, 1, 2, 3].flatMap((size) =>
      listMultisets(size).map((visitStatuses) => ({ isHidden, hold, visitStatuses })),
    ),
  ),
);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

it(`counts and delivers exactly as report-rules.ts in all ${scenarios.length} cases`, async () => {
  const { db } = database;
  const [account] = await db.insert(accounts).values({ name: 'Rules' }).returning({ id: accounts.id });
  const accountId = account?.id ?? 0;
  const [meal] = await db
    .insert(meals)
    .values({ accountId, key: 'roast', description: 'Roast' })
    .returning({ id: meals.id });
  const clientRows = await db
    .insert(clients)
    .values(
      scenarios.map((scenario, index) => ({
        accountId,
        sourceId: String(index),
        name: `Client ${index}`,
        isHidden: scenario.isHidden,
      })),
    )
    .returning({ id: clients.id });
  const ids = clientRows.map((row) => row.id);
  await db.insert(clientMealChoices).values(
    ids.map((clientId, index) => ({
      accountId,
      clientId,
      date,
      mealId: meal?.id ?? 0,
      quantity: index + 1,
    })),
  );
  const visitRows = scenarios.flatMap((scenario, index) =>
    scenario.visitStatuses.map((status, visitIndex) => ({
      accountId,
      clientId: ids[index] ?? 0,
      sourceId: `${index}-${visitIndex}`,
      date,
      startAt: new Date(`${date}T01:00:00Z`),
      endAt: new Date(`${date}T01:30:00Z`),
      status,
    })),
  );
  await db.insert(visits).values(visitRows);
  const holdRows = scenarios.flatMap((scenario, index): (typeof clientHolds.$inferInsert)[] => {
    const clientId = ids[index] ?? 0;
    const reason = 'hospital' as const;
    if (scenario.hold === 'covering') return [{ accountId, clientId, fromDate: date, toDate: date, reason }];
    if (scenario.hold === 'open-ended')
      return [{ accountId, clientId, fromDate: '2026-12-01', toDate: null, reason }];
    if (scenario.hold === 'ended-before')
      return [{ accountId, clientId, fromDate: '2026-12-01', toDate: '2026-12-06', reason }];
    return [];
  });
  await db.insert(clientHolds).values(holdRows);

  const repository = createReportsRepository(db);
  const counted = await repository.listCountedOrders(accountId, date, date);
  // The month reports read the day's visits from client_days instead: they must agree.
  const monthRows = new Map(
    (await repository.sumCountedByClient(accountId, date, date)).map((row) => [row.id, row]),
  );

  const byClient = new Map(counted.map((order) => [order.clientId, order]));
  scenarios.forEach((scenario, index) => {
    const day = scenario.visitStatuses.reduce(addVisitToDay, noVisits);
    const order = byClient.get(ids[index] ?? 0);
    const label = JSON.stringify(scenario);
    const isCounted = isOrderCounted(scenario.isHidden, day, isHeldShape(scenario.hold));
    expect(order !== undefined, label).toBe(isCounted);
    const isHeld = isOrderHeld(scenario.isHidden, isHeldShape(scenario.hold));
    expect(monthRows.has(ids[index] ?? 0), label).toBe(isCounted || isHeld);
    if (isHeld) {
      expect(monthRows.get(ids[index] ?? 0), label).toMatchObject({
        dates: [date],
        ordered: [0],
        delivered: [0],
        held: [index + 1],
      });
    }
    if (order) {
      expect(order.isDelivered, label).toBe(isOrderDelivered(day));
      expect(order.quantity).toBe(index + 1);
      const delivered = isOrderDelivered(day) ? index + 1 : 0;
      expect(monthRows.get(ids[index] ?? 0), label).toMatchObject({
        dates: [date],
        ordered: [index + 1],
        delivered: [delivered],
        held: [0],
      });
    }
  });
  expect(counted.length).toBeGreaterThan(10);
});
