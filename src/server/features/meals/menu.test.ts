import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { Meal, MealCategory, Schedule } from '../../../contracts/meals';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Catalogue = { token: string; accountId: number; meals: Record<string, Meal> };

async function setUp(name: string): Promise<Catalogue> {
  const { account, user } = await t.createAccount(name);
  const token = await t.login(user.username);
  for (const category of ['Soup', 'Main']) {
    await t.call<MealCategory[]>('POST', '/api/meals/categories', { token, body: { name: category } });
  }
  const meals: Record<string, Meal> = {};
  for (const [description, category] of [
    ['Pumpkin Soup', 'Soup'],
    ['Chicken Soup', 'Soup'],
    ['Beef Stew', 'Main'],
    ['Fish Pie', 'Main'],
  ]) {
    const result = await t.call<Meal>('POST', '/api/meals/meals', {
      token,
      body: { description, category },
    });
    meals[String(description)] = result.body.data;
  }
  return { token, accountId: account.id, meals };
}

function key(catalogue: Catalogue, description: string): string {
  const meal = catalogue.meals[description];
  if (!meal) throw new Error(`no meal ${description}`);
  return meal.key;
}

function names(schedule: Schedule, date: string, category: string) {
  return (schedule.days[date]?.[category] ?? []).map((meal) => meal.description);
}

