import { readFileSync } from 'node:fs';
import type { Page, Response } from '@playwright/test';
import { getTodayIn } from '../src/domain/today';
import { formatDayMonthYear, snapToMonday } from '../src/domain/weeks';
import { addDays } from '../src/domain/zoned-time';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/*
 * The reports journey on the demo data (160 clients with meal choices for the four past weeks and this one).
 * "Today" is the demo account's: its rounds run in Sydney time.
 */
const today = getTodayIn('Australia/Sydney');
const thisMonday = snapToMonday(today);
const nextMonday = addDays(thisMonday, 7);
/** The first wait for a report's data: a month of 160 clients can take a while on a busy machine. */
const dataTimeout = { timeout: 30_000 };

async function openReport(page: Page, name: string, path: string) {
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${path}/$`));
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

async function showDate(page: Page, label: 'Week of' | 'Date', date: string) {
  await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(date);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
}

/** Lets 'Loading...' be seen: the report's answers wait until the test lets them through. */
async function holdAnswers(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Download CSV: the file arrives and starts with the report's header row. */
async function downloadCsv(page: Page, header: RegExp) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toMatch(header);
}

/** Print: the popup opens the report's PDF link (valid without login). */
async function printPdf(page: Page, buttonName: string) {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/print/report') && response.request().method() === 'POST',
  );
  const popup = page.context().waitForEvent('page');
  // What the popups load: print links answering a PDF. Collected from before the click (the popup may load before
  // the link is known here), and matched by this print's link: an earlier popup's PDF viewer can still be reading
  // its own file.
  const files: Response[] = [];
  const collectFile = (response: Response) => {
    if (response.url().includes('/api/print/files/')) files.push(response);
  };
  page.context().on('response', collectFile);
  try {
    await page.getByRole('button', { name: buttonName, exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: { url: string } };
    await popup;
    // The popup's viewer may take a while to ask for the file on a busy machine (it once took over 10 s in CI).
    await expect
      .poll(() => files.some((file) => file.url().includes(data.url)), { timeout: 30_000 })
      .toBe(true);
    const opened = files.find((file) => file.url().includes(data.url));
    expect(opened?.headers()['content-type']).toContain('application/pdf');
    // The link works without login for the few minutes it is valid.
    const pdf = await page.request.get(data.url);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  } finally {
    page.context().off('response', collectFile);
  }
}

test('a user runs every report, sorts, downloads CSV and prints', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, demo.user);
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(page).toHaveURL(/\/reports\/home\/$/);
  await expect(page.getByText('Please select a report from the menu.')).toBeVisible();
  await keepScreenshot(page, 'home');

  await test.step('Kitchen Prep By Week', async () => {
    const releaseKitchenPrep = await holdAnswers(page, '**/api/reports/kitchen_prep/week?*');
    await openReport(page, 'Kitchen Prep By Week', 'kitchen_prep_week');
    await expect(page.getByText('Loading...')).toBeVisible();
    releaseKitchenPrep();
    // The following week's Monday by default; a Wednesday snaps to its Monday.
    await expect(page.getByRole('textbox', { name: /^Week of/ })).toHaveValue(formatDayMonthYear(nextMonday));
    await showDate(page, 'Week of', formatDayMonthYear(addDays(thisMonday, 2)));
    await expect(page.getByRole('textbox', { name: /^Week of/ })).toHaveValue(formatDayMonthYear(thisMonday));
    const table = page.getByRole('table', {
      name: `Kitchen prep for the week of ${formatDayMonthYear(thisMonday)}`,
    });
    await expect(table.getByRole('columnheader')).toHaveCount(9, dataTimeout);
    await expect(table.getByRole('rowheader', { name: 'Clients', exact: true })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Total Meals', exact: true })).toBeVisible();
    // Demo clients chose meals this week: category and meal rows follow.
    await expect(table.getByRole('row')).not.toHaveCount(3);
    await keepScreenshot(page, 'kitchen-prep-week');
    await downloadCsv(page, /^Category,Meal,\d{2}-\d{2}-\d{4},.*,Total$/);
    await printPdf(page, 'Print');
  });

  await test.step('Kitchen Prep By Day', async () => {
    await openReport(page, 'Kitchen Prep By Day', 'kitchen_prep_day');
    await showDate(page, 'Week of', formatDayMonthYear(thisMonday));
    const mondayTitle = `Monday ${formatDayMonthYear(thisMonday)}`;
    await expect(page.getByRole('heading', { level: 3, name: mondayTitle })).toBeVisible(dataTimeout);
    // A heading per day of the week (the demo's overridden allergen clash adds a heading of its own).
    await expect(
      page.getByRole('heading', { level: 3, name: /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day / }),
    ).toHaveCount(7);
    await expect(page.getByRole('table', { name: `Meals on ${mondayTitle}` })).toBeVisible();
    await keepScreenshot(page, 'kitchen-prep-day');
    await printPdf(page, `Print ${mondayTitle}`);
    await printPdf(page, 'Print');
    await downloadCsv(page, /^Date,Category,Meal,Count$/);
  });

  await test.step('Client Meal Choices', async () => {
    await openReport(page, 'Client Meal Choices', 'client_meal_choices');
    await expect(page.getByRole('textbox', { name: /^Week of/ })).toHaveValue(formatDayMonthYear(thisMonday));
    const table = page.getByRole('table', { name: 'Client meal choices' });
    await expect(table.getByRole('row').nth(2)).toBeVisible(dataTimeout);
    // A row of 4 'Week of' groups, then Name, Score and the 28 days.
    await expect(table.getByRole('columnheader', { name: /^Week of / })).toHaveCount(4);
    await expect(table.getByRole('row').nth(1).getByRole('columnheader')).toHaveCount(30);
    const namesByName = await table.getByRole('rowheader').allTextContents();
    expect(namesByName.length).toBeGreaterThan(100);
    expect(await table.getByRole('link').first().getAttribute('href')).toMatch(/^\/client\/\d+\/$/);
    await keepScreenshot(page, 'client-meal-choices');

    // The SegmentedControl's radio sits under its label, which takes the click.
    await page.getByRole('radiogroup', { name: 'Sort by' }).getByText('Score', { exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Score' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const scores = (await table
      .getByRole('img', { name: /^Score \d+$/ })
      .evaluateAll((bars) =>
        bars.map((bar) => Number(bar.getAttribute('aria-label')?.replace('Score ', ''))),
      )) as number[];
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    if (new Set(scores).size > 1) {
      expect(await table.getByRole('rowheader').allTextContents()).not.toEqual(namesByName);
    }
    await keepScreenshot(page, 'client-meal-choices-by-score');
    await downloadCsv(page, /^Client,Client ID,Score,Plan,\d{2}-\d{2}-\d{4}/);
  });

  await test.step('Packing List', async () => {
    await openReport(page, 'Packing List', 'packing_list');
    // It opens on the next delivery day: the demo delivers Monday to Friday, so on a Friday or a Saturday the list
    // opens on Monday, not on an empty weekend day.
    await expect(page.getByRole('textbox', { name: /^Date/ })).toHaveValue(
      formatDayMonthYear(findWeekdayAhead(1)),
    );
    const other = page.getByRole('checkbox', { name: 'Other' });
    await expect(other).toBeChecked();
    await showDate(page, 'Date', formatDayMonthYear(thisMonday));
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible(dataTimeout);
    await expect(page.getByText(/^Total for /).first()).toBeVisible();
    await keepScreenshot(page, 'packing-list');
    await downloadCsv(page, /^Round,Category,Meal,Client,Client ID,Note,Dietary Requirements,Quantity$/);
    await printPdf(page, 'Print');

    // The ticks are kept in the session store.
    await other.uncheck();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Other' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Other' }).check();

    const releasePackingList = await holdAnswers(page, '**/api/reports/packing_list');
    await showDate(page, 'Date', '01-01-2099');
    await expect(page.getByText('Loading...')).toBeVisible();
    releasePackingList();
    await expect(page.getByText('No data for selected date')).toBeVisible(dataTimeout);
  });

  await test.step('Delivered By Client', async () => {
    await openReport(page, 'Delivered By Client', 'delivered_by_client');
    await showDate(page, 'Date', formatDayMonthYear(today));
    const table = page.getByRole('table', { name: /^Delivered By Client, / });
    await expect(table.getByRole('rowheader', { name: 'Total', exact: true })).toBeVisible(dataTimeout);
    await expect(table.locator('td[data-state="equal"], td[data-state="different"]').first()).toBeVisible();
    await keepScreenshot(page, 'delivered-by-client');
    await downloadCsv(page, /^Client,Client ID,/);
    await printPdf(page, 'Print');
  });

  await test.step('Delivered By Category', async () => {
    await openReport(page, 'Delivered By Category', 'delivered_by_category');
    await showDate(page, 'Date', formatDayMonthYear(today));
    const table = page.getByRole('table', { name: /^Delivered By Category, / });
    await expect(table.getByRole('rowheader', { name: 'Total', exact: true })).toBeVisible(dataTimeout);
    await keepScreenshot(page, 'delivered-by-category');
    await downloadCsv(page, /^Category,/);
    await printPdf(page, 'Print');
  });
});

/**
 * Keeps the first 20 rows of a long report: axe takes minutes over 160 clients times 28 to 31 day cells on a
 * busy machine, and the markup checked is the same for every row.
 */
async function trimRows(page: Page, pattern: string, rowsKey: 'clients') {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown[]> };
    body.data[rowsKey] = body.data[rowsKey]?.slice(0, 20) ?? [];
    await route.fulfill({ response, json: body });
  });
}

test('the report screens are accessible', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, demo.admin);
  await trimRows(page, '**/api/reports/meal_choices?*', 'clients');
  await trimRows(page, '**/api/reports/delivery_by_client', 'clients');
  const screens: [path: string, ready: (page: Page) => ReturnType<Page['getByRole']>][] = [
    ['home', (current) => current.getByText('Please select a report from the menu.')],
    ['client_meal_choices', (current) => current.getByRole('table', { name: 'Client meal choices' })],
    [
      'kitchen_prep_week',
      (current) => current.getByRole('table', { name: /^Kitchen prep for the week of / }),
    ],
    ['kitchen_prep_day', (current) => current.getByRole('heading', { level: 3 }).first()],
    ['packing_list', (current) => current.getByRole('checkbox', { name: 'Other' })],
    ['delivered_by_client', (current) => current.getByRole('table', { name: /^Delivered By Client, / })],
    ['delivered_by_category', (current) => current.getByRole('table', { name: /^Delivered By Category, / })],
  ];
  for (const [path, ready] of screens) {
    await test.step(path, async () => {
      await page.goto(`/reports/${path}/`);
      await expect(ready(page)).toBeVisible(dataTimeout);
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expectAccessible(page);
    });
  }
});
