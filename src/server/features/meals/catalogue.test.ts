import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label, Meal, MealCategory, MealList } from '../../../contracts/meals';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const mealRoutes: [string, string][] = [
  ['GET', '/api/meals/categories'],
  ['POST', '/api/meals/categories'],
  ['PUT', '/api/meals/categories'],
  ['PUT', '/api/meals/categories/order'],
  ['GET', '/api/meals/labels'],
  ['POST', '/api/meals/labels'],
  ['PUT', '/api/meals/labels'],
  ['GET', '/api/meals/meals'],
  ['POST', '/api/meals/meals'],
  ['PUT', '/api/meals/meals'],
  ['GET', '/api/meals/schedule/10-06-2024'],
  ['PUT', '/api/meals/schedule/10-06-2024'],
  ['PUT', '/api/meals/copy_schedule'],
];

async function setUp(name: string) {
  const { admin, user } = await t.createAccount(name);
  return { token: await t.login(user.username), adminToken: await t.login(admin.username) };
}

describe('meals API access', () => {
  it.each(mealRoutes)('%s %s answers 401 without a token', async (method, url) => {
    const result = await t.call(method as 'GET', url, method === 'GET' ? {} : { body: {} });
    expect(result.status).toBe(401);
    expect(result.body.meta.error_code).toBe(3);
  });

  it('is open to normal users (no route is admin-only)', async () => {
    const { token } = await setUp('Normal Meals');
    for (const [method, url] of mealRoutes.filter(([method]) => method === 'GET')) {
      const result = await t.call(method as 'GET', url, { token });
      expect(result.status, url).toBe(200);
    }
  });
});

