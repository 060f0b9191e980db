import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Alert } from '../src/contracts/alerts';
import type { DriverRun } from '../src/contracts/driver';
import type { Visit } from '../src/contracts/visits';
import { formatShownClock } from '../src/domain/shown-time';
import { demo, expect, expectAccessible, logIn, test, watchConsole } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead, openPanel, showRound } from './support/rounds';

/*
 * The driver's phone: the office makes a driver link for a round's day, a phone (390 x 844, touch) opens it,
 * records outcomes online and offline, reloads offline (the service worker of the production build serves the
 * page, IndexedDB the run), and sends its queue once when the network returns.
 */

const roundName = 'Canterbury';
/** Today when it is a weekday (demo visits are Monday to Friday), else the next Monday. */
const runDate = findWeekdayAhead(0);
/** The phone is set to UTC: its times must still show in the round's zone (Sydney), as the office reads them. */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'UTC' };
const roundZone = 'Australia/Sydney';
/** Set SCREENSHOT_DIR to keep pictures of the phone page at 390 and 360 px wide. */
const screenshotDir = process.env.SCREENSHOT_DIR;
/** A page's failed loads while the phone is offline are expected, not errors of the page. */
const offlineLoadError = /ERR_INTERNET_DISCONNECTED|Failed to fetch/;

async function readAdminJwt(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/users/login', {
    data: { username: demo.admin, password: demo.password },
  });
  return ((await response.json()) as { data: { jwt: string } }).data.jwt;
}

async function openPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ ...phone, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  watchConsole(page, errors);
  return { context, page, errors };
}

/** The stop card of a visit on the phone page. */
function stopCard(page: Page, visitId: number) {
  return page.locator('li', { has: page.locator(`#stop-${String(visitId)}`) });
}

/**
 * Taps the outcome, adds the note when there is one (it is optional), saves, and checks the time shown is the
 * round's (the minute of the save, either side of a minute's turn).
 */
async function recordOutcome(page: Page, visitId: number, outcome: string, note = '') {
  const card = stopCard(page, visitId);
  await card.getByRole('button', { name: outcome, exact: true }).tap();
  await expect(card.getByText(`Outcome: ${outcome}`)).toBeVisible();
  if (note) await card.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
  const before = formatShownClock(new Date().toISOString(), roundZone);
  await card.getByRole('button', { name: `Save ${outcome}` }).tap();
  const shown = card.getByText(new RegExp(`^${outcome} at \\d{2}:\\d{2}`));
  await expect(shown).toBeVisible();
  const after = formatShownClock(new Date().toISOString(), roundZone);
  const time = ((await shown.textContent()) ?? '').slice(outcome.length + 4, outcome.length + 9);
  expect([before, after], `${outcome} at ${time} in ${roundZone}`).toContain(time);
}

