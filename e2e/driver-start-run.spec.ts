import { formatShownClock } from '../src/domain/shown-time';
import { makeDriverLink } from './support/driver-link';
import { expect, expectAccessible, test, watchConsole } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/*
 * The driver starts the run on the phone (390 x 844, touch, set to UTC): the page says when, in the round's zone,
 * and says so again after a reload (the server keeps the start; a second start changes nothing).
 */

const roundName = 'Eastern Suburbs';
const runDate = findWeekdayAhead(0);
const roundZone = 'Australia/Sydney';
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'UTC' };

test('a driver taps Start the run and sees when it started', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const { path: driverPath } = await makeDriverLink(request, roundName, runDate);

  const context = await browser.newContext({ ...phone, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  watchConsole(page, errors);
  try {
    await page.goto(driverPath);
    await expect(page.getByRole('heading', { level: 1, name: roundName })).toBeVisible();
    const startButton = page.getByRole('button', { name: 'Start the run' });
    await expect(startButton).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'driver-start-before');

    const before = formatShownClock(new Date().toISOString(), roundZone);
    await startButton.tap();
    const started = page.getByText(/^Run started at \d{2}:\d{2}$/);
    await expect(started).toBeVisible();
    const after = formatShownClock(new Date().toISOString(), roundZone);
    const time = ((await started.textContent()) ?? '').slice(-5);
    expect([before, after], `started at ${time} in ${roundZone}`).toContain(time);
    await expect(startButton).toHaveCount(0);
    await expectAccessible(page);
    await keepScreenshot(page, 'driver-start-after');

    await page.reload();
    await expect(page.getByText(`Run started at ${time}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start the run' })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
