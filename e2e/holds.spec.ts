import type { APIRequestContext, Page } from '@playwright/test';
import { getTodayIn } from '../src/domain/today';
import { formatDayMonthYear, snapToMonday } from '../src/domain/weeks';
import { addDays } from '../src/domain/zoned-time';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';

/*
 * Holds on the demo data: a client put on hold for next week drops out of the kitchen count by exactly their meals,
 * shows in the clients list's strip and on the Holds report, and counts again once the hold is ended.
 * "Today" is the demo account's (its rounds run in Sydney time).
 */
const today = getTodayIn('Australia/Sydney');
const nextMonday = addDays(snapToMonday(today), 7);
const nextSunday = addDays(nextMonday, 6);
const dataTimeout = { timeout: 30_000 };

type ListedClient = {
  client_id: number;
  name: string;
  meal_strip: { count: number; hold_reason: string | null }[];
};

/** A demo client with meals next week and no hold on those days, and the meals they chose for it. */
async function findClientWithMealsNextWeek(request: APIRequestContext) {
  const jwt = await apiLogIn(request, demo.user);
  const response = await request.get('/api/clients?page_size=100', {
    headers: { authorization: `Bearer ${jwt}` },
  });
  const { data } = (await response.json()) as { data: ListedClient[] };
  for (const client of data) {
    const nextWeek = client.meal_strip.slice(7, 14);
    const meals = nextWeek.reduce((sum, day) => sum + day.count, 0);
    if (meals > 0 && nextWeek.every((day) => day.hold_reason === null)) return { ...client, meals };
  }
  throw new Error('no demo client with meals next week');
}

/** Kitchen Prep By Week opens on next week: the Total Meals row's week total. */
async function readKitchenWeekTotal(page: Page): Promise<number> {
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'Kitchen Prep By Week' })
    .click();
  await expect(page.getByRole('textbox', { name: /^Week of/ })).toHaveValue(formatDayMonthYear(nextMonday));
  const table = page.getByRole('table', {
    name: `Kitchen prep for the week of ${formatDayMonthYear(nextMonday)}`,
  });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Total Meals', exact: true }) });
  await expect(row).toBeVisible(dataTimeout);
  return Number(await row.getByRole('cell').last().innerText());
}

test('a client put on hold for next week leaves the kitchen count, and comes back when the hold ends', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const client = await findClientWithMealsNextWeek(page.request);
  await logIn(page, demo.user);
  const before = await readKitchenWeekTotal(page);
  expect(before).toBeGreaterThan(client.meals);

  await test.step('put the client on hold for next week', async () => {
    await page.goto(`/client/${String(client.client_id)}/`);
    await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Holds' });
    await panel.getByRole('button', { name: 'Add Hold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Hold' });
    await dialog.getByRole('textbox', { name: 'From' }).fill(formatDayMonthYear(nextMonday));
    await dialog.getByRole('textbox', { name: 'To' }).fill(formatDayMonthYear(nextSunday));
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Knee operation');
    await keepScreenshot(page, 'hold-dialog');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = panel.getByRole('row').filter({ hasText: formatDayMonthYear(nextMonday) });
    await expect(row).toContainText(formatDayMonthYear(nextSunday));
    await expect(row).toContainText('Hospital');
    await expect(row).toContainText('Knee operation');
    await panel.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'holds-panel');
    await expectAccessible(page);
  });

  await test.step('the kitchen count drops by their meals', async () => {
    expect(await readKitchenWeekTotal(page)).toBe(before - client.meals);
  });

  await test.step('the Holds report lists them on hold next week, back the Monday after', async () => {
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Holds' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Holds' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Date/ }).fill(formatDayMonthYear(nextMonday));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(
      page.getByText(
        `On ${formatDayMonthYear(nextMonday)}; this week: ${formatDayMonthYear(nextMonday)} to ${formatDayMonthYear(nextSunday)}.`,
      ),
    ).toBeVisible(dataTimeout);
    const onHold = page.getByRole('region', { name: /^On hold/ });
    const row = onHold.getByRole('row').filter({ hasText: client.name });
    await expect(row).toContainText(
      `${formatDayMonthYear(nextMonday)}${formatDayMonthYear(nextSunday)}${formatDayMonthYear(addDays(nextSunday, 1))}Hospital`,
    );
    await expect(page.getByRole('region', { name: /^Back this week/ })).toBeVisible();
    await keepScreenshot(page, 'holds-report', { fullPage: true });
    await expectAccessible(page);
  });

  await test.step('the clients list marks next week as held, and filters clients on hold', async () => {
    await page.getByRole('link', { name: 'Clients', exact: true }).first().click();
    await page.getByRole('combobox', { name: 'Holds' }).selectOption({ label: 'Paused (hold)' });
    await page.getByRole('textbox', { name: /name/i }).first().fill(client.name);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page
      .getByRole('table', { name: 'Clients' })
      .getByRole('row')
      .filter({ hasText: client.name });
    const monday = row.getByRole('listitem', {
      name: new RegExp(`^Mon ${formatDayMonthYear(nextMonday)}: .*on hold \\(hospital\\): not counted$`),
    });
    await expect(monday).toBeVisible(dataTimeout);
    await expect(monday).toHaveAttribute('data-paused', 'held');
    await keepScreenshot(page, 'clients-strip');
  });

  await test.step('End now removes the hold not begun yet, and the meals count again', async () => {
    await page.goto(`/client/${String(client.client_id)}/`);
    const panel = page.getByRole('region', { name: 'Holds' });
    await panel.getByRole('button', { name: 'End Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'End Hold' });
    await expect(dialog).toContainText(`End the hold from ${formatDayMonthYear(nextMonday)} now?`);
    await dialog.getByRole('button', { name: 'End Now' }).click();
    await expect(panel.getByText('No holds.')).toBeVisible();
    expect(await readKitchenWeekTotal(page)).toBe(before);
  });
});
