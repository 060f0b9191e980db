import type { APIRequestContext } from '@playwright/test';
import { formatDayMonthYear } from '../src/domain/weeks';
import { addDays, toZonedIso } from '../src/domain/zoned-time';
import { startClockedE2eServer } from './support/e2e-server';
import {
  demo,
  expect,
  expectAccessible,
  logIn,
  serveBlankMapTiles,
  test,
  watchConsole,
} from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead, openPanel, showRound } from './support/rounds';

type ApiVisit = {
  id: number;
  date: string;
  start: string;
  end: string;
  status: string;
  timezone: string;
  client: { name: string };
  service: { id: string };
};
const unpublishedChangesText =
  'Some changes to the round are not published. Leave them unpublished? They will be lost.';

type LoginAnswer = { jwt: string; account: { rounds: { id: number; name: string }[] } };

test('the rounds screen warns before unpublished changes are lost', async ({ page }) => {
  // Two loads of four panels on a busy machine.
  test.setTimeout(120_000);
  const date = findWeekdayAhead(2);
  await logIn(page, demo.user);
  await page.goto('/rounds');
  await showRound(page, 'Inner West', date);
  let panel = await openPanel(page, date);
  await panel
    .getByRole('button', { name: /^Move .+ down$/ })
    .first()
    .click();
  await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();

  // '>' asks first; kept, the day and its change stay.
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Next 4 days' }).click();
  await expect.poll(() => questions).toEqual([`confirm: ${unpublishedChangesText}`]);
  await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();

  // Another round through the form: asked, kept, and the form shows the round on screen again.
  const roundChoice = page.getByRole('combobox', { name: 'Round' });
  await roundChoice.selectOption({ label: 'St George' });
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect.poll(() => questions).toHaveLength(2);
  await expect(roundChoice.locator('option:checked')).toHaveText('Inner West');

  // Leaving the screen through the menu: asked, kept.
  await page.getByRole('link', { name: 'Clients', exact: true }).first().click();
  await expect.poll(() => questions).toHaveLength(3);
  await expect(page).toHaveURL(/\/rounds$/);
  await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'rounds-unpublished-kept');

  // Told to go: the next days show, and '<' back asks nothing (the change went with its panel).
  page.removeAllListeners('dialog');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Next 4 days' }).click();
  await expect(page.getByRole('textbox', { name: 'Date' })).toHaveValue(formatDayMonthYear(addDays(date, 4)));
  await page.getByRole('button', { name: 'Previous 4 days' }).click();
  panel = await openPanel(page, date);
  await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

  // The driving route of a demo round (more than 9 stops) comes in parts of at most 9 waypoints.
  await panel.getByRole('button', { name: 'Print', exact: true }).click();
  const print = page.getByRole('dialog', { name: 'Print' });
  await expect(print.getByRole('link', { name: /^Driving route, part 1 of \d+: stops 1-10$/ })).toBeVisible();
  await expect(
    print.getByRole('link', { name: /^Driving route, part \d+ of \d+: .*back to base$/ }),
  ).toBeVisible();
  await keepScreenshot(page, 'rounds-driving-route-parts');
  await print.getByRole('button', { name: 'Close' }).click();

  // Closing the tab over a change: the browser's own prompt.
  await panel
    .getByRole('button', { name: /^Move .+ down$/ })
    .first()
    .click();
  await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const beforeUnload = await prompt;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.accept();
});