describe('weekly menu', () => {
  it('answers an empty week with every date and category, snapped to Monday', async () => {
    const c = await setUp('Menu Empty');
    const result = await t.call<Schedule>('GET', '/api/meals/schedule/01-01-2025', { token: c.token });
    expect(result.status).toBe(200);
    expect(result.body.data.week_start).toBe('30-12-2024');
    expect(Object.keys(result.body.data.days)).toEqual([
      '30-12-2024',
      '31-12-2024',
      '01-01-2025',
      '02-01-2025',
      '03-01-2025',
      '04-01-2025',
      '05-01-2025',
    ]);
    expect(result.body.data.days['30-12-2024']).toEqual({ Soup: [], Main: [] });
    expect(result.body.data).toMatchObject({ cycle_week: null, source_week: null });
  });

  it('saves a week and answers it in order', async () => {
    const c = await setUp('Menu Save');
    const saved = await t.call<Schedule>('PUT', '/api/meals/schedule/12-06-2024', {
      token: c.token,
      body: {
        days: {
          '10-06-2024': {
            Soup: [key(c, 'Pumpkin Soup'), key(c, 'Chicken Soup')],
            Main: [key(c, 'Fish Pie')],
          },
          '16-06-2024': { Main: [key(c, 'Beef Stew')] },
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.week_start).toBe('10-06-2024');
    expect(names(saved.body.data, '10-06-2024', 'Soup')).toEqual(['Pumpkin Soup', 'Chicken Soup']);
    expect(names(saved.body.data, '10-06-2024', 'Main')).toEqual(['Fish Pie']);
    expect(names(saved.body.data, '16-06-2024', 'Main')).toEqual(['Beef Stew']);
    const read = await t.call<Schedule>('GET', '/api/meals/schedule/10-06-2024', { token: c.token });
    expect(read.body.data).toEqual(saved.body.data);

    const replaced = await t.call<Schedule>('PUT', '/api/meals/schedule/10-06-2024', {
      token: c.token,
      body: { days: { '11-06-2024': { Soup: [key(c, 'Chicken Soup')] } } },
    });
    expect(names(replaced.body.data, '10-06-2024', 'Soup')).toEqual([]);
    expect(names(replaced.body.data, '11-06-2024', 'Soup')).toEqual(['Chicken Soup']);
    const nextWeek = await t.call<Schedule>('GET', '/api/meals/schedule/17-06-2024', { token: c.token });
    expect(Object.values(nextWeek.body.data.days).flatMap((row) => Object.values(row).flat())).toEqual([]);
  });

  it('validates the week id, dates, categories and meals', async () => {
    const c = await setUp('Menu Valid');
    for (const id of ['2024-06-10', '31-02-2024', 'abc', '1']) {
      const result = await t.call('GET', `/api/meals/schedule/${id}`, { token: c.token });
      expect(result.status, id).toBe(400);
    }
    const cases: unknown[] = [
      { days: { '17-06-2024': { Soup: [key(c, 'Pumpkin Soup')] } } }, // outside the week
      { days: { '10-06-2024': { Dessert: [key(c, 'Pumpkin Soup')] } } }, // unknown category
      { days: { '10-06-2024': { Main: [key(c, 'Pumpkin Soup')] } } }, // wrong category
      { days: { '10-06-2024': { Soup: [key(c, 'Pumpkin Soup'), key(c, 'Pumpkin Soup')] } } }, // twice
      { days: { '2024-06-10': { Soup: [] } } },
      { days: { '10-06-2024': { Soup: 'x' } } },
      { days: {}, extra: true },
      {},
    ];
    for (const body of cases) {
      const result = await t.call('PUT', '/api/meals/schedule/10-06-2024', { token: c.token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    const unknownMeal = await t.call('PUT', '/api/meals/schedule/10-06-2024', {
      token: c.token,
      body: { days: { '10-06-2024': { Soup: ['no-such-meal'] } } },
    });
    expect(unknownMeal.status).toBe(404);
  });

  it("keeps accounts apart: another account's meals answer 404, its menu is not shown", async () => {
    const mine = await setUp('Menu Mine');
    const theirs = await setUp('Menu Theirs');
    await t.call('PUT', '/api/meals/schedule/10-06-2024', {
      token: theirs.token,
      body: { days: { '10-06-2024': { Soup: [key(theirs, 'Pumpkin Soup')] } } },
    });
    const foreign = await t.call('PUT', '/api/meals/schedule/10-06-2024', {
      token: mine.token,
      body: { days: { '10-06-2024': { Soup: [key(theirs, 'Pumpkin Soup')] } } },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.meta.error_code).toBe(5);
    const myWeek = await t.call<Schedule>('GET', '/api/meals/schedule/10-06-2024', { token: mine.token });
    expect(names(myWeek.body.data, '10-06-2024', 'Soup')).toEqual([]);
    const copy = await t.call('PUT', '/api/meals/copy_schedule', {
      token: mine.token,
      body: { from_date: '10-06-2024', to_date: '17-06-2024' },
    });
    expect(copy.status).toBe(400);
  });
});

describe('copy menu', () => {
  it('copies a week onto an empty week and refuses to overwrite a menu unless asked', async () => {
    const c = await setUp('Menu Copy');
    await t.call('PUT', '/api/meals/schedule/10-06-2024', {
      token: c.token,
      body: { days: { '12-06-2024': { Soup: [key(c, 'Pumpkin Soup')], Main: [key(c, 'Beef Stew')] } } },
    });
    const copied = await t.call<Schedule>('PUT', '/api/meals/copy_schedule', {
      token: c.token,
      body: { from_date: '10-06-2024', to_date: '03-07-2024' },
    });
    expect(copied.status).toBe(200);
    expect(copied.body.data.week_start).toBe('01-07-2024');
    expect(names(copied.body.data, '03-07-2024', 'Soup')).toEqual(['Pumpkin Soup']);
    expect(names(copied.body.data, '03-07-2024', 'Main')).toEqual(['Beef Stew']);

    await t.call('PUT', '/api/meals/schedule/08-07-2024', {
      token: c.token,
      body: { days: { '08-07-2024': { Main: [key(c, 'Fish Pie')] } } },
    });
    const refused = await t.call('PUT', '/api/meals/copy_schedule', {
      token: c.token,
      body: { from_date: '10-06-2024', to_date: '08-07-2024' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.meta.error_code).toBe(6);
    expect(refused.body.meta.message).toContain('08-07-2024 already has a menu');
    const untouched = await t.call<Schedule>('GET', '/api/meals/schedule/08-07-2024', { token: c.token });
    expect(names(untouched.body.data, '08-07-2024', 'Main')).toEqual(['Fish Pie']);

    const overwritten = await t.call<Schedule>('PUT', '/api/meals/copy_schedule', {
      token: c.token,
      body: { from_date: '10-06-2024', to_date: '08-07-2024', overwrite: true },
    });
    expect(names(overwritten.body.data, '08-07-2024', 'Main')).toEqual([]);
    expect(names(overwritten.body.data, '10-07-2024', 'Main')).toEqual(['Beef Stew']);
  });

  it('validates the copy form', async () => {
    const c = await setUp('Menu Copy Valid');
    for (const body of [
      { from_date: '10-06-2024' },
      { from_date: '2024-06-10', to_date: '17-06-2024' },
      { from_date: '10-06-2024', to_date: '17-06-2024', overwrite: 'yes' },
      { from_date: '10-06-2024', to_date: '14-06-2024' }, // same week
      { from_date: '10-06-2024', to_date: '17-06-2024' }, // nothing to copy
    ]) {
      const result = await t.call('PUT', '/api/meals/copy_schedule', { token: c.token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('menu cycles', () => {
  it('shows the matching cycle week for a week without a menu of its own', async () => {
    const c = await setUp('Menu Cycle');
    const settings = await t.call<Account>('PUT', `/api/accounts/${String(c.accountId)}`, {
      token: c.token,
      body: { menu_options: { custom_text: '', cycle_weeks: 2, cycle_start: '05-06-2024' } },
    });
    expect(settings.status).toBe(200);
    await t.call('PUT', '/api/meals/schedule/03-06-2024', {
      token: c.token,
      body: { days: { '03-06-2024': { Soup: [key(c, 'Pumpkin Soup')] } } },
    });
    await t.call('PUT', '/api/meals/schedule/10-06-2024', {
      token: c.token,
      body: { days: { '11-06-2024': { Main: [key(c, 'Fish Pie')] } } },
    });

    const own = await t.call<Schedule>('GET', '/api/meals/schedule/10-06-2024', { token: c.token });
    expect(own.body.data).toMatchObject({ cycle_week: null, source_week: null });

    const week3 = await t.call<Schedule>('GET', '/api/meals/schedule/19-06-2024', { token: c.token });
    expect(week3.body.data).toMatchObject({
      week_start: '17-06-2024',
      cycle_week: 1,
      source_week: '03-06-2024',
    });
    expect(names(week3.body.data, '17-06-2024', 'Soup')).toEqual(['Pumpkin Soup']);

    const week4 = await t.call<Schedule>('GET', '/api/meals/schedule/24-06-2024', { token: c.token });
    expect(week4.body.data).toMatchObject({ cycle_week: 2, source_week: '10-06-2024' });
    expect(names(week4.body.data, '25-06-2024', 'Main')).toEqual(['Fish Pie']);

    const before = await t.call<Schedule>('GET', '/api/meals/schedule/27-05-2024', { token: c.token });
    expect(before.body.data).toMatchObject({ cycle_week: null, source_week: null });

    // A week's own menu wins over the cycle; copying a cycle week copies what it shows.
    const copied = await t.call<Schedule>('PUT', '/api/meals/copy_schedule', {
      token: c.token,
      body: { from_date: '24-06-2024', to_date: '01-07-2024' },
    });
    expect(copied.body.data).toMatchObject({ cycle_week: null, source_week: null });
    expect(names(copied.body.data, '02-07-2024', 'Main')).toEqual(['Fish Pie']);

    await t.call('PUT', `/api/accounts/${String(c.accountId)}`, {
      token: c.token,
      body: { menu_options: { custom_text: '', cycle_weeks: 0, cycle_start: '05-06-2024' } },
    });
    const noCycle = await t.call<Schedule>('GET', '/api/meals/schedule/17-06-2024', { token: c.token });
    expect(noCycle.body.data).toMatchObject({ cycle_week: null, source_week: null });
    expect(names(noCycle.body.data, '17-06-2024', 'Soup')).toEqual([]);
  });
});
