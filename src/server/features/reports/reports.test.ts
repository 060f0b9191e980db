import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeliveryByCategoryReport,
  DeliveryByClientReport,
  KitchenDayReport,
  KitchenWeekReport,
  MealChoicesReport,
  PackingListReport,
} from '../../../contracts/reports';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  fixtureClock,
  seedOtherAccountOrder,
  seedReportFixture,
  type ReportFixture,
} from '../../testing/reports-fixture';

// Hand-computed figures for report-fixture.ts. "Today" is Monday 30-11-2026 in Perth (the first round's zone),
// while UTC is still on Sunday 29-11: every default below would be a different day or week in UTC.
let t: TestApp;
let token = '';
let otherToken = '';
let fixture: ReportFixture;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Reports');
  token = await t.login(user.username);
  fixture = await seedReportFixture(t.db, account.id);
  const other = await t.createAccount('Other Reports');
  otherToken = await t.login(other.user.username);
  await seedOtherAccountOrder(t.db, other.account.id);
});
afterAll(async () => t.close());

describe('GET /api/reports/kitchen_prep/week', () => {
  const expected: KitchenWeekReport = {
    week_start: '07-12-2026',
    allergen_overrides: [],
    dates: ['07-12-2026', '08-12-2026', '09-12-2026', '10-12-2026', '11-12-2026', '12-12-2026', '13-12-2026'],
    // Eve is hidden; Alice's 09-12 visit is cancelled; Carol's 08-12 has a cancelled and a scheduled visit.
    Clients: { days: [4, 2, 1, 0, 0, 0, 0], Total: 4 },
    MealCount: { days: [8, 2, 3, 0, 0, 0, 0], Total: 13 },
    Categories: [
      {
        key: 'mains',
        name: 'Mains',
        days: [4, 2, 3, 0, 0, 0, 0],
        Total: 9,
        Meals: [
          // Bob's fish on 09-12 was changed from 1 to 3.
          { key: 'fish', description: 'Baked Fish', days: [1, 1, 3, 0, 0, 0, 0], Total: 5 },
          { key: 'roast', description: 'Roast Chicken', days: [3, 1, 0, 0, 0, 0, 0], Total: 4 },
        ],
      },
      {
        key: 'desserts',
        name: 'Desserts',
        days: [3, 0, 0, 0, 0, 0, 0],
        Total: 3,
        Meals: [{ key: 'crumble', description: 'Apple Crumble', days: [3, 0, 0, 0, 0, 0, 0], Total: 3 }],
      },
      {
        key: '',
        name: 'Other',
        days: [1, 0, 0, 0, 0, 0, 0],
        Total: 1,
        Meals: [{ key: 'soup', description: 'Pumpkin Soup', days: [1, 0, 0, 0, 0, 0, 0], Total: 1 }],
      },
    ],
  };

  it('defaults to the week after the account’s local today (Perth), not UTC’s', async () => {
    const result = await t.call<KitchenWeekReport>('GET', '/api/reports/kitchen_prep/week', { token });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual(expected);
  });

  it('snaps any day of the week to its Monday', async () => {
    const result = await t.call<KitchenWeekReport>('GET', '/api/reports/kitchen_prep/week?date=13-12-2026', {
      token,
    });
    expect(result.body.data).toEqual(expected);
  });

  it('shows another account only its own orders', async () => {
    const result = await t.call<KitchenWeekReport>('GET', '/api/reports/kitchen_prep/week?date=07-12-2026', {
      token: otherToken,
    });
    expect(result.body.data.MealCount.Total).toBe(7);
    expect(result.body.data.Categories).toEqual([
      expect.objectContaining({
        name: 'Other',
        Meals: [expect.objectContaining({ description: 'Other Roast' })],
      }),
    ]);
  });
});