describe('categories', () => {
  it('adds, renames and reorders categories, answering the full list', async () => {
    const { token } = await setUp('Categories');
    const added = await t.call<MealCategory[]>('POST', '/api/meals/categories', { token });
    expect(added.status).toBe(201);
    expect(added.body.data.map((row) => row.name)).toEqual(['New Category']);
    const second = await t.call<MealCategory[]>('POST', '/api/meals/categories', { token, body: {} });
    expect(second.body.data.map((row) => row.name)).toEqual(['New Category', 'New Category 2']);
    const soup = await t.call<MealCategory[]>('POST', '/api/meals/categories', {
      token,
      body: { name: 'Soup' },
    });
    const [first, other, third] = soup.body.data;
    if (!first || !other || !third) throw new Error('categories missing');

    const renamed = await t.call<MealCategory[]>('PUT', '/api/meals/categories', {
      token,
      body: { key: first.key, name: 'Main' },
    });
    expect(renamed.body.data.map((row) => row.name)).toEqual(['Main', 'New Category 2', 'Soup']);
    expect(renamed.body.meta).toMatchObject({ record_total: 3, page: 1, page_max: 1 });

    const ordered = await t.call<MealCategory[]>('PUT', '/api/meals/categories/order', {
      token,
      body: { keys: [third.key, first.key, other.key] },
    });
    expect(ordered.body.data.map((row) => row.name)).toEqual(['Soup', 'Main', 'New Category 2']);
    const listed = await t.call<MealCategory[]>('GET', '/api/meals/categories', { token });
    expect(listed.body.data).toEqual(ordered.body.data);
  });

  it("validates names and orders, and answers 404 for another account's category", async () => {
    const { token } = await setUp('Categories Valid');
    const { token: otherToken } = await setUp('Categories Other');
    const mine = await t.call<MealCategory[]>('POST', '/api/meals/categories', {
      token,
      body: { name: 'Soup' },
    });
    const theirs = await t.call<MealCategory[]>('POST', '/api/meals/categories', {
      token: otherToken,
      body: { name: 'Dessert' },
    });
    const myKey = mine.body.data[0]?.key ?? '';
    const theirKey = theirs.body.data[0]?.key ?? '';

    const duplicate = await t.call('POST', '/api/meals/categories', { token, body: { name: 'soup' } });
    expect(duplicate.status).toBe(400);
    const blank = await t.call('PUT', '/api/meals/categories', { token, body: { key: myKey, name: '  ' } });
    expect(blank.body.meta.error_code).toBe(2);
    const unknownField = await t.call('POST', '/api/meals/categories', { token, body: { colour: 'x' } });
    expect(unknownField.body.meta.errors).toEqual([{ field: 'colour', message: 'Unknown field.' }]);
    const badOrder = await t.call('PUT', '/api/meals/categories/order', {
      token,
      body: { keys: [myKey, theirKey] },
    });
    expect(badOrder.status).toBe(400);

    const foreign = await t.call('PUT', '/api/meals/categories', {
      token,
      body: { key: theirKey, name: 'Mine' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.meta.error_code).toBe(5);
    const theirList = await t.call<MealCategory[]>('GET', '/api/meals/categories', { token: otherToken });
    expect(theirList.body.data.map((row) => row.name)).toEqual(['Dessert']);
  });
});

describe('labels', () => {
  it('adds with an empty body, updates and answers the full list', async () => {
    const { token } = await setUp('Labels');
    const empty = await t.call<Label[]>('GET', '/api/meals/labels', { token });
    expect(empty.body.data).toEqual([]);
    const added = await t.call<Label[]>('POST', '/api/meals/labels', { token });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual([
      { key: expect.any(String) as string, name: 'New Label', colour: '#dddddd' },
    ]);
    const again = await t.call<Label[]>('POST', '/api/meals/labels', { token, body: {} });
    expect(again.body.data.map((label) => label.name)).toEqual(['New Label', 'New Label 2']);
    const key = again.body.data[0]?.key ?? '';

    const updated = await t.call<Label[]>('PUT', '/api/meals/labels', {
      token,
      body: { key, name: 'Gluten Free', colour: '#A1B2C3' },
    });
    expect(updated.body.meta).toMatchObject({ error_code: 0, message: 'Label Updated.', record_total: 2 });
    expect(updated.body.data[0]).toEqual({ key, name: 'Gluten Free', colour: '#a1b2c3' });
  });

  it('carries a rename to the meals that have the label', async () => {
    const { token } = await setUp('Labels Rename');
    const added = await t.call<Label[]>('POST', '/api/meals/labels', { token, body: { name: 'Veg' } });
    await t.call('POST', '/api/meals/labels', { token, body: { name: 'Halal' } });
    const key = added.body.data[0]?.key ?? '';
    const meal = await t.call<Meal>('POST', '/api/meals/meals', {
      token,
      body: { labels: ['Halal', 'Veg'] },
    });
    await t.call('PUT', '/api/meals/labels', { token, body: { key, name: 'Vegetarian', colour: '#00aa00' } });
    const list = await t.call<MealList>('GET', '/api/meals/meals', { token });
    expect(list.body.data.meals.find((row) => row.key === meal.body.data.key)?.labels).toEqual([
      'Halal',
      'Vegetarian',
    ]);
  });

  it("validates, and answers 404 for another account's label", async () => {
    const { token } = await setUp('Labels Valid');
    const { token: otherToken } = await setUp('Labels Other');
    const theirs = await t.call<Label[]>('POST', '/api/meals/labels', { token: otherToken });
    const theirKey = theirs.body.data[0]?.key ?? '';
    const mine = await t.call<Label[]>('POST', '/api/meals/labels', { token });
    const myKey = mine.body.data[0]?.key ?? '';

    const badColour = await t.call('PUT', '/api/meals/labels', {
      token,
      body: { key: myKey, name: 'X', colour: 'red' },
    });
    expect(badColour.status).toBe(400);
    expect(badColour.body.meta.errors).toEqual([expect.objectContaining({ field: 'colour' })]);
    const missing = await t.call('PUT', '/api/meals/labels', { token, body: { key: myKey } });
    expect(missing.body.meta.error_code).toBe(2);
    await t.call('POST', '/api/meals/labels', { token, body: { name: 'Halal' } });
    const duplicate = await t.call('PUT', '/api/meals/labels', {
      token,
      body: { key: myKey, name: 'halal', colour: '#000000' },
    });
    expect(duplicate.status).toBe(400);

    const foreign = await t.call('PUT', '/api/meals/labels', {
      token,
      body: { key: theirKey, name: 'Stolen', colour: '#000000' },
    });
    expect(foreign.status).toBe(404);
    const theirList = await t.call<Label[]>('GET', '/api/meals/labels', { token: otherToken });
    expect(theirList.body.data[0]?.name).toBe('New Label');
  });
});

describe('meals', () => {
  async function seedCatalogue(token: string) {
    await t.call('POST', '/api/meals/categories', { token, body: { name: 'Soup' } });
    await t.call('POST', '/api/meals/categories', { token, body: { name: 'Main' } });
    await t.call('POST', '/api/meals/labels', { token, body: { name: 'Vegetarian', colour: '#00aa00' } });
    const made: Meal[] = [];
    for (const [description, category, active] of [
      ['Pumpkin Soup', 'Soup', true],
      ['Minestrone', 'Soup', false],
      ['Beef Stew', 'Main', true],
      ['Vegetable Lasagne', 'Main', true],
      ['Chicken Soup', 'Soup', true],
    ] as const) {
      const result = await t.call<Meal>('POST', '/api/meals/meals', {
        token,
        body: { description, category, active_ind: active, ingredients: `${description} ingredients` },
      });
      made.push(result.body.data);
    }
    return made;
  }

  it('creates a new meal from an empty body and edits only the fields sent', async () => {
    const { token } = await setUp('Meals Crud');
    await t.call('POST', '/api/meals/categories', { token, body: { name: 'Soup' } });
    await t.call('POST', '/api/meals/labels', { token, body: { name: 'Vegetarian' } });
    const created = await t.call<Meal>('POST', '/api/meals/meals', { token });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      key: expect.any(String) as string,
      description: 'New Meal',
      ingredients: '',
      category: '',
      meal_state: 'Hot',
      labels: [],
      allergens: [],
      reheating_instructions: '',
      active_ind: true,
      status: 'active',
    });
    const edited = await t.call<Meal>('PUT', '/api/meals/meals', {
      token,
      body: {
        key: created.body.data.key,
        description: 'Pumpkin Soup',
        category: 'Soup',
        meal_state: 'Frozen',
        labels: ['Vegetarian'],
      },
    });
    expect(edited.body.data).toMatchObject({
      description: 'Pumpkin Soup',
      category: 'Soup',
      meal_state: 'Frozen',
      labels: ['Vegetarian'],
      active_ind: true,
    });
    const deactivated = await t.call<Meal>('PUT', '/api/meals/meals', {
      token,
      body: { key: created.body.data.key, status: 'inactive' },
    });
    expect(deactivated.body.data).toMatchObject({
      description: 'Pumpkin Soup',
      active_ind: false,
      status: 'inactive',
    });
  });

  it('lists with paging, status, category and search filters, with categories and labels', async () => {
    const { token } = await setUp('Meals List');
    await seedCatalogue(token);
    const all = await t.call<MealList>('GET', '/api/meals/meals', { token });
    expect(all.body.data.meals).toHaveLength(5);
    expect(all.body.data.categories.map((category) => category.name)).toEqual(['Soup', 'Main']);
    expect(all.body.data.labels.map((label) => label.name)).toEqual(['Vegetarian']);
    expect(all.body.meta).toMatchObject({ record_total: 5, record_count: 5, page: 1, page_max: 1 });

    const paged = await t.call<MealList>('GET', '/api/meals/meals?page=2&page_size=2', { token });
    expect(paged.body.meta).toMatchObject({ record_total: 5, record_count: 2, page: 2, page_max: 3 });
    const allAtOnce = await t.call<MealList>(
      'GET',
      '/api/meals/meals?page=1&status=active&query=&page_size=-1',
      {
        token,
      },
    );
    expect(allAtOnce.body.data.meals.map((meal) => meal.description)).toEqual([
      'Chicken Soup',
      'Pumpkin Soup',
      'Beef Stew',
      'Vegetable Lasagne',
    ]);
    expect(allAtOnce.body.meta).toMatchObject({ record_total: 4, page: 1, page_max: 1 });
    const inactive = await t.call<MealList>('GET', '/api/meals/meals?status=inactive', { token });
    expect(inactive.body.data.meals.map((meal) => meal.description)).toEqual(['Minestrone']);
    const mains = await t.call<MealList>('GET', '/api/meals/meals?category=Main', { token });
    expect(mains.body.data.meals.map((meal) => meal.description)).toEqual(['Beef Stew', 'Vegetable Lasagne']);
    const search = await t.call<MealList>('GET', '/api/meals/meals?query=soup', { token });
    expect(search.body.data.meals.map((meal) => meal.description)).toEqual(['Chicken Soup', 'Pumpkin Soup']);
    const byIngredients = await t.call<MealList>('GET', '/api/meals/meals?query=stew%20ingredients', {
      token,
    });
    expect(byIngredients.body.data.meals.map((meal) => meal.description)).toEqual(['Beef Stew']);
    const wildcard = await t.call<MealList>('GET', '/api/meals/meals?query=%25', { token });
    expect(wildcard.body.data.meals).toHaveLength(0);
  });

  it('validates queries and bodies (code 2)', async () => {
    const { token } = await setUp('Meals Valid');
    for (const url of [
      '/api/meals/meals?page_size=0',
      '/api/meals/meals?page_size=-2',
      '/api/meals/meals?page_size=1001',
      '/api/meals/meals?status=deleted',
      '/api/meals/meals?page=0',
      '/api/meals/meals?sort=name',
    ]) {
      const result = await t.call('GET', url, { token });
      expect(result.status, url).toBe(400);
    }
    for (const body of [
      { meal_state: 'Warm' },
      { description: '' },
      { active_ind: 'yes' },
      { labels: 'Halal' },
      { key: 'x' },
      { category: 'Nope' },
      { labels: ['Nope'] },
    ]) {
      const result = await t.call('POST', '/api/meals/meals', { token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    const noKey = await t.call('PUT', '/api/meals/meals', { token, body: { description: 'X' } });
    expect(noKey.status).toBe(400);
  });

  it("keeps accounts apart: another account's meal answers 404 and is not listed", async () => {
    const { token } = await setUp('Meals Mine');
    const { token: otherToken } = await setUp('Meals Theirs');
    const theirs = await t.call<Meal>('POST', '/api/meals/meals', {
      token: otherToken,
      body: { description: 'Secret' },
    });
    const foreign = await t.call('PUT', '/api/meals/meals', {
      token,
      body: { key: theirs.body.data.key, description: 'Stolen' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.meta.error_code).toBe(5);
    const mine = await t.call<MealList>('GET', '/api/meals/meals', { token });
    expect(mine.body.data.meals).toEqual([]);
    const missing = await t.call('PUT', '/api/meals/meals', { token, body: { key: 'no-such-meal' } });
    expect(missing.status).toBe(404);
  });
});
