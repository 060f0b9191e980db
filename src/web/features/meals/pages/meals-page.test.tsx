import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Meal } from '../../../../contracts/meals';
import { buildEnvelope, buildErrorEnvelope, logInAs, renderApp, stubApi } from '../../../test-utils';

function buildMeal(key: string, description: string, overrides: Partial<Meal> = {}): Meal {
  return {
    key,
    description,
    ingredients: '',
    category: 'Main',
    meal_state: 'Hot',
    labels: [],
    allergens: [],
    reheating_instructions: '',
    active_ind: true,
    status: 'active',
    ...overrides,
  };
}

const categories = [
  { key: 'soup', name: 'Soup' },
  { key: 'main', name: 'Main' },
];
const labels = [
  { key: 'vegetarian', name: 'Vegetarian', colour: '#2a9d8f' },
  { key: 'odd', name: 'Odd', colour: 'not-a-colour' },
];
const meals = [
  buildMeal('m1', 'Beef Stew', { labels: ['Vegetarian', 'Odd'] }),
  buildMeal('m2', 'Pumpkin Soup', { category: 'Soup', active_ind: false, status: 'inactive' }),
];

function listEnvelope(list: Meal[], page = 1, pageMax = 1) {
  return buildEnvelope(
    { meals: list, categories, labels },
    { record_total: list.length, record_count: list.length, page, page_max: pageMax },
  );
}

