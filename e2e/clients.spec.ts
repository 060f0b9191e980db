import type { Locator, Page } from '@playwright/test';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';

/** A 1x1 light grey PNG: the map's tiles are answered locally, so the journeys never depend on the tile server. */
const blankTile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48ewhAAVpArB44nOfAAAAAElFTkSuQmCC',
  'base64',
);

async function serveBlankTiles(page: Page) {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: blankTile }),
  );
}

function clientsTable(page: Page) {
  return page.getByRole('table', { name: 'Clients' });
}

/** The table's body rows, once the list has loaded (not while another search or page is loading). */
async function listRows(page: Page): Promise<Locator> {
  await expect(page.getByText(/^Showing \d+-\d+ of \d+ clients$/)).toBeVisible();
  await expect(clientsTable(page)).toHaveAttribute('aria-busy', 'false');
  return clientsTable(page).locator('tbody tr');
}

/** The text of one column (0-based) of every row shown. */
async function columnTexts(page: Page, column: number): Promise<string[]> {
  const rows = await listRows(page);
  return rows.locator(`td:nth-child(${String(column + 1)})`).allInnerTexts();
}

async function search(page: Page, filters: { name?: string; round?: string; meals?: string }) {
  if (filters.name !== undefined) await page.getByLabel('Name').fill(filters.name);
  if (filters.round) await page.getByLabel('Round').selectOption({ label: filters.round });
  if (filters.meals) await page.getByLabel('Meal Choices').selectOption({ label: filters.meals });
  await page.getByRole('button', { name: 'Search' }).click();
}

function readTotal(text: string): number {
  return Number(/of (\d+) clients$/.exec(text)?.[1] ?? 'NaN');
}

