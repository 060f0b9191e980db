import type { Page } from '@playwright/test';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';

function mealRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

async function search(page: Page, filters: { query: string; status?: string; category?: string }) {
  const form = page.getByRole('form', { name: 'Meal filters' });
  await form.getByLabel('Search').fill(filters.query);
  await form.getByLabel('Status').selectOption({ label: filters.status ?? 'All Statuses' });
  await form.getByLabel('Category').selectOption({ label: filters.category ?? 'All Categories' });
  await form.getByRole('button', { name: 'Search' }).click();
}

test('a user adds a meal with labels, finds it with the filters and edits it', async ({ page }) => {
  const name = `E2E Lentil Bake ${String(Date.now())}`;
  await logIn(page, demo.user);
  await page.getByRole('navigation').getByRole('link', { name: 'Meals' }).first().click();
  await expect(page).toHaveURL(/\/meals$/);
  await expect(page.getByRole('heading', { name: 'Meals', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Item' })).toBeVisible();

  // Add Item creates 'New Meal' (active) at once and opens it in the Edit Menu Item dialog.
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Menu Item' });
  await expect(dialog.getByLabel('Name')).toHaveValue('New Meal');
  await expect(dialog.getByLabel('Status')).toHaveValue('active');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Category').selectOption({ label: 'Main' });
  await dialog.getByRole('radio', { name: 'Frozen' }).check();
  await dialog.getByLabel('Ingredients').fill('Lentils, tomato, cheese');
  await dialog.getByLabel('Labels').click();
  await page.getByRole('option', { name: 'Vegetarian' }).click();
  await page.getByRole('option', { name: 'Gluten Free' }).click();
  await dialog.getByLabel('Name').click();
  await dialog.getByRole('button', { name: 'Save Menu Item' }).click();
  await expect(dialog.getByText('Menu item saved.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Edit Menu Item' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Found by name, active, in Main, with its labels as tags.
  await search(page, { query: name, status: 'Active', category: 'Main' });
  const row = mealRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Main', exact: true })).toBeVisible();
  await expect(row.getByText('Vegetarian')).toBeVisible();
  await expect(row.getByText('Gluten Free')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
  // Not found in another category.
  await search(page, { query: name, category: 'Soup' });
  await expect(page.getByText('No meals found')).toBeVisible();

  // Edit: make it inactive; it then shows under the inactive filter only.
  await search(page, { query: name });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog.getByRole('radio', { name: 'Frozen' })).toBeChecked();
  await expect(dialog.getByLabel('Ingredients')).toHaveValue('Lentils, tomato, cheese');
  await dialog.getByLabel('Status').selectOption({ label: 'Inactive' });
  await dialog.getByRole('button', { name: 'Save Menu Item' }).click();
  await expect(dialog.getByText('Menu item saved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await search(page, { query: name, status: 'Active' });
  await expect(page.getByText('No meals found')).toBeVisible();
  await search(page, { query: name, status: 'Inactive' });
  await expect(mealRow(page, name).getByRole('cell', { name: 'Inactive', exact: true })).toBeVisible();

  // Still there after a reload (the server saved it).
  await page.reload();
  await search(page, { query: name, status: 'Inactive' });
  await expect(mealRow(page, name)).toHaveCount(1);
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`Edit Menu Item keeps its buttons in sight at ${String(viewport.width)} x ${String(viewport.height)}; a name over the limit is refused inline`, async ({
    page,
    request,
  }) => {
    const name = `E2E Viewport Stew ${String(Date.now())}`;
    const jwt = await apiLogIn(request, demo.user);
    const created = await request.post('/api/meals/meals', {
      data: { description: name, ingredients: 'Beef, carrot, celery, onion, stock', labels: ['Low Salt'] },
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(created.status(), 'API add meal').toBe(201);
    await page.setViewportSize(viewport);
    await logIn(page, demo.user);
    await page.goto('/meals');
    await search(page, { query: name });
    await mealRow(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Menu Item' });
    await expect(dialog.getByRole('button', { name: 'Save Menu Item' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeInViewport({ ratio: 1 });
    await dialog.getByLabel('Name').fill('y'.repeat(201));
    await expect(dialog.getByText('Use at most 200 characters (this has 201).')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save Menu Item' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Save Menu Item' })).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, `meals-edit-${String(viewport.width)}x${String(viewport.height)}`);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
  });
}

test('a label colour changed in Settings > Meals shows on the meals table', async ({ page, request }) => {
  const name = `E2E Low Salt Soup ${String(Date.now())}`;
  const jwt = await apiLogIn(request, demo.user);
  const created = await request.post('/api/meals/meals', {
    data: { description: name, category: 'Soup', labels: ['Low Salt'] },
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(created.status(), 'API add meal').toBe(201);

  await logIn(page, demo.user);
  await page.goto('/settings/meals/');
  await expect(page.getByRole('heading', { name: 'Menu Options' })).toBeVisible();
  const labelRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Low Salt', exact: true }) });
  await labelRow.getByRole('button', { name: 'Edit Low Salt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Label' });
  await dialog.getByLabel('Colour').fill('#123456');
  await dialog.getByLabel('Name').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Label Updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(labelRow.getByText('#123456')).toBeVisible();

  await page.goto('/meals');
  await search(page, { query: name });
  const tag = mealRow(page, name).getByTestId('meal-label-tag').filter({ hasText: 'Low Salt' });
  await expect(tag).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(tag).toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('the meals screen and Settings > Meals are accessible', async ({ page }) => {
  await logIn(page, demo.user);
  await page.goto('/meals');
  await expect(page.getByRole('columnheader', { name: 'Item' })).toBeVisible();
  await expect(page.getByTestId('meal-label-tag').first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/settings/meals/');
  await expect(page.getByRole('heading', { name: 'Meal Labels' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Menu Options' })).toBeVisible();
  await expectAccessible(page);
});
