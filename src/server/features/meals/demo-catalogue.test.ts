import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MealList, Schedule } from '../../../contracts/meals';
import { snapToMonday, formatDayMonthYear } from '../../../domain/weeks';
import { getTodayIn } from '../../../domain/today';
import { addDays } from '../../../domain/zoned-time';
import { createSecretBox } from '../../crypto/secret-box';
import { demoLogins, seedDemoAccount } from '../../db/seed/demo';
import { createTestApp, testSecret, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccount(t.db, {
    secretBox: createSecretBox(testSecret),
    sourceUrl: 'http://127.0.0.1:1/demo-crm',
  });
});
afterAll(async () => t.close());

it('gives the demo account a catalogue with labels and a menu from last week to four weeks ahead', async () => {
  const token = await t.login(demoLogins.user, demoLogins.password);
  const list = await t.call<MealList>('GET', '/api/meals/meals?page_size=-1', { token });
  const { meals, categories, labels } = list.body.data;
  expect(meals.length).toBeGreaterThanOrEqual(40);
  expect(categories.map((category) => category.name)).toEqual([
    'Soup',
    'Main',
    'Dessert',
    'Salad',
    'Sandwich',
  ]);
  expect(labels.map((label) => label.name)).toEqual(
    expect.arrayContaining([
      'Gluten Free',
      'Vegetarian',
      'Diabetic',
      'Low Salt',
      'Texture Modified',
      'Halal',
    ]),
  );
  const labelNames = new Set(labels.map((label) => label.name));
  for (const meal of meals) {
    expect(meal.ingredients).not.toBe('');
    expect(categories.map((category) => category.name)).toContain(meal.category);
    for (const label of meal.labels) expect(labelNames).toContain(label);
  }
  expect(new Set(meals.map((meal) => meal.meal_state))).toEqual(new Set(['Hot', 'Frozen', 'Fresh']));

  const monday = snapToMonday(getTodayIn('Australia/Sydney'));
  for (const offset of [-1, 0, 1, 2, 3, 4]) {
    const week = formatDayMonthYear(addDays(monday, offset * 7));
    const schedule = await t.call<Schedule>('GET', `/api/meals/schedule/${week}`, { token });
    expect(schedule.body.data.cycle_week).toBeNull();
    for (const [date, row] of Object.entries(schedule.body.data.days)) {
      for (const category of categories) {
        expect(row[category.name]?.length, `${date} ${category.name}`).toBeGreaterThan(0);
      }
    }
  }
  const later = formatDayMonthYear(addDays(monday, 5 * 7));
  const empty = await t.call<Schedule>('GET', `/api/meals/schedule/${later}`, { token });
  expect(Object.values(empty.body.data.days).flatMap((row) => Object.values(row).flat())).toEqual([]);
});
