import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { getTodayIn } from '../src/domain/today';
import { formatDayMonthYear, snapToMonday } from '../src/domain/weeks';
import { addDays } from '../src/domain/zoned-time';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';

/** The Monday `weeks` weeks from this one, as YYYY-MM-DD (the demo seeds menus up to 4 weeks ahead only). */
function mondayWeeksAhead(weeks: number): string {
  // The demo account's today (its rounds are in Sydney), not the test machine's.
  return addDays(snapToMonday(getTodayIn('Australia/Sydney')), weeks * 7);
}

async function showWeek(page: Page, date: string) {
  await page.getByLabel('Week of').fill(date);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
}

function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'menu-pdf-'));
  try {
    const file = join(folder, 'menu.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('a user builds a week menu, copies it to an empty week and prints it', async ({
  page,
  allowConsoleError,
}) => {
  // The second copy is refused on purpose (409, code 6) until the replacement is confirmed.
  allowConsoleError(/409 \(Conflict\).*\/api\/meals\/copy_schedule/);
  const buildWeek = formatDayMonthYear(mondayWeeksAhead(12));
  const targetMonday = mondayWeeksAhead(20);
  const targetWeek = formatDayMonthYear(targetMonday);
  await logIn(page, demo.user);
  await page.getByRole('link', { name: 'Menu', exact: true }).first().click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('heading', { name: 'Weekly Menu' })).toBeVisible();
  // The seeded current week shows its menu and the food categories section.
  await expect(page.getByRole('button', { name: /^Remove .+ from Monday$/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Food Categories' })).toBeVisible();

  // A Wednesday snaps to the Monday of its week.
  await showWeek(page, formatDayMonthYear(addDays(mondayWeeksAhead(12), 2)));
  await expect(page.getByLabel('Week of')).toHaveValue(buildWeek);
  await expect(page.getByText(`Week of ${buildWeek}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);

  // Build: add two soups on Monday, remove one; each change is saved.
  const addSoup = page.getByRole('combobox', { name: 'Add Soup meal on Monday' });
  await addSoup.selectOption({ label: 'Pumpkin Soup' });
  await expect(page.getByRole('button', { name: 'Remove Pumpkin Soup from Monday' })).toBeVisible();
  await expect(addSoup).toBeEnabled();
  await addSoup.selectOption({ label: 'Minestrone' });
  const removeMinestrone = page.getByRole('button', { name: 'Remove Minestrone from Monday' });
  await expect(removeMinestrone).toBeVisible();
  await removeMinestrone.click();
  await expect(removeMinestrone).toHaveCount(0);
  await expect(addSoup).toBeEnabled();
  await page.reload();
  await showWeek(page, buildWeek);
  await expect(page.getByRole('button', { name: 'Remove Pumpkin Soup from Monday' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Minestrone from Monday' })).toHaveCount(0);

  // Copy: the date is required, then the copy lands on the empty week 20 weeks ahead.
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy Menu' });
  await expect(dialog.getByText('Copy this menu to another week')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(dialog.getByText('Please select a valid date.')).toBeVisible();
  await dialog.getByLabel('Date').fill(formatDayMonthYear(addDays(targetMonday, 3)));
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(dialog.getByText(`Menu copied to the week of ${targetWeek}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Copying again: the server refuses to overwrite that week's menu until it is confirmed.
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await dialog.getByLabel('Date').fill(targetWeek);
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  const replace = dialog.getByRole('button', { name: "Replace that week's menu" });
  await expect(replace).toBeVisible();
  await replace.click();
  await expect(dialog.getByText(`Menu copied to the week of ${targetWeek}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await showWeek(page, targetWeek);
  await expect(page.getByText(`Week of ${targetWeek}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Pumpkin Soup from Monday' })).toBeVisible();

  // Print: the PDF link answers a PDF holding the meal.
  const printAnswer = page.waitForResponse(
    (response) => response.url().endsWith('/api/print/menu') && response.request().method() === 'POST',
  );
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print' }).click();
  const answer = await printAnswer;
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { url: string } };
  await popup;
  const pdf = await page.request.get(data.url);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdfText(await pdf.body())).toContain('Pumpkin Soup');
});

test('the weekly menu keeps its week when the user leaves it and comes back, or reloads', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const laterWeek = formatDayMonthYear(mondayWeeksAhead(2));
  await logIn(page, demo.user);
  await page.goto('/menu');
  await showWeek(page, laterWeek);
  await expect(page.getByText(`Week of ${laterWeek}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu\\?week=${laterWeek}$`));

  await page.getByRole('link', { name: 'Meals', exact: true }).first().click();
  await expect(page).toHaveURL(/\/meals$/);
  await page.goBack();
  await expect(page.getByText(`Week of ${laterWeek}`)).toBeVisible();
  await expect(page.getByLabel('Week of')).toHaveValue(laterWeek);

  // Opened straight from the address bar, the screen loads its code without React Router's HydrateFallback warning.
  await page.reload();
  await expect(page.getByText(`Week of ${laterWeek}`)).toBeVisible();
  await expect(page.getByLabel('Week of')).toHaveValue(laterWeek);
  expect(warnings.filter((warning) => /HydrateFallback/.test(warning))).toEqual([]);
});

test('the weekly menu is accessible', async ({ page }) => {
  await logIn(page, demo.user);
  await page.goto('/menu');
  await expect(page.getByRole('button', { name: /^Remove .+ from Monday$/ }).first()).toBeVisible();
  await expectAccessible(page);
});

test('a user adds a food category, renames it and moves it up the menu', async ({ page }) => {
  await logIn(page, demo.user);
  await page.goto('/menu');
  const section = page.getByRole('region', { name: 'Food categories' });
  await section.getByRole('button', { name: 'Add Category' }).click();
  const added = section.getByRole('textbox', { name: /^Name of the category New Category/ }).last();
  await expect(added).toBeVisible();
  await added.fill('Breakfast');
  await section.getByRole('button', { name: 'Rename' }).last().click();
  const renamed = section.getByRole('textbox', { name: 'Name of the category Breakfast' });
  await expect(renamed).toHaveValue('Breakfast');
  await section.getByRole('button', { name: 'Move Breakfast up' }).click();
  // The grid follows the categories' order: Breakfast now comes before the last of the seeded categories.
  const rowHeaders = page.getByRole('rowheader');
  await expect(rowHeaders.nth(4)).toHaveText('Breakfast');
  await page.reload();
  await expect(page.getByRole('rowheader').nth(4)).toHaveText('Breakfast');
});