describe('GET /api/reports/kitchen_prep/day', () => {
  it('answers a table per day of the week, meals grouped by category', async () => {
    const result = await t.call<KitchenDayReport>('GET', '/api/reports/kitchen_prep/day?date=08-12-2026', {
      token,
    });
    const { days } = result.body.data;
    expect(result.body.data.week_start).toBe('07-12-2026');
    expect(days.map((day) => day.date_display)).toEqual([
      'Monday 07-12-2026',
      'Tuesday 08-12-2026',
      'Wednesday 09-12-2026',
      'Thursday 10-12-2026',
      'Friday 11-12-2026',
      'Saturday 12-12-2026',
      'Sunday 13-12-2026',
    ]);
    expect(days[0]).toEqual({
      date: '07-12-2026',
      date_display: 'Monday 07-12-2026',
      allergen_overrides: [],
      allergen_clashes: [],
      meals: [
        { key: 'fish', description: 'Baked Fish', category_key: 'mains', category_name: 'Mains', count: 1 },
        {
          key: 'roast',
          description: 'Roast Chicken',
          category_key: 'mains',
          category_name: 'Mains',
          count: 3,
        },
        {
          key: 'crumble',
          description: 'Apple Crumble',
          category_key: 'desserts',
          category_name: 'Desserts',
          count: 3,
        },
        { key: 'soup', description: 'Pumpkin Soup', category_key: '', category_name: 'Other', count: 1 },
      ],
      total: 8,
    });
    expect(days.map((day) => day.total)).toEqual([8, 2, 3, 0, 0, 0, 0]);
    expect(days[3]?.meals).toEqual([]);
  });

  it('defaults to the following Monday’s week', async () => {
    const result = await t.call<KitchenDayReport>('GET', '/api/reports/kitchen_prep/day', { token });
    expect(result.body.data.week_start).toBe('07-12-2026');
  });
});

describe('GET /api/reports/meal_choices', () => {
  it('scores 28 days of each visible client by name, counting choices as chosen', async () => {
    const result = await t.call<MealChoicesReport>('GET', '/api/reports/meal_choices?date=09-12-2026', {
      token,
    });
    const report = result.body.data;
    expect(report.start_date).toBe('07-12-2026');
    expect(report.dates).toHaveLength(28);
    expect(report.dates[27]).toBe('03-01-2027');
    expect(report.clients.map((client) => [client.name, client.score])).toEqual([
      // Alice plans weekdays: 20 in the window, 3 with meals (the cancelled 09-12 still has a choice).
      ['Alice Archer', 17],
      // Bob plans Monday and Wednesday: 8 days, 2 with meals.
      ['Bob Baker', 6],
      // No plan: every day with meals is a problem.
      ['Carol Cook', 2],
      ['Dan Dunn', 1],
    ]);
    const alice = report.clients[0];
    expect(alice?.id).toBe(fixture.clientIds.Alice);
    expect(alice?.days.slice(0, 7)).toEqual([
      { planned: true, cnt: 3, held: false },
      { planned: true, cnt: 1, held: false },
      { planned: true, cnt: 1, held: false },
      { planned: true, cnt: 0, held: false },
      { planned: true, cnt: 0, held: false },
      { planned: false, cnt: 0, held: false },
      { planned: false, cnt: 0, held: false },
    ]);
  });

  it('defaults to this week’s Monday in the account’s zone', async () => {
    const result = await t.call<MealChoicesReport>('GET', '/api/reports/meal_choices', { token });
    expect(result.body.data.start_date).toBe('30-11-2026');
    const alice = result.body.data.clients.find((client) => client.name === 'Alice Archer');
    expect(alice?.days.slice(0, 2).map((day) => day.cnt)).toEqual([1, 2]);
  });
});

