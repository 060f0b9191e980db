import { getTodayIn } from '../src/domain/today';
import { formatDayMonthYear, snapToMonday } from '../src/domain/weeks';
import { addDays } from '../src/domain/zoned-time';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { openPanel, showRound } from './support/rounds';

/*
 * Drivers and the roster on the demo data: the demo's drivers are listed; next week has gaps (drivers on time off,
 * a day left unfilled); a gap is filled from the board with the first suggested substitute, and the rounds screen
 * then shows that driver in the day's panel header. "Today" is the demo account's (Sydney).
 */
const today = getTodayIn('Australia/Sydney');
const nextMonday = addDays(snapToMonday(today), 7);
const dataTimeout = { timeout: 30_000 };

test('fill a gap from the board with a suggested substitute; the rounds screen shows the driver', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, demo.user);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drivers' }).click();
  await expect(page.getByRole('heading', { name: 'Drivers', level: 1 })).toBeVisible();
  const list = page.getByRole('table', { name: 'Drivers' });
  await expect(list.getByRole('rowheader', { name: 'Margaret Kelly' })).toBeVisible(dataTimeout);
  await expect(list.getByRole('row').filter({ hasText: 'Bill Thompson' })).toContainText('Inactive');
  await page.getByRole('textbox', { name: 'Search drivers' }).fill('priya');
  await expect(list.getByRole('rowheader')).toHaveText(['Priya Sharma']);
  await keepScreenshot(page, 'drivers-list', { fullPage: true });
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Roster' }).click();
  await expect(page).toHaveURL(/\/drivers\/roster$/);
  const nextWeek = page.getByRole('region', { name: `Week of ${formatDayMonthYear(nextMonday)}` });
  await expect(nextWeek.getByText(/^\d+ gaps?$/)).toBeVisible(dataTimeout);
  const gapsHeading = page.getByRole('heading', { name: /^\d+ gaps? from / });
  const gapsBefore = Number((await gapsHeading.innerText()).split(' ')[0]);
  expect(gapsBefore).toBeGreaterThan(0);
  await keepScreenshot(page, 'roster-board', { fullPage: true });
  await expectAccessible(page);

  // The earliest gap: "ROUND, Mon DD-MM: Unfilled".
  const gap = page.getByRole('list', { name: 'Gaps' }).getByRole('button').first();
  const label = (await gap.getAttribute('aria-label')) ?? '';
  const roundName = label.split(',')[0] ?? '';
  const dayMonth = /(\d{2}-\d{2}):/.exec(label)?.[1] ?? '';
  // The board shows four weeks from this Monday.
  const date = Array.from({ length: 28 }, (_, offset) => addDays(snapToMonday(today), offset)).find(
    (candidate) => formatDayMonthYear(candidate).startsWith(dayMonth),
  );
  expect(date).toBeDefined();
  await gap.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Nobody drives this day yet.')).toBeVisible();
  await expect(dialog.getByText('Who could drive')).toBeVisible();
  const assign = dialog.getByRole('button', { name: /^Assign / }).first();
  await expect(assign).toBeVisible(dataTimeout);
  // The best suggestion knows the round and is free that day.
  const firstReasons = dialog.getByRole('list', { name: /^Why / }).first();
  await expect(firstReasons.getByRole('listitem').first()).toHaveText(`Knows ${roundName}`);
  await expect(firstReasons).toContainText('Not on time off');
  await expect(firstReasons).toContainText('Free that day');
  const driverName = (await assign.innerText()).replace(/^Assign /, '').trim();
  await keepScreenshot(page, 'slot-suggestions', { fullPage: true });
  await expectAccessible(page);
  await assign.click();
  await expect(dialog).toHaveCount(0);
  await expect(gapsHeading).toHaveText(new RegExp(`^${String(gapsBefore - 1)} gaps? from `));
  await expect(
    page.getByRole('button', { name: `${label.replace(': Unfilled', '')}: ${driverName}` }).first(),
  ).toContainText('(substitute)');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rounds' }).click();
  await showRound(page, roundName, date ?? '');
  const panel = await openPanel(page, date ?? '');
  await expect(panel.getByText(`Driver: ${driverName}`)).toBeVisible();
  await keepScreenshot(page, 'rounds-driver', { fullPage: true });
});
