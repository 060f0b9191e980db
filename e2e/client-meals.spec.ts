import type { Locator, Page } from '@playwright/test';
import { getTodayIn } from '../src/domain/today';
import { formatDayMonthYear, snapToMonday } from '../src/domain/weeks';
import { addDays } from '../src/domain/zoned-time';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';

/** A 1x1 light grey PNG: the map's tiles are answered locally, so the journeys never depend on the tile server. */
const blankTile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48ewhAAVpArB44nOfAAAAAElFTkSuQmCC',
  'base64',
);

/** Next week's Monday as YYYY-MM-DD: inside the list's 14-day strip, and with a seeded menu. */
function nextMonday(): string {
  // The demo account's today (its rounds are in Sydney), not the test machine's.
  return addDays(snapToMonday(getTodayIn('Australia/Sydney')), 7);
}

async function openFirstClient(page: Page): Promise<string> {
  await expect(page.getByText(/^Showing 1-10 of \d+ clients$/)).toBeVisible();
  const row = page.getByRole('table', { name: 'Clients' }).locator('tbody tr').first();
  const name = (await row.locator('td').first().locator('p').first().innerText()).replace(' ↗', '');
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return name;
}

/** Gives the client exactly one dietary label, Vegetarian, and saves. */
async function makeVegetarian(page: Page) {
  const details = page.getByRole('region', { name: 'Client Details' });
  for (const label of await details.getByRole('button', { name: /^Remove label / }).all())
    await label.click();
  await details.getByLabel('Dietary Labels').selectOption({ label: 'Vegetarian' });
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByText('Client updated successfully.')).toBeVisible();
}

async function showWeek(selection: Locator, date: string) {
  await selection.getByLabel('Week of').fill(date);
  await selection.getByRole('button', { name: 'Show', exact: true }).click();
}

/** Monday's cards of the shown week: the grid's second column. */
function mondayCards(selection: Locator): Locator {
  return selection.getByRole('group', { name: / on Monday$/ });
}

