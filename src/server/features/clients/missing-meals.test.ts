import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListItem } from '../../../contracts/clients';
import { isMissingMealDay, mealStripDates } from '../../../domain/meal-days';
import { addDays } from '../../../domain/zoned-time';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

const today = '2026-11-18';
const stripDates = mealStripDates(today);
// The strip plus a day on each side, so choices just outside it are generated too.
const candidateDates = [addDays(stripDates[0] ?? today, -1), ...stripDates, addDays(today, 12)];
const mealKeys = ['pumpkin-soup', 'beef-pie', 'garden-salad'];

const clientArbitrary = fc.record({
  // Mostly 0/1 flags, sometimes values a plan should never hold (2) to check both sides read them alike.
  planDow: fc.array(fc.constantFrom(0, 1, 1, 2), { minLength: 7, maxLength: 7 }),
  choices: fc.uniqueArray(
    fc.record({
      date: fc.constantFrom(...candidateDates),
      key: fc.constantFrom(...mealKeys),
      quantity: fc.constantFrom(-1, 0, 1, 2, 5),
    }),
    { maxLength: 12, selector: (choice) => `${choice.date}|${choice.key}` },
  ),
});

describe('missing_meals in SQL agrees with domain/meal-days.ts', () => {
  // Twelve generated accounts on a real database: slow on a busy machine, so a longer limit than the default.
  it('lists exactly the clients the domain rule finds missing, on varied data', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(clientArbitrary, { minLength: 1, maxLength: 25 }), async (generated) => {
        run += 1;
        const fixture = await createClientsAccount(
          t,
          `Missing ${run}`,
          generated.map((client, index) => ({
            name: `Client ${String(index).padStart(2, '0')}`,
            planDow: client.planDow,
          })),
        );
        await fixture.addChoices(
          generated.flatMap((client, index) =>
            client.choices.map((choice): [number, string, string, number] => [
              fixture.clientIds[index] ?? 0,
              choice.date,
              choice.key,
              choice.quantity,
            ]),
          ),
        );
        const expected = generated.flatMap((client, index) => {
          const isMissing = stripDates.some((date) => {
            const count = client.choices
              .filter((choice) => choice.date === date)
              .reduce((sum, choice) => sum + choice.quantity, 0);
            return isMissingMealDay(client.planDow, date, count, false);
          });
          return isMissing ? [fixture.clientIds[index]] : [];
        });
        const result = await t.call<ClientListItem[]>(
          'GET',
          '/api/clients?missing_meals=true&page_size=100',
          {
            token: fixture.token,
          },
        );
        expect(result.body.meta.record_total).toBe(expected.length);
        expect(result.body.data.map((row) => row.client_id)).toEqual(expected);
        // And the strip the list answers gives the same verdict through the domain rule.
        for (const row of result.body.data) {
          const missingDays = row.meal_strip.filter((day, offset) =>
            isMissingMealDay(row.plan_dow, stripDates[offset] ?? '', day.count, false),
          );
          expect(missingDays.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 12, seed: 20_261_118 },
    );
  }, 180_000);
});
