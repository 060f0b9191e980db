import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import type { VolunteerHoursReport } from '../src/contracts/volunteer-hours';
import { getFunderMonthOf, getPreviousFunderMonth } from '../src/domain/funder-month';
import { getTodayIn } from '../src/domain/today';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';

/*
 * Credit for the demo's volunteer drivers: the Reports tab Volunteer Hours shows a driver's days driven (the demo's
 * past visits are completed and its patterns began weeks ago) and downloads the CSV; the top menu's Drivers entry
 * carries the count of slots unfilled in the next 48 hours, in a badge and in words. Read only: nothing is changed.
 * "Today" is the demo account's (Sydney).
 */
const today = getTodayIn('Australia/Sydney');
const dataTimeout = { timeout: 30_000 };

async function readDemo(request: APIRequestContext) {
  const login = await request.post('/api/users/login', {
    data: { username: demo.user, password: demo.password },
  });
  const { jwt } = ((await login.json()) as { data: { jwt: string } }).data;
  const headers = { authorization: `Bearer ${jwt}` };
  const unfilled = await request.get('/api/roster/unfilled_count', { headers });
  const count = ((await unfilled.json()) as { data: { unfilled: number } }).data.unfilled;
  // This month, or last month on its first days.
  for (const month of [getFunderMonthOf(today), getPreviousFunderMonth(today)]) {
    const answer = await request.get(`/api/reports/volunteer_hours?month=${month}`, { headers });
    const report = ((await answer.json()) as { data: VolunteerHoursReport }).data;
    const row = report.drivers[0];
    if (row) return { month, row, unfilled: count };
  }
  throw new Error('no demo driver drove this month or last');
}

test('Volunteer Hours shows a driver’s days and downloads the CSV; the Drivers menu shows its badge', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { month, row, unfilled } = await readDemo(request);
  await logIn(page, demo.user);

  const drivers = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Drivers/ });
  if (unfilled > 0) {
    const words = `${String(unfilled)} ${unfilled === 1 ? 'slot' : 'slots'} unfilled in the next 48 hours`;
    await expect(drivers).toHaveAccessibleName(`Drivers (${words})`);
    await expect(drivers.getByText(String(unfilled), { exact: true })).toBeVisible();
  } else {
    await expect(drivers).toHaveAccessibleName('Drivers');
  }

  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'Volunteer Hours' })
    .click();
  await expect(page).toHaveURL(/\/reports\/volunteer_hours\/$/);
  await expect(page.getByRole('heading', { name: 'Volunteer Hours', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Month' }).selectOption(month);
  const table = page.getByRole('table', { name: `Volunteer Hours, ${month}` });
  const driverRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: row.driver.name }) });
  await expect(driverRow.getByRole('cell')).toHaveText(
    [String(row.days), row.hours.toFixed(1), row.km.toFixed(1), row.dates.join(', ')],
    dataTimeout,
  );
  await expect(table.getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await keepScreenshot(page, 'volunteer-hours', { fullPage: true });
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`volunteer-hours-${month}.csv`);
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe('Month,Driver,Days,Hours,Km,Dates');
  expect(lines).toContain(
    [month, row.driver.name, row.days, row.hours.toFixed(1), row.km.toFixed(1), row.dates.join(' ')].join(
      ',',
    ),
  );

  // Send personal link asks first (nothing is sent here: Cancel).
  await drivers.click();
  const list = page.getByRole('table', { name: 'Drivers' });
  const driverLine = list
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: row.driver.name }) });
  await driverLine.getByRole('button', { name: /^Send personal link/ }).click(dataTimeout);
  const dialog = page.getByRole('dialog', { name: 'Send Personal Link' });
  await expect(dialog).toContainText(`Send ${row.driver.name} a new personal link to their own page?`);
  await expect(dialog).toContainText('Any link sent to them before stops working.');
  await keepScreenshot(page, 'send-link', { fullPage: true });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // The Roster tab's Reminders sent list, on tomorrow by default.
  await page.getByRole('tab', { name: 'Roster' }).click();
  const reminders = page.getByRole('region', { name: 'Reminders sent' });
  await expect(reminders.getByRole('combobox', { name: 'Round day' })).toBeVisible();
  await expect(
    reminders.getByText(/^Nothing was sent about the rounds of /).or(reminders.getByRole('table')),
  ).toBeVisible(dataTimeout);
  await keepScreenshot(page, 'roster-reminders', { fullPage: true });
  await expectAccessible(page);
});