/** A demo round's visits of `date`, through the API as the admin. */
async function readVisits(request: APIRequestContext, roundName: string, date: string) {
  const login = await request.post('/api/users/login', {
    data: { username: demo.admin, password: demo.password },
  });
  const { jwt, account } = ((await login.json()) as { data: LoginAnswer }).data;
  const roundId = account.rounds.find((round) => round.name === roundName)?.id ?? 0;
  const response = await request.get(`/api/rounds/${roundId}/visits/${date}`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  return { jwt, visits: ((await response.json()) as { data: ApiVisit[] }).data };
}

// The journey sets its own clock: a weekday (the demo CRM has visits Monday to Friday) at 10:00 in Sydney, on a
// server of its own and in the browser alike, so it runs the same whatever the real day and time.
const clockDay = findWeekdayAhead(0);
const clockStart = toZonedIso(clockDay, '10:00', 'Australia/Sydney');

test('optimising today keeps the visit under way and re-sequences the visits still to come', async ({
  browser,
  playwright,
}, testInfo) => {
  // Its own server from the template, two loads of a panel and an optimisation on a busy machine.
  test.setTimeout(180_000);
  const server = await startClockedE2eServer(clockStart, testInfo.workerIndex);
  const request = await playwright.request.newContext({ baseURL: server.url });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    await context.clock.install({ time: new Date(clockStart) });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    watchConsole(page, consoleErrors);
    await serveBlankMapTiles(page);

    const { jwt, visits } = await readVisits(request, 'Inner West', clockDay);
    const [underWay, ...rest] = visits.filter((visit) => visit.status === 'scheduled').slice(0, 6);
    if (!underWay || rest.length < 3) throw new Error('too few visits on the day');
    const toPublished = (visit: ApiVisit, start: string, end: string) => ({
      id: visit.id,
      date: visit.date,
      start,
      end,
      timezone: visit.timezone,
      service_id: visit.service.id,
    });
    // One visit started at 09:30 (under way at 10:00), the others set for late evening (still to come).
    const published = await request.put('/api/visits', {
      headers: { authorization: `Bearer ${jwt}` },
      data: [
        toPublished(underWay, '09:30', '09:40'),
        ...rest.map((visit, index) => toPublished(visit, `23:${10 + index * 8}`, `23:${15 + index * 8}`)),
      ],
    });
    expect(published.status(), await published.text()).toBe(200);

    await logIn(page, demo.user);
    await page.goto('/rounds');
    await showRound(page, 'Inner West', clockDay);
    const panel = await openPanel(page, clockDay);
    const rowOf = (visit: ApiVisit) =>
      panel.locator('[data-status]').filter({ has: page.getByRole('link', { name: visit.client.name }) });
    // The visit under way keeps its place: no Move buttons. Today offers Optimise and Complete alike.
    await expect(rowOf(underWay)).toContainText('09:30-09:40');
    await expect(rowOf(underWay).getByRole('button', { name: /^Move / })).toHaveCount(0);
    await expect(rowOf(rest[0] ?? underWay)).toContainText('23:10-23:15');
    await expect(panel.getByRole('button', { name: 'Complete', exact: true })).toBeVisible();

    await panel.getByRole('button', { name: 'Optimise', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Optimising the Round' })).toBeHidden({ timeout: 30_000 });
    await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    await expect(rowOf(underWay)).toContainText('09:30-09:40');
    // The legs of the visits kept are real ones: the day's km and minutes do not collapse to nothing.
    const totals = panel.getByText(/^\d+\.\d km, \d+ mins$/);
    await expect(totals).not.toHaveText(/^0\.0 km/);
    await expect(panel.getByText(/^0\.0 km, 0 min$/)).toHaveCount(0);
    // The visits still to come are re-sequenced from now (10:00 on the journey's clock): none before it, and
    // none left waiting for the late evening.
    const starts: string[] = [];
    for (const visit of rest) {
      const time =
        (await rowOf(visit)
          .getByText(/^\d{2}:\d{2}-\d{2}:\d{2}$/)
          .textContent()) ?? '';
      starts.push(time.slice(0, 5));
    }
    expect(
      starts.every((start) => start >= '10:00' && start < '23:10'),
      starts.join(', '),
    ).toBe(true);
    await expectAccessible(page);
    await keepScreenshot(page, 'rounds-today-optimised', { fullPage: true });

    await panel.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Changes' });
    await expect(dialog.getByRole('cell', { name: rest[0]?.client.name ?? '' })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: underWay.client.name })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    const stored = (await readVisits(request, 'Inner West', clockDay)).visits;
    expect(stored.find((visit) => visit.id === underWay.id)).toMatchObject({ start: '09:30', end: '09:40' });
    const planned = rest.map((visit) => stored.find((each) => each.id === visit.id)?.start ?? '');
    expect(planned).toEqual(starts);
    expect(consoleErrors, 'console errors and page errors during the test').toEqual([]);
  } finally {
    await context.close();
    await request.dispose();
    await server.stop();
  }
});
