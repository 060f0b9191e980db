import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintLink } from '../../../contracts/print';
import type { KitchenDayReport, KitchenWeekReport, PackingListReport } from '../../../contracts/reports';
import type { Visit } from '../../../contracts/visits';
import { formatDayMonthYear } from '../../../domain/weeks';
import { createSecretBox } from '../../crypto/secret-box';
import { rounds } from '../../db/schema/accounts';
import { clients, mealCategories, visits } from '../../db/schema/clients';
import { clientMealChoices } from '../../db/schema/meals';
import { demoLogins, seedDemoAccount } from '../../db/seed/demo';
import { assignDemoRoundsAndPlans } from '../../db/seed/demo-clients';
import { seedDemoHolds } from '../../db/seed/demo-holds';
import { seedDemoMealChoices } from '../../db/seed/demo-meal-choices';
import { clientHolds } from '../../db/schema/holds';
import { isDateInHold } from '../../../domain/holds';
import {
  startSimulator,
  type RunningSimulator,
} from '../../integrations/alayacare/simulator/start-simulator';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, testSecret, type TestApp } from '../../testing/test-app';

// The demo account as a first start builds it (main.ts): the catalogue, the clients synced from the simulator,
// their rounds and plans, their meal choices; then the rounds' visits synced for a few days. For each day the
// kitchen prep total must equal the packing list's total and the round sheets' meals plus the no-round clients'.
// The demo's holds are seeded too (a hospital stay over this week, an open-ended respite stay since last week, a
// holiday next week), so each day also checks that no held client is counted anywhere. The days run over three
// weeks: last week's (delivered), this week's and next week's.
const today = '2026-11-18';
const days = ['2026-11-10', '2026-11-12', '2026-11-16', '2026-11-18', '2026-11-19', '2026-11-25'];

let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let accountId = 0;
let roundIds: number[] = [];
let categoryKeys: Record<string, boolean> = {};
const roundVisits = new Map<string, Visit[]>();
let cancelled: { clientId: number; date: string } | null = null;
let hiddenClientId = 0;