/** Nothing on the page is wider than the phone's screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? Infinity) - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

test('a driver records outcomes on the phone, offline too, and each arrives once', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // A long journey (office, phone online, offline, reloaded, back online): more than a minute on a busy machine.
  test.setTimeout(180_000);
  let driverPath = '';
  await test.step('the office makes a driver link for the day', async () => {
    await logIn(page, demo.admin);
    await page.goto('/rounds');
    await showRound(page, roundName, runDate);
    const panel = await openPanel(page, runDate);
    await panel.getByRole('button', { name: 'Driver Link' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Driver Link: ${roundName}, `) });
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    const link = dialog.getByRole('link', { name: /\/driver\// });
    await expect(link).toBeVisible();
    await expect(dialog.getByText(/^Works until .*Shown only now: copy, print or send it/)).toBeVisible();
    driverPath = new URL((await link.getAttribute('href')) ?? '').pathname;
  });

  const token = driverPath.replace('/driver/', '');
  const runAnswer = (await (await request.get(`/api/driver/${token}/run`)).json()) as {
    data: DriverRun | null;
    meta: { message: string };
  };
  expect(runAnswer.meta.message, `run of ${driverPath}`).toBe('');
  const run = runAnswer.data as DriverRun;
  const open = run.stops.filter((stop) => stop.status === 'scheduled' && stop.outcome === null);
  expect(open.length, 'scheduled stops on the run').toBeGreaterThanOrEqual(4);
  const [first, second, third, fourth] = open.map((stop) => stop.visit_id) as [
    number,
    number,
    number,
    number,
  ];

  const { context, page: phonePage, errors } = await openPhone(browser, baseURL);
  try {
    await test.step('the phone opens the run without a login', async () => {
      await phonePage.goto(driverPath);
      await expect(phonePage.getByRole('heading', { level: 1, name: roundName })).toBeVisible();
      await expect(phonePage.getByText(`0 of ${String(run.stops.length)} done`)).toBeVisible();
      await expect(phonePage.getByText('All outcomes sent.')).toBeVisible();
      const firstCard = stopCard(phonePage, first);
      await expect(firstCard.getByRole('link', { name: /^Directions: / })).toBeVisible();
      await expect(firstCard.getByRole('heading', { level: 3, name: 'Meals' })).toBeVisible();
      await expect(firstCard.getByText('What happened?')).toBeVisible();
      await expectNoSidewaysScroll(phonePage);
      await keepScreenshot(phonePage, 'driver-390-open');
      // The service worker of the production build controls the page before the network goes.
      await expect
        .poll(() => phonePage.evaluate(() => navigator.serviceWorker.controller !== null), {
          message: 'the driver service worker controls the page',
          timeout: 20_000,
        })
        .toBe(true);
      await expectAccessible(phonePage);
    });

    await test.step('outcomes recorded online are sent at once', async () => {
      await recordOutcome(phonePage, first, 'Delivered');
      await recordOutcome(phonePage, second, 'Not home', 'Nobody answered the door');
      await expect(phonePage.getByText('All outcomes sent.')).toBeVisible();
      await expect(phonePage.getByText(`2 of ${String(run.stops.length)} done`)).toBeVisible();
    });

    await test.step('a done stop is one line: name, outcome and time; it opens to the whole stop', async () => {
      const line = stopCard(phonePage, second).getByRole('button', { name: /^Stop \d+: / });
      await expect(line).toHaveText(/Not home at \d{2}:\d{2}\s*$/);
      await expect(line).toHaveAttribute('aria-expanded', 'false');
      const box = await line.boundingBox();
      expect(box?.height ?? 0, 'the done line is one line high').toBeLessThan(60);
      await expect(stopCard(phonePage, second).getByRole('link', { name: /^Directions: / })).toHaveCount(0);
      await line.tap();
      await expect(stopCard(phonePage, second).getByText('Note: Nobody answered the door')).toBeVisible();
      await expect(stopCard(phonePage, second).getByRole('button', { name: 'Change outcome' })).toBeVisible();
      await line.tap();
      await expect(stopCard(phonePage, second).getByText('Note: Nobody answered the door')).toHaveCount(0);
      await expectNoSidewaysScroll(phonePage);
      await keepScreenshot(phonePage, 'driver-390-done');
    });

    await test.step('offline, outcomes wait on the phone with a visible count', async () => {
      await context.setOffline(true);
      await expect(
        phonePage.getByText(
          'No network. Keep recording: outcomes stay on this phone and are sent when the network returns.',
        ),
      ).toBeVisible();
      await recordOutcome(phonePage, third, 'Delivered');
      await recordOutcome(phonePage, fourth, 'Concern', 'Looked unwell, lunch untouched');
      await expect(phonePage.getByText('2 outcomes waiting to send')).toBeVisible();
      await expect(stopCard(phonePage, fourth).getByText('Not sent yet')).toBeVisible();
      await expectAccessible(phonePage);
    });

    await test.step('reloaded offline, the page still shows the run and the queue', async () => {
      await phonePage.reload();
      await expect(phonePage.getByRole('heading', { level: 1, name: roundName })).toBeVisible();
      await expect(phonePage.getByText(`4 of ${String(run.stops.length)} done`)).toBeVisible();
      await expect(phonePage.getByText('2 outcomes waiting to send')).toBeVisible();
      await expect(stopCard(phonePage, second).getByText(/^Not home at \d{2}:\d{2}/)).toBeVisible();
      await expect(stopCard(phonePage, third).getByText('Not sent yet')).toBeVisible();
      await keepScreenshot(phonePage, 'driver-390-offline');
    });

    await test.step('on a 360 px wide phone nothing needs sideways scrolling', async () => {
      await phonePage.setViewportSize({ width: 360, height: 740 });
      await expectNoSidewaysScroll(phonePage);
      if (screenshotDir) {
        await keepScreenshot(phonePage, 'driver-360-offline');
        // A stop still to do, with its outcome buttons.
        await phonePage.getByText('What happened?').first().scrollIntoViewIfNeeded();
        await keepScreenshot(phonePage, 'driver-360-stop');
      }
      await phonePage.setViewportSize(phone.viewport);
    });

    await test.step('back online, the queue is sent and the count goes to none', async () => {
      await context.setOffline(false);
      await expect(phonePage.getByText('All outcomes sent.')).toBeVisible({ timeout: 20_000 });
      await expect(phonePage.getByText('Not sent yet')).toHaveCount(0);
      await expectAccessible(phonePage);
    });
  } finally {
    await context.close();
  }
  expect(
    errors.filter((error) => !offlineLoadError.test(error)),
    'console errors on the phone',
  ).toEqual([]);

  await test.step('the office has each outcome once, and one alert per alerting visit', async () => {
    const jwt = await readAdminJwt(request);
    const headers = { authorization: `Bearer ${jwt}` };
    const visits = (
      (await (
        await request.get(`/api/rounds/${String(run.round.id)}/visits/${runDate}`, { headers })
      ).json()) as {
        data: Visit[];
      }
    ).data;
    const outcomeOf = (visitId: number) => {
      const outcome = visits.find((visit) => visit.id === visitId)?.outcome;
      return outcome ? { outcome: outcome.outcome, note: outcome.note } : null;
    };
    expect([first, second, third, fourth].map(outcomeOf)).toEqual([
      { outcome: 'delivered', note: '' },
      { outcome: 'not_home', note: 'Nobody answered the door' },
      { outcome: 'delivered', note: '' },
      { outcome: 'concern', note: 'Looked unwell, lunch untouched' },
    ]);
    const alerts = ((await (await request.get('/api/alerts', { headers })).json()) as { data: Alert[] }).data;
    const ofRun = alerts.filter((alert) => [first, second, third, fourth].includes(alert.visit_id));
    expect(ofRun.map((alert) => [alert.visit_id, alert.outcome, alert.status]).sort()).toEqual(
      [
        [second, 'not_home', 'open'],
        [fourth, 'concern', 'open'],
      ].sort(),
    );
  });
});
