import type { Page } from '@playwright/test';
import { formatPanelDate } from '../src/domain/round-panel';
import { formatDayMonthYear } from '../src/domain/weeks';
import { demo, expect, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead, openPanel, showRound } from './support/rounds';

function findRoundRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

test("the day planner's data: a round's limits, a client's window, a round off tomorrow and its route on a map", async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // No internet here: the maps' tiles do not load, and both maps draw on their plain background instead.
  allowConsoleError(/ERR_NAME_NOT_RESOLVED \[https:\/\/tile\.openstreetmap\.org\//);
  await logIn(page, demo.admin);

  // Settings > Rounds: capacity and latest return, refused inline until they make sense.
  await page.goto('/settings/rounds/');
  await findRoundRow(page, 'Inner West').getByRole('button', { name: 'Edit Inner West' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Round' });
  await dialog.getByRole('textbox', { name: 'Capacity (portions)' }).fill('0');
  await expect(dialog.getByText(/^Capacity must be a whole number from 1/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Capacity (portions)' }).fill('40');
  await dialog.getByRole('textbox', { name: 'Latest Return' }).fill('06:00');
  await expect(dialog.getByText('The latest return must be after the pick up time.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Latest Return' }).fill('13:30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = findRoundRow(page, 'Inner West');
  await expect(row.getByRole('cell', { name: '40', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '13:30', exact: true })).toBeVisible();

  // The client screen: a delivery window, the latest after the earliest.
  await page.goto('/clients');
  await expect(page.getByText(/^Showing 1-10 of \d+ clients$/)).toBeVisible();
  const first = page.getByRole('table', { name: 'Clients' }).locator('tbody tr').first();
  await first.getByRole('link', { name: /^Edit / }).click();
  const details = page.getByRole('region', { name: 'Client Details' });
  await details.getByRole('textbox', { name: 'Earliest Arrival' }).fill('12:00');
  await details.getByRole('textbox', { name: 'Latest Arrival' }).fill('10:00');
  await expect(details.getByText('The latest arrival must be after the earliest.')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await details.getByRole('textbox', { name: 'Latest Arrival' }).fill('12:30');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByText('Client updated successfully.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Client Details' }).getByRole('textbox', { name: 'Latest Arrival' }),
  ).toHaveValue('12:30');

  // The rounds screen: tomorrow's route on the map, and the round marked off after a confirmation.
  const tomorrow = findWeekdayAhead(1);
  await page.goto('/rounds');
  await showRound(page, 'Inner West', tomorrow);
  // A day never fetched waits for the CRM first.
  await expect(page.getByText('Loading...')).toHaveCount(0, { timeout: 90_000 });
  await openPanel(page, tomorrow);
  const map = page.getByRole('group', { name: /^Map of Inner West on .*stops? in order$/ });
  await expect(map).toBeVisible({ timeout: 30_000 });
  const markers = map.locator('.route-stop-marker');
  await expect(markers.first()).toHaveText('1');
  expect(await markers.count()).toBeGreaterThan(1);
  await expect(markers.nth(1)).toHaveText('2');
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);

  const offSwitch = page.getByRole('switch', { name: `Round off on ${formatPanelDate(tomorrow)}` });
  await offSwitch.click();
  const ask = page.getByRole('dialog', { name: 'Round Off This Day' });
  await expect(ask.getByText(/^Mark Inner West off on /)).toBeVisible();
  await ask.getByRole('button', { name: 'Mark Off' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText(`Off on ${formatDayMonthYear(tomorrow)}`)).toBeVisible();
  await expect(offSwitch).toBeChecked();
  await map.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'day-planner-data-rounds', { fullPage: true });

  await offSwitch.click();
  await page
    .getByRole('dialog', { name: 'Round Out This Day' })
    .getByRole('button', { name: 'Put Back Out' })
    .click();
  await expect(page.getByText(`Off on ${formatDayMonthYear(tomorrow)}`)).toBeHidden();
  await expect(offSwitch).not.toBeChecked();
});