test('a user filters the clients by name, round and missing meal choices, opens one and comes back to the filters', async ({
  page,
}) => {
  await serveBlankTiles(page);
  await logIn(page, demo.user);
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  await expect(page.getByPlaceholder('{name}')).toBeVisible();
  for (const header of [
    'Client',
    'Status',
    'Location',
    'Phone',
    'Round',
    'Dietary Requirements',
    'Meal Choices',
    'Plan',
  ]) {
    await expect(clientsTable(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const footer = page.getByText(/^Showing 1-10 of \d+ clients$/);
  await expect(footer).toBeVisible();
  const allTotal = readTotal(await footer.innerText());
  expect(allTotal).toBeGreaterThan(100);
  // The first row: a CRM link in a new tab, a status tag, the maps search, the 14-day strip and the plan letters.
  const first = (await listRows(page)).first();
  const sourceLink = first.getByRole('link', { name: /^Open .+ in the CRM$/ });
  await expect(sourceLink).toHaveAttribute('target', '_blank');
  await expect(sourceLink).toHaveAttribute('rel', /noopener/);
  await expect(first.getByText(/^(Active|On Hold)$/)).toBeVisible();
  await expect(first.locator('a[href^="https://www.google.com/maps/search/?api=1&query="]')).toBeVisible();
  await expect(first.getByRole('listitem')).toHaveCount(14);
  await expect(first.getByRole('listitem').first()).toHaveAttribute(
    'aria-label',
    /^Mon \d{2}-\d{2}-\d{4}: \d+ meals?/,
  );
  await expect(first.getByTestId('plan-letters')).toHaveText('MTWTFSS');
  await expect(first.getByRole('link', { name: /^Edit / })).toBeVisible();
  await expectAccessible(page);

  // By name: part of the first client's surname.
  const firstName = (await first.locator('td').first().locator('p').first().innerText()).replace(' ↗', '');
  const surname = firstName.split(' ').at(-1) ?? '';
  await search(page, { name: surname.toLowerCase() });
  await expect(page.getByText(/^Showing 1-\d+ of \d+ clients$/)).toBeVisible();
  await expect
    .poll(async () => readTotal(await page.getByText(/^Showing/).innerText()))
    .toBeLessThan(allTotal);
  for (const name of await columnTexts(page, 0)) expect(name.toLowerCase()).toContain(surname.toLowerCase());

  // By round, with the name cleared.
  await search(page, { name: '', round: 'North Shore' });
  await expect
    .poll(async () => readTotal(await page.getByText(/^Showing/).innerText()))
    .toBeLessThan(allTotal);
  const rounds = await columnTexts(page, 4);
  expect(rounds.length).toBeGreaterThan(0);
  for (const round of rounds) expect(round).toBe('North Shore');

  // Missing meal choices: every row shown has a missing day in its strip.
  await search(page, { meals: 'Missing Meal Choices' });
  await expect(page.getByText(/^(Showing \d+-\d+ of \d+ clients)$/)).toBeVisible();
  const missingRows = await listRows(page);
  const count = await missingRows.count();
  if ((await missingRows.first().innerText()) !== 'No clients found') {
    for (let index = 0; index < count; index += 1) {
      await expect(missingRows.nth(index).locator('li[data-missing="true"]').first()).toBeVisible();
      await expect(missingRows.nth(index).locator('td').nth(4)).toHaveText('North Shore');
    }
  }

  // Open a client, then come back by the top menu: the filters are restored.
  await page.getByLabel('Name').fill('');
  await page.getByLabel('Meal Choices').selectOption({ label: 'All Meal Choices' });
  await page.getByRole('button', { name: 'Search' }).click();
  const row = (await listRows(page)).first();
  const opened = (await row.locator('td').first().locator('p').first().innerText()).replace(' ↗', '');
  await row.getByRole('link', { name: /^Edit / }).click();
  await expect(page).toHaveURL(/\/client\/\d+\/$/);
  await expect(page.getByRole('heading', { name: opened, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Clients', exact: true }).first().click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByLabel('Round')).toHaveValue(/^\d+$/);
  await expect(page.getByLabel('Round').locator('option:checked')).toHaveText('North Shore');
  await expect(page.getByLabel('Meal Choices')).toHaveValue('all');
  for (const round of await columnTexts(page, 4)) expect(round).toBe('North Shore');
  // A reload keeps them too (the session store is persisted).
  await page.reload();
  await expect(page.getByLabel('Round').locator('option:checked')).toHaveText('North Shore');
});

test('a user pages through the clients with the numbers, Next and the last page link', async ({ page }) => {
  await logIn(page, demo.user);
  const pages = page.getByRole('navigation', { name: 'Clients pages' });
  await expect(page.getByText(/^Showing 1-10 of \d+ clients$/)).toBeVisible();
  const total = readTotal(await page.getByText(/^Showing/).innerText());
  const pageMax = Math.ceil(total / 10);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pages.getByRole('button', { name: 'Page 7', exact: true })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 8', exact: true })).toHaveCount(0);
  await expect(pages.getByRole('button', { name: `Page ${String(pageMax)}`, exact: true })).toBeVisible();
  const firstPageNames = await columnTexts(page, 0);

  await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByText(`Showing 11-20 of ${String(total)} clients`)).toBeVisible();
  expect(await columnTexts(page, 0)).not.toEqual(firstPageNames);
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Showing 21-30 of ${String(total)} clients`)).toBeVisible();

  // Further on, the window is centred: page 1 and the last page are links beyond ellipses.
  await pages.getByRole('button', { name: 'Page 6', exact: true }).click();
  await expect(page.getByText(`Showing 51-60 of ${String(total)} clients`)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 3', exact: true })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveCount(0);
  await expect(pages.getByText('…')).toHaveCount(2);

  await pages.getByRole('button', { name: `Page ${String(pageMax)}`, exact: true }).click();
  const lastFirst = (pageMax - 1) * 10 + 1;
  await expect(
    page.getByText(`Showing ${String(lastFirst)}-${String(total)} of ${String(total)} clients`),
  ).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(
    page.getByText(`Showing ${String(lastFirst - 10)}-${String(lastFirst - 1)} of ${String(total)} clients`),
  ).toBeVisible();
  // The page is kept when coming back.
  await page.getByRole('link', { name: 'Meals', exact: true }).first().click();
  await page.getByRole('link', { name: 'Clients', exact: true }).first().click();
  await expect(
    pages.getByRole('button', { name: `Page ${String(pageMax - 1)}`, exact: true }),
  ).toHaveAttribute('aria-current', 'page');
});

test("a user changes a client's round, labels and plan and sees them in the list", async ({ page }) => {
  // A long journey (the page with its map and an accessibility check, two saves, the list): on a busy 2-core
  // machine it ran past the default minute.
  test.setTimeout(150_000);
  await serveBlankTiles(page);
  await logIn(page, demo.user);
  const row = (await listRows(page)).nth(2);
  const name = (await row.locator('td').first().locator('p').first().innerText()).replace(' ↗', '');
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByText('Loading...').first()).toBeHidden();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // The CRM's block, the neighbours and the map.
  const sourceDetails = page.getByRole('region', { name: 'Maintained in the CRM' });
  await expect(sourceDetails.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  await expect(sourceDetails.locator('a[href^="https://www.google.com/maps/search/"]')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Previous client: / })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Next client: / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Map of / })).toBeVisible();
  await expect(page.getByTestId('map-tile').first()).toBeVisible();
  await expect(page.getByText('contributors')).toBeVisible();
  await expectAccessible(page);

  const details = page.getByRole('region', { name: 'Client Details' });
  await details.getByLabel('Round').selectOption({ label: 'Canterbury' });
  for (const label of await details.getByRole('button', { name: /^Remove label / }).all())
    await label.click();
  await details.getByLabel('Dietary Labels').selectOption({ label: 'Halal' });
  await details.getByLabel('Dietary Labels').selectOption({ label: 'Low Salt' });
  await details.getByRole('button', { name: 'Remove label Low Salt' }).click();
  await expect(details.getByRole('button', { name: /^Remove label / })).toHaveCount(1);
  await details.getByLabel('Dietary Notes').fill('No shellfish');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await details.getByRole('checkbox', { name: day }).setChecked(day === 'Tuesday' || day === 'Saturday');
  }
  await details.getByLabel('Plan name').fill('Tue and Sat');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  // Nothing below waits for the message to clear (its 3 s are use-timed-notice.test.ts's).
  await expect(details.getByText('Client updated successfully.')).toBeVisible();

  // Save and Close returns to the list, which shows the change.
  await details.getByRole('button', { name: 'Save and Close' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await search(page, { name });
  const changed = (await listRows(page)).filter({ hasText: name }).first();
  await expect(changed.locator('td').nth(4)).toHaveText('Canterbury');
  await expect(changed.getByTestId('meal-label-tag')).toHaveText(['Halal']);
  await expect(changed.getByText('No shellfish')).toBeVisible();
  await expect(changed.getByText('Tue and Sat')).toBeVisible();
  await expect(changed.getByText('Delivery days: Tuesday, Saturday')).toBeAttached();
});