describe('POST /api/reports/packing_list', () => {
  const all = { mains: true, desserts: true, '': true };

  it('groups by round (by name, No Round last), then meal, then client, with totals', async () => {
    const result = await t.call<PackingListReport>('POST', '/api/reports/packing_list', {
      token,
      body: { date: '07-12-2026', categories: all },
    });
    const report = result.body.data;
    expect(report).toEqual({
      date: '07-12-2026',
      total: 8,
      rounds: [
        {
          round_id: fixture.roundIds.east,
          round: 'East',
          total: 2,
          meals: [
            {
              key: 'crumble',
              description: 'Apple Crumble',
              category_key: 'desserts',
              category_name: 'Desserts',
              total: 2,
              entries: [
                {
                  client: 'Carol Cook',
                  client_id: fixture.clientIds.Carol,
                  note: '',
                  dietary_requirements: '',
                  quantity: 2,
                  allergen_clash: [],
                },
              ],
            },
          ],
        },
        {
          round_id: fixture.roundIds.north,
          round: 'North',
          total: 5,
          meals: [
            expect.objectContaining({
              description: 'Roast Chicken',
              total: 3,
              entries: [
                {
                  client: 'Alice Archer',
                  client_id: fixture.clientIds.Alice,
                  note: 'Extra gravy',
                  dietary_requirements: 'No nuts',
                  quantity: 2,
                  allergen_clash: [],
                },
                expect.objectContaining({ client: 'Bob Baker', quantity: 1 }),
              ],
            }),
            expect.objectContaining({ description: 'Apple Crumble', total: 1 }),
            expect.objectContaining({ description: 'Pumpkin Soup', category_name: 'Other', total: 1 }),
          ],
        },
        {
          round_id: null,
          round: 'No Round',
          total: 1,
          meals: [
            expect.objectContaining({
              description: 'Baked Fish',
              entries: [expect.objectContaining({ client: 'Dan Dunn', quantity: 1 })],
            }),
          ],
        },
      ],
    });
  });

  it('lists only the ticked categories', async () => {
    const result = await t.call<PackingListReport>('POST', '/api/reports/packing_list', {
      token,
      body: { date: '07-12-2026', categories: { desserts: true, mains: false } },
    });
    expect(result.body.data.rounds.map((round) => [round.round, round.total])).toEqual([
      ['East', 2],
      ['North', 1],
    ]);
    expect(result.body.data.total).toBe(3);
  });

  it.each([{}, { mains: false, desserts: false }])(
    'is empty when no category is ticked (%o)',
    async (categories) => {
      const result = await t.call<PackingListReport>('POST', '/api/reports/packing_list', {
        token,
        body: { date: '07-12-2026', categories },
      });
      expect(result.body.data).toEqual({ date: '07-12-2026', rounds: [], total: 0 });
    },
  );

  it('defaults to tomorrow in the account’s zone (Tuesday 1 December)', async () => {
    const result = await t.call<PackingListReport>('POST', '/api/reports/packing_list', {
      token,
      body: { categories: all },
    });
    expect(result.body.data.date).toBe('01-12-2026');
    expect(result.body.data.total).toBe(3);
  });
});