async function findRow(name: string) {
  const cell = await screen.findByRole('cell', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('meals screen', { timeout: 15_000 }, () => {
  it('shows Loading..., then the table with coloured label tags and statuses', async () => {
    stubApi({ 'GET /api/meals/meals': () => listEnvelope(meals) });
    logInAs('kitchen@example.org', 'normal');
    renderApp('/meals');
    expect(screen.getByRole('heading', { name: 'Meals' })).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();

    const stew = await findRow('Beef Stew');
    expect(within(stew).getByText('Main')).toBeTruthy();
    expect(within(stew).getByText('Active')).toBeTruthy();
    const veg = within(stew).getByText('Vegetarian').closest<HTMLElement>('[data-testid="meal-label-tag"]');
    expect(veg?.style.backgroundColor).toBe('rgb(42, 157, 143)');
    expect(veg?.style.color).toBe('rgb(0, 0, 0)');
    // An unusable colour falls back to #dddddd on the meals screen.
    const odd = within(stew).getByText('Odd').closest<HTMLElement>('[data-testid="meal-label-tag"]');
    expect(odd?.style.backgroundColor).toBe('rgb(221, 221, 221)');
    expect(within(await findRow('Pumpkin Soup')).getByText('Inactive')).toBeTruthy();
    for (const header of ['Category', 'Item', 'Labels', 'Status', 'Edit']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
  });

  it('shows an empty state', async () => {
    stubApi({ 'GET /api/meals/meals': () => listEnvelope([]) });
    logInAs('kitchen@example.org', 'normal');
    renderApp('/meals');
    expect(await screen.findByText('No meals found')).toBeTruthy();
  });

  it('sends the filters when Search is pressed, and pages', async () => {
    const { fetchMock } = stubApi({
      'GET /api/meals/meals': () => listEnvelope(meals, 1, 3),
    });
    const mealQueries = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/meals/meals')
        .map((url) => url.searchParams);
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/meals');
    await findRow('Beef Stew');
    expect(mealQueries()[0]?.get('status')).toBe('all');
    expect(mealQueries()[0]?.get('category')).toBe('all');

    await user.type(screen.getByLabelText('Search'), 'stew');
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await user.selectOptions(screen.getByLabelText('Category'), 'Soup');
    expect(mealQueries()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(mealQueries()).toHaveLength(2));
    const searched = mealQueries()[1];
    expect(searched?.get('query')).toBe('stew');
    expect(searched?.get('status')).toBe('inactive');
    expect(searched?.get('category')).toBe('Soup');
    expect(searched?.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(mealQueries()).toHaveLength(3));
    expect(mealQueries()[2]?.get('page')).toBe('2');
    expect(mealQueries()[2]?.get('query')).toBe('stew');
  });

  it('edits a meal in the Edit Menu Item dialog and saves it', async () => {
    const { calls } = stubApi({
      'GET /api/meals/meals': () => listEnvelope(meals),
      'PUT /api/meals/meals': (call) => buildEnvelope({ ...meals[0], ...(call.body as object) }),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/meals');
    await user.click(within(await findRow('Beef Stew')).getByRole('button', { name: 'Edit Beef Stew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Menu Item' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Lamb Stew');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Soup');
    await user.click(within(dialog).getByLabelText('Frozen'));
    await user.type(within(dialog).getByLabelText('Ingredients'), 'lamb, carrot');
    await user.click(within(dialog).getByLabelText('Reheating Instructions'));
    await user.paste('Microwave 3 minutes');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Save Menu Item' }));

    expect(await within(dialog).findByText('Menu item saved.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      key: 'm1',
      description: 'Lamb Stew',
      category: 'Soup',
      meal_state: 'Frozen',
      ingredients: 'lamb, carrot',
      labels: ['Vegetarian', 'Odd'],
      allergens: [],
      reheating_instructions: 'Microwave 3 minutes',
      active_ind: false,
    });
  });

  it('prefixes a save error and lets it be dismissed', async () => {
    stubApi({
      'GET /api/meals/meals': () => listEnvelope(meals),
      'PUT /api/meals/meals': () => buildErrorEnvelope(2, 'Unknown label.'),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/meals');
    await user.click(within(await findRow('Beef Stew')).getByRole('button', { name: 'Edit Beef Stew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Menu Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Menu Item' }));
    expect(await within(dialog).findByText('Failed to load meals: Unknown label.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByText('Failed to load meals: Unknown label.')).toBeNull();
  });

  it("Add Item creates 'New Meal' (active) and opens it in the Edit Menu Item dialog", async () => {
    const created = buildMeal('m9', 'New Meal', { category: '', meal_state: 'Hot' });
    const { calls } = stubApi({
      'GET /api/meals/meals': () => listEnvelope(meals),
      'POST /api/meals/meals': () => buildEnvelope(created),
      'PUT /api/meals/meals': () => buildEnvelope({ ...created, description: 'Lamb Shanks' }),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/meals');
    await findRow('Beef Stew');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Menu Item' });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{}]);
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('New Meal');
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, '  Lamb Shanks ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Menu Item' }));
    expect(await within(dialog).findByText('Menu item saved.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      key: 'm9',
      description: 'Lamb Shanks',
      active_ind: true,
    });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says why Add Item could not create the meal', async () => {
    stubApi({
      'GET /api/meals/meals': () => listEnvelope(meals),
      'POST /api/meals/meals': () => buildErrorEnvelope(7, 'The database is busy.'),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/meals');
    await findRow('Beef Stew');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Failed to add a meal: The database is busy.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says inline when the name is over the server limit and does not save', async () => {
    const { calls } = stubApi({ 'GET /api/meals/meals': () => listEnvelope(meals) });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/meals');
    await user.click(within(await findRow('Beef Stew')).getByRole('button', { name: 'Edit Beef Stew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Menu Item' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.paste('x'.repeat(201));
    expect(within(dialog).getByText('Use at most 200 characters (this has 201).')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Menu Item' })).toHaveProperty('disabled', true);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says inline when the reheating instructions are over 500 characters and does not save', async () => {
    const { calls } = stubApi({ 'GET /api/meals/meals': () => listEnvelope(meals) });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/meals');
    await user.click(within(await findRow('Beef Stew')).getByRole('button', { name: 'Edit Beef Stew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Menu Item' });
    await user.click(within(dialog).getByLabelText('Reheating Instructions'));
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByText('Use at most 500 characters (this has 501).')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Menu Item' })).toHaveProperty('disabled', true);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
