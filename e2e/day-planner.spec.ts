import type { Page } from '@playwright/test';
import { formatPanelDate } from '../src/domain/round-panel';
import { formatDayMonthYear } from '../src/domain/weeks';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead, openPanel, printDriverSheet, showRound } from './support/rounds';

async function showPlanDay(page: Page, date: string) {
  await page.getByRole('textbox', { name: 'Date' }).fill(formatDayMonthYear(date));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Inner West out' })).toBeVisible();
}

test('Plan Day opens on the next delivery day', async ({ page }) => {
  // The demo delivers Monday to Friday: on a Friday or a Saturday the planner opens on Monday, not on the weekend.
  const nextDeliveryDay = formatDayMonthYear(findWeekdayAhead(1));
  await logIn(page, demo.user);
  await page.goto('/rounds/plan');
  await expect(page.getByRole('heading', { name: 'Plan Day', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Date' })).toHaveValue(nextDeliveryDay);
  await expect(
    page.getByText(`Spreads ${nextDeliveryDay}'s visits over the rounds that are out`),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Inner West out' })).toBeVisible();
});

test('the day planner: a round off tomorrow is spread over the others, applied, seen on the rounds screen and its driver sheet, and undone', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tomorrow = findWeekdayAhead(1);
  const shownDate = formatDayMonthYear(tomorrow);
  await logIn(page, demo.user);

  // The rounds screen: Inner West's clients of tomorrow, then the round marked off for the day.
  await page.goto('/rounds');
  await showRound(page, 'Inner West', tomorrow);
  const innerWest = await openPanel(page, tomorrow);
  // A cancelled visit is not driven to, so it is not planned either.
  const innerWestClients = await innerWest
    .locator('[data-status]:not([data-status="cancelled"]) a[href^="/client/"]')
    .allTextContents();
  expect(innerWestClients.length).toBeGreaterThan(1);
  await page.getByRole('switch', { name: `Round off on ${formatPanelDate(tomorrow)}` }).click();
  await page
    .getByRole('dialog', { name: 'Round Off This Day' })
    .getByRole('button', { name: 'Mark Off' })
    .click();
  await expect(page.getByText(`Off on ${shownDate}`)).toBeVisible();
  // The day's panel says so in its header and offers no Optimise: the day planner spreads its visits.
  await expect(innerWest.getByText('Off', { exact: true })).toBeVisible();
  await expect(innerWest.getByRole('button', { name: 'Optimise' })).toHaveCount(0);
  await keepScreenshot(page, 'day-planner-round-off', { fullPage: true });

  // Plan Day: Inner West is not ticked; the plan spreads its stops over the rounds out.
  await page.getByRole('link', { name: 'Plan Day' }).click();
  await expect(page.getByRole('heading', { name: 'Plan Day', level: 1 })).toBeVisible();
  await showPlanDay(page, tomorrow);
  await expect(page.getByRole('checkbox', { name: 'Inner West out' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'North Shore out' })).toBeChecked();
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  const summary = page.getByText(/^\d+ stops? moves? from their usual round\.$/);
  await expect(summary).toBeVisible({ timeout: 120_000 });

  // The comparison: Inner West is off and carries nothing after; the totals keep every visit somewhere.
  const comparison = page.getByRole('table', { name: /^Before: each visit on its usual round/ });
  const innerWestRows = comparison
    .getByRole('rowgroup')
    .filter({ hasText: /^Inner West\s*Off\s*Before/ })
    .getByRole('row');
  await expect(innerWestRows.first().getByRole('cell').nth(1)).toHaveText(String(innerWestClients.length));
  const innerWestAfter = innerWestRows.nth(1);
  await expect(innerWestAfter.getByRole('cell').nth(1)).toHaveText('0');

  // Each of Inner West's clients now rides another round (marked as moved), or is listed as not placed. Workload
  // balance may also move a few stops between the rounds that are out: every move counts on the map and in Apply.
  const stopLists = page.getByRole('region', { name: /^Stops of / });
  const movedFromInnerWestCount = await stopLists.getByText('Moved from Inner West').count();
  const movedCount = await stopLists.getByText(/^Moved from /).count();
  const notPlaced = page.getByRole('region', { name: 'Visits not placed' });
  const notPlacedCount = (await notPlaced.count()) === 0 ? 0 : (await notPlaced.getByRole('row').count()) - 1;
  expect(movedFromInnerWestCount + notPlacedCount).toBe(innerWestClients.length);
  expect(movedFromInnerWestCount).toBeGreaterThan(0);
  expect(movedCount).toBeGreaterThanOrEqual(movedFromInnerWestCount);
  const movedRegion = page
    .getByRole('region', { name: /^Stops of / })
    .filter({ hasText: 'Moved from Inner West' })
    .first();
  const movedRound = ((await movedRegion.getAttribute('aria-label')) ?? '').replace(/^Stops of /, '');
  const movedRow = movedRegion.getByRole('row').filter({ hasText: 'Moved from Inner West' }).first();
  const movedClient = (await movedRow.getByRole('cell').nth(1).locator('p').first().textContent()) ?? '';
  expect(innerWestClients).toContain(movedClient);
  expect(movedRound).not.toBe('Inner West');

  // The map: the routes of the rounds out, each in its colour, the moved stops drawn as squares.
  const map = page.getByRole('group', {
    name: new RegExp(`^Map of the plan for ${shownDate}: \\d+ routes, \\d+ stops$`),
  });
  await expect(map).toBeVisible();
  await expect(map.locator('.route-stop-marker-marked')).toHaveCount(movedCount);
  expect(await map.locator('path.leaflet-interactive').count()).toBeGreaterThan(1);
  const legend = page.getByRole('list', { name: 'Map legend' });
  await expect(legend.getByText(new RegExp(`^${movedRound}: \\d+ stops?$`))).toBeVisible();
  await expect(legend.getByText(/^Inner West:/)).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, 'day-planner-plan', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'day-planner-plan-phone', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Apply, after a confirmation saying how many stops move.
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Apply Plan' });
  await expect(
    confirm.getByText(
      new RegExp(
        `^Apply this plan for ${shownDate}\\? ${String(movedCount)} stops? moves? from their usual round\\.$`,
      ),
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Plan applied for ${shownDate}` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(`A plan is applied for ${shownDate}`)).toBeVisible();

  // The rounds screen shows the moved client on its new round, and so does that round's driver sheet.
  await page.getByRole('link', { name: 'Back to Rounds' }).click();
  await showRound(page, movedRound, tomorrow);
  const panel = await openPanel(page, tomorrow);
  await expect(panel.getByRole('link', { name: movedClient, exact: true })).toBeVisible();
  expect(await printDriverSheet(page, panel)).toContain(movedClient);

  // Undo, after a confirmation: the day's visits ride their usual rounds again; Inner West goes back out.
  await page.goto('/rounds/plan');
  await showPlanDay(page, tomorrow);
  await page.getByRole('button', { name: 'Undo plan for this day' }).click();
  await page.getByRole('dialog', { name: 'Undo Plan' }).getByRole('button', { name: 'Undo Plan' }).click();
  // The earlier times go back to the CRM (the demo CRM refuses a few at random: they wait in the outbox).
  await expect(page.getByRole('status', { name: `Plan undone for ${shownDate}` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(`A plan is applied for ${shownDate}`)).toHaveCount(0);
  // Inner West was marked off for the plan: with its visits back, it is out again, on the rounds screen too.
  await expect(page.getByText('Inner West is out again for the day.')).toBeVisible();
  await page.goto('/rounds');
  await showRound(page, 'Inner West', tomorrow);
  const innerWestAgain = await openPanel(page, tomorrow);
  await expect(
    page.getByRole('switch', { name: `Round off on ${formatPanelDate(tomorrow)}` }),
  ).not.toBeChecked();
  await expect(innerWestAgain.getByText('Off', { exact: true })).toHaveCount(0);
  await page.goto('/rounds');
  await showRound(page, movedRound, tomorrow);
  await expect(
    (await openPanel(page, tomorrow)).getByRole('link', { name: movedClient, exact: true }),
  ).toHaveCount(0);
});