describe('POST /api/reports/delivery_by_client and delivery_by_category', () => {
  it('answers the whole month per client, [ordered, delivered] per day, with the total row', async () => {
    const result = await t.call<DeliveryByClientReport>('POST', '/api/reports/delivery_by_client', {
      token,
      body: { date: '15-12-2026' },
    });
    const report = result.body.data;
    expect(report.month_start).toBe('01-12-2026');
    expect(report.dates).toHaveLength(31);
    expect(report.clients.map((client) => [client.name, client.total])).toEqual([
      ['Alice Archer', [6, 5]],
      ['Bob Baker', [6, 2]],
      ['Carol Cook', [3, 0]],
      ['Dan Dunn', [1, 0]],
    ]);
    const alice = report.clients[0];
    expect(alice?.days[0]).toEqual([2, 2]);
    expect(alice?.days[6]).toEqual([3, 3]);
    expect(alice?.days[7]).toEqual([1, 0]);
    // Cancelled: neither ordered nor delivered.
    expect(alice?.days[8]).toEqual([0, 0]);
    expect(report.total.total).toEqual([16, 7]);
    expect(report.total.days.slice(0, 9)).toEqual([
      [3, 2],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [8, 5],
      [2, 0],
      [3, 0],
    ]);
  });

  it('keeps to the month: 30 November belongs to November only', async () => {
    const result = await t.call<DeliveryByClientReport>('POST', '/api/reports/delivery_by_client', {
      token,
      body: { date: '30-11-2026' },
    });
    expect(result.body.data.dates).toHaveLength(30);
    expect(result.body.data.clients.map((client) => [client.name, client.total])).toEqual([
      ['Alice Archer', [1, 1]],
    ]);
    expect(result.body.data.total.days[29]).toEqual([1, 1]);
  });

  it('defaults to tomorrow’s month in the account’s zone (December)', async () => {
    const result = await t.call<DeliveryByClientReport>('POST', '/api/reports/delivery_by_client', {
      token,
      body: {},
    });
    expect(result.body.data.month_start).toBe('01-12-2026');
  });

  it('answers the same month per category, by position, Other last', async () => {
    const result = await t.call<DeliveryByCategoryReport>('POST', '/api/reports/delivery_by_category', {
      token,
      body: { date: '01-12-2026' },
    });
    const report = result.body.data;
    expect(report.categories.map((category) => [category.key, category.name, category.total])).toEqual([
      ['mains', 'Mains', [12, 5]],
      ['desserts', 'Desserts', [3, 1]],
      ['', 'Other', [1, 1]],
    ]);
    expect(report.categories[0]?.days[6]).toEqual([4, 3]);
    expect(report.total.total).toEqual([16, 7]);
    expect(report.categories[0]?.days.length).toBe(31);
  });
});

describe('validation and access', () => {
  it.each([
    ['GET', '/api/reports/kitchen_prep/week?date=2026-12-07', undefined, 'date'],
    ['GET', '/api/reports/kitchen_prep/day?date=31-02-2026', undefined, 'date'],
    ['GET', '/api/reports/meal_choices?date=07-12-2026&extra=1', undefined, 'extra'],
    ['POST', '/api/reports/packing_list', { date: '07-12-2026' }, 'categories'],
    ['POST', '/api/reports/packing_list', { categories: { mains: 'yes' } }, 'categories.mains'],
    ['POST', '/api/reports/delivery_by_client', { date: '7-12-2026' }, 'date'],
    ['POST', '/api/reports/delivery_by_category', { date: '07-12-2026', x: 1 }, 'x'],
  ] as const)('%s %s refuses bad input with code 2', async (method, url, body, field) => {
    const result = await t.call(method, url, { token, body });
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    expect(result.body.meta.errors?.map((error) => error.field)).toContain(field);
  });

  it.each([
    ['GET', '/api/reports/kitchen_prep/week', undefined],
    ['GET', '/api/reports/kitchen_prep/day', undefined],
    ['GET', '/api/reports/meal_choices', undefined],
    ['POST', '/api/reports/packing_list', { categories: {} }],
    ['POST', '/api/reports/delivery_by_client', {}],
    ['POST', '/api/reports/delivery_by_category', {}],
  ] as const)('%s %s answers 401 without a login', async (method, url, body) => {
    const result = await t.call(method, url, { body });
    expect(result.status).toBe(401);
    expect(result.body.meta.error_code).toBe(3);
  });

  it('never shows another account’s clients or meals', async () => {
    const packing = await t.call<PackingListReport>('POST', '/api/reports/packing_list', {
      token,
      body: { date: '07-12-2026', categories: { mains: true, desserts: true, '': true } },
    });
    const delivery = await t.call<DeliveryByClientReport>('POST', '/api/reports/delivery_by_client', {
      token,
      body: { date: '07-12-2026' },
    });
    const choices = await t.call<MealChoicesReport>('GET', '/api/reports/meal_choices?date=07-12-2026', {
      token,
    });
    for (const body of [packing.body, delivery.body, choices.body]) {
      expect(JSON.stringify(body)).not.toContain('Zed');
      expect(JSON.stringify(body)).not.toContain('Other Roast');
    }
  });
});
