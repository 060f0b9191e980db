import type { Page } from '@playwright/test';
import { formatDayMonthYear } from '../src/domain/weeks';
import { demo, expect, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/** Sets a round's pick up time and latest return (empty: none); answers the values it had. */
async function setRoundTimes(page: Page, round: string, pickup: string, latestReturn: string) {
  await page.goto('/settings/rounds/');
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: round, exact: true }) })
    .getByRole('button', { name: `Edit ${round}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Round' });
  const pickupBox = dialog.getByRole('textbox', { name: 'Pick Up Time' });
  const returnBox = dialog.getByRole('textbox', { name: 'Latest Return' });
  const before = { pickup: await pickupBox.inputValue(), latestReturn: await returnBox.inputValue() };
  await returnBox.fill(latestReturn);
  await pickupBox.fill(pickup);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  return before;
}

test('the day planner says, in words, which round of the plan runs past midnight, and offers no Apply', async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(240_000);
  // No internet here: the plan's map tiles do not load.
  allowConsoleError(/ERR_NAME_NOT_RESOLVED \[https:\/\/tile\.openstreetmap\.org\//);
  await logIn(page, demo.admin);
  // North Shore leaves its base at 23:30 (with no latest return): its visits would end after 23:58.
  const before = await setRoundTimes(page, 'North Shore', '23:30', '');
  try {
    await page.goto('/rounds/plan');
    await page.getByRole('textbox', { name: 'Date' }).fill(formatDayMonthYear(findWeekdayAhead(1)));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'North Shore out' })).toBeChecked();
    await page.getByRole('button', { name: 'Plan', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'North Shore' });
    await expect(refusal).toBeVisible({ timeout: 120_000 });
    await expect(refusal).toHaveText(
      /^North Shore\s*This plan runs past midnight: .+ would end after 23:58\. Shorten the travel contingency or move stops to another round\.$/,
    );
    await expect(page.getByText(/This plan runs past midnight/)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled();
    await keepScreenshot(page, 'day-planner-midnight', { fullPage: true });
  } finally {
    await setRoundTimes(page, 'North Shore', before.pickup, before.latestReturn);
  }
});