beforeAll(async () => {
  simulator = await startSimulator({ today });
  t = await createTestApp({}, { now: () => new Date(`${today}T01:00:00Z`) });
  accountId =
    (await seedDemoAccount(t.db, { secretBox: createSecretBox(testSecret), sourceUrl: simulator.url })) ?? 0;
  await t.clientSync.syncClients(accountId);
  await assignDemoRoundsAndPlans(t.db, accountId);
  await seedDemoMealChoices(t.db, accountId, today);
  await seedDemoHolds(t.db, accountId, new Date(`${today}T01:00:00Z`));
  token = await t.login(demoLogins.user, demoLogins.password);
  roundIds = (await t.db.select({ id: rounds.id }).from(rounds).where(eq(rounds.accountId, accountId))).map(
    (row) => row.id,
  );
  const categories = await t.db
    .select({ key: mealCategories.key })
    .from(mealCategories)
    .where(eq(mealCategories.accountId, accountId));
  categoryKeys = Object.fromEntries([...categories.map((row) => [row.key, true]), ['', true]]);
  for (const day of days) {
    for (const roundId of roundIds) {
      const result = await t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/${day}`, { token });
      roundVisits.set(`${roundId} ${day}`, result.body.data);
    }
  }
  // A client with meals today whose visits are all cancelled, and a hidden client with meals tomorrow.
  const withMeals = async (date: string) =>
    new Set(
      (
        await t.db
          .select({ clientId: clientMealChoices.clientId })
          .from(clientMealChoices)
          .where(and(eq(clientMealChoices.accountId, accountId), eq(clientMealChoices.date, date)))
      ).map((row) => row.clientId),
    );
  const second = await withMeals(days[3] ?? '');
  const toCancel = [...roundVisits.entries()]
    .filter(([key]) => key.endsWith(days[3] ?? ''))
    .flatMap(([, list]) => list)
    .find((visit) => second.has(visit.client.id) && visit.status !== 'cancelled');
  if (!toCancel) throw new Error('no visit to cancel');
  await t.db.update(visits).set({ status: 'cancelled' }).where(eq(visits.clientId, toCancel.client.id));
  cancelled = { clientId: toCancel.client.id, date: days[3] ?? '' };
  const third = [...(await withMeals(days[4] ?? ''))].filter((id) => id !== toCancel.client.id);
  hiddenClientId = third[0] ?? 0;
  await t.db
    .update(clients)
    .set({ isHidden: true })
    .where(inArray(clients.id, [hiddenClientId]));
}, 120_000);
afterAll(async () => {
  await t.close();
  await simulator.close();
});

/** The meals a round's printed sheet counts: the driver sheet's 'All meals', the kitchen sheet's 'Total meals'. */
const sheetTotals = { driver: /All meals: (\d+)/, kitchen: /Total meals\s+(\d+)/ } as const;

async function countSheetMeals(
  roundId: number,
  date: string,
  format: keyof typeof sheetTotals = 'driver',
): Promise<number> {
  const visits = (roundVisits.get(`${roundId} ${date}`) ?? []).map((visit) => ({
    id: visit.id,
    start: visit.start,
    end: visit.end,
  }));
  const result = await t.call<PrintLink>('POST', '/api/print/round', {
    token,
    body: { round: roundId, date, format, events: visits },
  });
  expect(result.body.meta.error_code).toBe(0);
  const file = await t.server.inject({ method: 'GET', url: result.body.data.url });
  const match = sheetTotals[format].exec(await extractPdfText(file.rawPayload));
  return Number(match?.[1] ?? Number.NaN);
}

describe('the counts agree everywhere on the demo data', () => {
  it.each(days)(
    'on %s: kitchen prep by day = by week = packing list = round sheets + clients without a round',
    async (day) => {
      const date = formatDayMonthYear(day);
      const kitchen = await t.call<KitchenDayReport>('GET', `/api/reports/kitchen_prep/day?date=${date}`, {
        token,
      });
      const kitchenTotal = kitchen.body.data.days.find((entry) => entry.date === date)?.total ?? -1;
      const week = await t.call<KitchenWeekReport>('GET', `/api/reports/kitchen_prep/week?date=${date}`, {
        token,
      });
      const weekIndex = week.body.data.dates.indexOf(date);
      expect(week.body.data.MealCount.days[weekIndex]).toBe(kitchenTotal);
      const packing = await t.call<PackingListReport>('POST', '/api/reports/packing_list', {
        token,
        body: { date, categories: categoryKeys },
      });
      const noRound = packing.body.data.rounds.find((round) => round.round_id === null)?.total ?? 0;
      let driverTotal = 0;
      for (const roundId of roundIds) driverTotal += await countSheetMeals(roundId, day);

      expect(kitchenTotal).toBeGreaterThan(20);
      expect(packing.body.data.total).toBe(kitchenTotal);
      expect(driverTotal + noRound).toBe(kitchenTotal);
      for (const round of packing.body.data.rounds) {
        if (round.round_id === null) continue;
        expect(await countSheetMeals(round.round_id, day)).toBe(round.total);
        expect(await countSheetMeals(round.round_id, day, 'kitchen')).toBe(round.total);
      }

      const listed = packing.body.data.rounds.flatMap((round) =>
        round.meals.flatMap((meal) => meal.entries.map((entry) => entry.client_id)),
      );
      if (cancelled?.date === day) expect(listed).not.toContain(cancelled.clientId);
      expect(listed).not.toContain(hiddenClientId);
      const holds = await t.db.select().from(clientHolds).where(eq(clientHolds.accountId, accountId));
      const held = holds.filter((hold) => isDateInHold(hold, day)).map((hold) => hold.clientId);
      expect(held.length).toBeGreaterThan(0);
      for (const clientId of held) expect(listed).not.toContain(clientId);
    },
  );
});