test("a user chooses a week's meals for a vegetarian client, saves them and sees them kept and counted", async ({
  page,
}) => {
  // A long journey (a whole week's grid, saved and reloaded) on a shared machine.
  test.setTimeout(150_000);
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: blankTile }),
  );
  // The page's timers on the test's clock: the saved message's 3 s (docs/product-rules.md) pass at once.
  await page.clock.install();
  await logIn(page, demo.user);
  const name = await openFirstClient(page);
  await makeVegetarian(page);
  await page.reload();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  const selection = page.getByRole('region', { name: 'Client Menu Selection' });
  // A Wednesday snaps to the Monday of its week.
  const monday = nextMonday();
  const week = formatDayMonthYear(monday);
  await showWeek(selection, formatDayMonthYear(addDays(monday, 2)));
  await expect(selection.getByLabel('Week of')).toHaveValue(week);
  await expect(selection.getByRole('columnheader', { name: `Monday ${week}` })).toBeVisible();
  await expect(selection.getByRole('group', { name: 'Label colours' })).toBeVisible();

  // Start from an empty Monday.
  const cards = mondayCards(selection);
  await expect(cards.first()).toBeVisible();
  const checked = cards.locator('input[type="checkbox"]:checked');
  while ((await checked.count()) > 0) await checked.first().uncheck();

  const suitable = cards.and(selection.locator('[data-suitable="true"]')).first();
  const unsuitable = cards.and(selection.locator('[data-suitable="false"]')).first();
  const suitableName = (await suitable.getAttribute('aria-label'))?.replace(/ on Monday$/, '') ?? '';
  const unsuitableName = (await unsuitable.getAttribute('aria-label'))?.replace(/ on Monday$/, '') ?? '';
  await expect(suitable).toHaveAttribute('data-colour', 'white');

  await suitable.getByRole('checkbox', { name: suitableName }).check();
  await expect(suitable).toHaveAttribute('data-colour', 'green');
  await expect(suitable).toHaveCSS('background-color', 'rgb(211, 249, 216)');
  await suitable.getByLabel('Quantity').fill('2');
  await unsuitable.getByRole('checkbox', { name: unsuitableName }).check();
  await expect(unsuitable).toHaveAttribute('data-colour', 'pink');
  await expect(unsuitable).toHaveCSS('background-color', 'rgb(255, 222, 235)');
  // Cycles: meal state and cook/deliver.
  const stateButton = unsuitable.getByRole('button', { name: /^(Frozen|Hot|Fresh)$/ });
  const before = await stateButton.innerText();
  const order = ['Frozen', 'Hot', 'Fresh'];
  const after = order[(order.indexOf(before) + 1) % 3] ?? '';
  await stateButton.click();
  await expect(unsuitable.getByRole('button', { name: after, exact: true })).toBeVisible();
  await unsuitable.getByRole('button', { name: 'Cook & Deliver' }).click();
  await expect(unsuitable.getByRole('button', { name: 'Prepare Only' })).toBeVisible();
  // The comment is edited in a modal, by keyboard.
  await unsuitable.getByRole('button', { name: 'Comment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByPlaceholder('Type your comment here...')).toBeFocused();
  await page.keyboard.type('Cut into small pieces');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // A quantity over 99 is flagged and never sent.
  await unsuitable.getByLabel('Quantity').fill('100');
  await expect(unsuitable.getByText('Quantity must be 1 to 99.')).toBeVisible();
  await selection.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(selection.getByText('Please give every ticked meal a quantity from 1 to 99.')).toBeVisible();
  // A ticked meal with quantity 0 is still chosen: Save sets it to 1 rather than refusing it.
  await unsuitable.getByLabel('Quantity').fill('0');
  await expectAccessible(page);

  await selection.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(selection.getByText('Client meal choices updated successfully.')).toBeVisible();
  await expect(unsuitable.getByLabel('Quantity')).toHaveValue('1');
  await page.clock.fastForward(3_000);
  await expect(selection.getByText('Client meal choices updated successfully.')).toBeHidden();

  // Reloaded, the week shows the choices kept.
  await page.reload();
  await showWeek(selection, week);
  await expect(selection.getByLabel('Week of')).toHaveValue(week);
  await expect(suitable.getByRole('checkbox', { name: suitableName })).toBeChecked();
  await expect(suitable.getByLabel('Quantity')).toHaveValue('2');
  await expect(suitable).toHaveAttribute('data-colour', 'green');
  await expect(unsuitable.getByRole('checkbox', { name: unsuitableName })).toBeChecked();
  await expect(unsuitable).toHaveAttribute('data-colour', 'pink');
  await expect(unsuitable.getByRole('button', { name: after, exact: true })).toBeVisible();
  await expect(unsuitable.getByRole('button', { name: 'Prepare Only' })).toBeVisible();
  await expect(unsuitable.getByRole('button', { name: 'Comment (has a comment)' })).toBeVisible();
  await expect(cards.locator('input[type="checkbox"]:checked')).toHaveCount(2);

  // Save and Close goes to the list, whose strip counts next Monday's meals (quantities 2 + 1).
  await selection.getByRole('button', { name: 'Save and Close' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page
    .getByRole('table', { name: 'Clients' })
    .locator('tbody tr')
    .filter({ hasText: name })
    .first();
  await expect(row.getByRole('listitem', { name: `Mon ${week}: 3 meals` })).toBeVisible();
  await expect(row.getByTestId('meal-label-tag')).toHaveText(['Vegetarian']);
});

test('unsaved ticks are not lost silently: another week asks first', async ({ page }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: blankTile }),
  );
  await logIn(page, demo.user);
  await openFirstClient(page);
  const selection = page.getByRole('region', { name: 'Client Menu Selection' });
  const card = mondayCards(selection)
    .filter({ has: page.locator('input[type="checkbox"]:not(:checked)') })
    .first();
  const cardName = (await card.getAttribute('aria-label')) ?? '';
  const tick = selection.getByRole('group', { name: cardName }).getByRole('checkbox');
  await tick.check();
  await expect(selection.getByText('Unsaved changes')).toBeVisible();

  const dialogs: string[] = [];
  page.once('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const thisWeek = await selection.getByLabel('Week of').inputValue();
  await showWeek(selection, formatDayMonthYear(nextMonday()));
  expect(dialogs).toEqual(['You have unsaved changes. Leave them without saving?']);
  await expect(selection.getByLabel('Week of')).toHaveValue(thisWeek);
  await expect(tick).toBeChecked();

  // The previous/next buttons ask too; agreeing leaves the changes.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: /^Next client: / }).click();
  await expect(page).toHaveURL(/\/client\/\d+\/$/);
  await expect(selection.getByText('Unsaved changes')).toBeHidden();
});

test('without map tiles (offline) the client screen still shows the address and its maps link', async ({
  page,
  allowConsoleError,
}) => {
  // The tile server is unreachable on purpose: the browser logs each failed tile.
  allowConsoleError(/Failed to load resource.*(503|Service Unavailable)/);
  await page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ status: 503, body: '' }));
  await logIn(page, demo.user);
  await openFirstClient(page);
  const crm = page.getByRole('region', { name: 'Maintained in the CRM' });
  await expect(crm.locator('a[href^="https://www.google.com/maps/search/?api=1&query="]')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Map of / })).toBeVisible();
  const tiles = page.getByTestId('map-tile');
  await expect
    .poll(async () =>
      tiles.evaluateAll((images) => images.every((image) => getComputedStyle(image).visibility === 'hidden')),
    )
    .toBe(true);
});
