import type { APIRequestContext, Locator } from '@playwright/test';
import { demoSimulatorCredentials } from '../src/server/integrations/alayacare/simulator/server';
import { formatPanelDate } from '../src/domain/round-panel';
import { formatDayMonthYear } from '../src/domain/weeks';
import { addDays, getIsoWeekday } from '../src/domain/zoned-time';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead, openPanel, roundToday, showRound } from './support/rounds';

const visitTimes = /^\d{2}:\d{2}-\d{2}:\d{2}$/;

function listClientNames(panel: Locator) {
  return panel.locator('a[href^="/client/"]').allTextContents();
}

function listVisitTimes(panel: Locator) {
  return panel.getByText(visitTimes).allTextContents();
}

type ApiVisit = {
  id: number;
  date: string;
  start: string;
  end: string;
  status: string;
  timezone: string;
  client: { name: string; key: string };
  service: { id: string };
};
type SimVisit = { start_at: string; end_at: string; status: string };

/** The demo account's round id and a token, through the API. */
async function readRound(request: APIRequestContext, roundName: string) {
  const response = await request.post('/api/users/login', {
    data: { username: demo.admin, password: demo.password },
  });
  const body = (await response.json()) as {
    data: { jwt: string; account: { rounds: { id: number; name: string }[] } };
  };
  const round = body.data.account.rounds.find((candidate) => candidate.name === roundName);
  if (!round) throw new Error(`no demo round ${roundName}`);
  return { roundId: round.id, jwt: body.data.jwt };
}

async function readVisits(request: APIRequestContext, roundName: string, date: string) {
  const { roundId, jwt } = await readRound(request, roundName);
  const response = await request.get(`/api/rounds/${roundId}/visits/${date}`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  return ((await response.json()) as { data: ApiVisit[] }).data;
}

/** The client's visit that day, as the demo CRM (the AlayaCare simulator) holds it. */
async function readSimulatorVisit(request: APIRequestContext, clientKey: string, date: string) {
  const { username, password } = demoSimulatorCredentials;
  const response = await request.get('/demo-crm/ext/api/v2/scheduler/visits', {
    params: { alayacare_client_id: clientKey, start_date_from: date, start_date_to: date },
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  expect(response.status(), 'simulator visits').toBe(200);
  const [visit] = ((await response.json()) as { items: SimVisit[] }).items;
  if (!visit) throw new Error(`no simulator visit for client ${clientKey} on ${date}`);
  return { start: visit.start_at.slice(11, 16), end: visit.end_at.slice(11, 16), status: visit.status };
}

/** Moves the client's visit that starts at `start` to new times in the demo CRM, as another CRM user would. */
async function moveSimulatorVisit(
  request: APIRequestContext,
  visit: { clientKey: string; date: string; start: string },
  times: { start: string; end: string },
) {
  const { username, password } = demoSimulatorCredentials;
  const headers = { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
  const response = await request.get('/demo-crm/ext/api/v2/scheduler/visits', {
    params: { alayacare_client_id: visit.clientKey, start_date_from: visit.date, start_date_to: visit.date },
    headers,
  });
  const items = ((await response.json()) as { items: (SimVisit & { alayacare_visit_id: number })[] }).items;
  const found = items.find((item) => item.start_at.slice(11, 16) === visit.start);
  if (!found) throw new Error(`no simulator visit of client ${visit.clientKey} at ${visit.start}`);
  const offset = found.start_at.slice(19);
  const moved = await request.put(`/demo-crm/ext/api/v2/scheduler/visits/${found.alayacare_visit_id}`, {
    headers,
    data: {
      start_at: `${visit.date}T${times.start}:00${offset}`,
      end_at: `${visit.date}T${times.end}:00${offset}`,
    },
  });
  expect(moved.status(), 'simulator visit moved').toBe(200);
}

test('a panel says when its day came from the CRM, and Refresh brings the CRM’s changes', async ({
  page,
  request,
}) => {
  // A day no other journey opens: never fetched before this one.
  const date = findWeekdayAhead(12);
  await logIn(page, demo.user);
  await page.goto('/rounds');
  await showRound(page, 'Inner West', date);
  const panel = await openPanel(page, date);
  await expect(panel.getByText('Updated just now')).toBeVisible();

  const [visit] = await readVisits(request, 'Inner West', date);
  if (!visit) throw new Error(`no Inner West visit on ${date}`);
  await moveSimulatorVisit(
    request,
    { clientKey: visit.client.key, date, start: visit.start },
    { start: '15:07', end: '15:27' },
  );
  // Fetched a moment ago: the panel shows what is stored until asked to refresh.
  await expect(panel.getByText('15:07-15:27')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Refresh' }).click();
  await expect(panel.getByText('15:07-15:27')).toBeVisible();
  await expect(panel.getByText('Updated just now')).toBeVisible();
});

test('a visit moved down is published to the CRM with its new times', async ({ page, request }) => {
  const date = findWeekdayAhead(2);
  await logIn(page, demo.user);
  await page.getByRole('link', { name: 'Rounds', exact: true }).first().click();
  await expect(page.getByText('Please select a round.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show', exact: true })).toBeDisabled();
  await showRound(page, 'Inner West', date);

  // Four days from the day before the chosen date.
  for (const offset of [-1, 0, 1, 2]) {
    await expect(page.getByRole('region', { name: formatPanelDate(addDays(date, offset)) })).toBeVisible();
  }
  const panel = await openPanel(page, date);
  const names = await listClientNames(panel);
  expect(names.length).toBeGreaterThan(1);
  const [first = '', second = ''] = names;
  await expect(panel.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await panel.getByRole('button', { name: `Move ${first} down` }).click();
  await expect(panel.getByRole('button', { name: 'Publish' })).toBeVisible();
  expect((await listClientNames(panel)).slice(0, 2)).toEqual([second, first]);

  await panel.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Changes' });
  await expect(dialog.getByRole('columnheader')).toHaveText(['Client', 'Original Times', 'Updated Times']);
  const rows = dialog.locator('tbody tr');
  const updated = new Map<string, string>();
  for (const row of await rows.all()) {
    const [client = '', , cell = ''] = await row.locator('td').allTextContents();
    // A visit the move pushed later says why under its times.
    updated.set(client, cell.match(/^\d{2}:\d{2}-\d{2}:\d{2}/)?.[0] ?? cell);
  }
  expect(updated.has(first)).toBe(true);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  // The CRM holds the new times of every published visit, and the product reads them back.
  const visits = await readVisits(request, 'Inner West', date);
  for (const [client, times] of updated) {
    const visit = visits.find((candidate) => candidate.client.name === client);
    if (!visit) throw new Error(`no visit of ${client}`);
    const simulated = await readSimulatorVisit(request, visit.client.key, date);
    expect(`${simulated.start}-${simulated.end}`, client).toBe(times);
    expect(`${visit.start}-${visit.end}`, client).toBe(times);
  }
});

/** Books the visits at these times in the CRM through the app's own publish call, as the admin. */
async function publishTimes(request: APIRequestContext, times: [ApiVisit, string, string][]) {
  const { jwt } = await readRound(request, 'Inner West');
  const response = await request.put('/api/visits', {
    headers: { authorization: `Bearer ${jwt}` },
    data: times.map(([visit, start, end]) => ({
      id: visit.id,
      date: visit.date,
      start,
      end,
      timezone: visit.timezone,
      service_id: visit.service.id,
    })),
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a move that would run past midnight is refused in words; Publish says why visits nobody moved change', async ({
  page,
  request,
}) => {
  const date = findWeekdayAhead(6);
  const scheduled = (await readVisits(request, 'Inner West', date)).filter(
    (visit) => visit.status === 'scheduled',
  );
  const [a, b, c, ...rest] = scheduled;
  if (!a || !b || !c) throw new Error(`too few Inner West visits on ${date}`);
  // The rest early in the day with room between them; A and B last, late in the evening.
  const early = rest.map((visit, index): [ApiVisit, string, string] => {
    const start = 9 * 60 + 40 + index * 20;
    const clock = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return [visit, clock(start), clock(start + 10)];
  });
  await publishTimes(request, [
    ...early,
    [c, '09:00', '09:10'],
    [a, '23:30', '23:50'],
    [b, '23:52', '23:58'],
  ]);

  await logIn(page, demo.user);
  await page.goto('/rounds');
  await showRound(page, 'Inner West', date);
  const panel = await openPanel(page, date);
  await expect(panel.getByText('23:52-23:58')).toBeVisible();
  // B before A: A would follow B's 23:30-23:36 and end after 23:58. Nothing moves and nothing is published.
  await panel.getByRole('button', { name: `Move ${b.client.name} up` }).click();
  await expect(
    panel.getByText(
      `This plan runs past midnight: ${a.client.name}'s visit would end after 23:58. Shorten the travel contingency or move stops to another round.`,
    ),
  ).toBeVisible();
  await expect(panel.getByText('23:30-23:50')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await keepScreenshot(page, 'rounds-past-midnight', { fullPage: true });

  // A schedule that cannot be driven: after the rest, C's 22:21 leaves no time for the drive after B's 22:20.
  await publishTimes(request, [
    [a, '22:00', '22:10'],
    [b, '22:11', '22:20'],
    [c, '22:21', '22:30'],
  ]);
  await panel.getByRole('button', { name: 'Refresh' }).click();
  await expect(panel.getByText('22:21-22:30')).toBeVisible();
  await panel.getByRole('button', { name: `Move ${a.client.name} down` }).click();
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Changes' });
  const rowOf = (name: string) =>
    dialog.locator('tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(rowOf(c.client.name)).toContainText(
    new RegExp(
      `Stored time 22:21 cannot be driven: the driver arrives \\d{2}:\\d{2} at the earliest, after ${a.client.name}'s visit ending \\d{2}:\\d{2} \\(\\d+ min travel, \\d+ min contingency\\)\\.`,
    ),
  );
  // A and B were moved by hand: no reason.
  await expect(rowOf(a.client.name)).not.toContainText('cannot be driven');
  await expectAccessible(page);
  await keepScreenshot(dialog, 'rounds-publish-reasons');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('optimising a round changes its order and times; the driving route goes through every stop', async ({
  page,
}) => {
  const date = findWeekdayAhead(2);
  await logIn(page, demo.user);
  await page.goto('/rounds');
  await showRound(page, 'Eastern Suburbs', date);
  const panel = await openPanel(page, date);
  const namesBefore = await listClientNames(panel);
  const timesBefore = await listVisitTimes(panel);
  expect(namesBefore.length).toBeGreaterThan(2);

  await panel.getByRole('button', { name: 'Optimise' }).click();
  await expect(page.getByRole('dialog', { name: 'Optimising the Round' })).toBeHidden({ timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Publish' })).toBeVisible();
  const namesAfter = await listClientNames(panel);
  expect([...namesAfter].sort()).toEqual([...namesBefore].sort());
  expect(await listVisitTimes(panel)).not.toEqual(timesBefore);
  await expect(panel.getByText('Travel...')).toHaveCount(0);

  // The driving route: from the office through each stop in the shown order and back, past cancelled visits.
  const addresses = await panel.locator('a[href*="/maps/search/"]').allTextContents();
  const office = addresses[0] ?? '';
  await expect(panel.locator('[data-status]')).toHaveCount(namesAfter.length);
  const stops = await panel
    .locator('[data-status]:not([data-status="cancelled"]) a[href*="/maps/search/"]')
    .allTextContents();
  const cancelled = await panel.locator('[data-status="cancelled"]').count();
  expect(stops).toHaveLength(namesAfter.length - cancelled);
  await panel.getByRole('button', { name: 'Print' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await expect(dialog.getByRole('button', { name: 'Driver Run Sheet' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Kitchen Meal Preparation Sheet' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Kitchen Meal Label Sheet' })).toBeVisible();
  // No outside network in the tests: Google Maps answers with an empty page.
  await page
    .context()
    .route('https://www.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Maps</title>' }),
    );
  // A round longer than the maps provider's 9 waypoints comes as parts, each going on from where the last ended.
  const parts = dialog.getByRole('link', { name: /^Driving route, part \d+ of \d+: / });
  const partCount = await parts.count();
  expect(partCount).toBe(Math.ceil((stops.length + 1) / 10));
  const driven: string[] = [];
  let origin = office;
  for (let index = 0; index < partCount; index += 1) {
    const popupPromise = page.waitForEvent('popup');
    await parts.nth(index).click();
    const popup = await popupPromise;
    const url = new URL(popup.url());
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('origin')).toBe(origin);
    const waypoints = url.searchParams.get('waypoints')?.split('|') ?? [];
    expect(waypoints.length).toBeLessThanOrEqual(9);
    origin = url.searchParams.get('destination') ?? '';
    driven.push(...waypoints, origin);
    await popup.close();
  }
  expect(driven).toEqual([...stops, office]);

  // The driver's run sheet follows the panel's (optimised, unpublished) order and times.
  const printAnswer = page.waitForResponse(
    (response) => response.url().endsWith('/api/print/round') && response.request().method() === 'POST',
  );
  const printPopup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Driver Run Sheet' }).click();
  const answer = await printAnswer;
  const sent = answer.request().postDataJSON() as {
    format: string;
    events: { start: string; end: string }[];
  };
  expect(sent.format).toBe('driver');
  expect(sent.events.map((event) => `${event.start}-${event.end}`)).toEqual(await listVisitTimes(panel));
  const { data } = (await answer.json()) as { data: { url: string } };
  await printPopup;
  const pdf = await page.request.get(data.url);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

test('today’s visits can be completed; the CRM’s refusals are shown', async ({ page, request }) => {
  const isWeekday = getIsoWeekday(roundToday) <= 5;
  // Demo visits run Monday to Friday and earlier days come already completed. On a weekend the browser is moved
  // to next Monday evening: the screen offers completion, and the CRM refuses a visit of its future.
  const day = isWeekday ? roundToday : findWeekdayAhead(1);
  await logIn(page, demo.user);
  // Set after logging in and followed by in-app navigation only: a reload would find the token expired.
  if (!isWeekday) await page.clock.setFixedTime(new Date(`${day}T08:00:00Z`));
  await page.getByRole('link', { name: 'Rounds', exact: true }).first().click();
  await showRound(page, 'North Shore', addDays(day, 1));
  const panel = await openPanel(page, day);
  // Today's visits still to come can also be moved and optimised (e2e/rounds-today.spec.ts).
  const complete = panel.getByRole('button', { name: 'Complete', exact: true });
  await expect(complete).toBeDisabled();
  const checkboxes = panel.getByRole('checkbox');
  const count = await checkboxes.count();
  expect(count).toBeGreaterThan(1);
  await panel.getByRole('button', { name: 'Select All' }).click();
  await expect(panel.getByRole('button', { name: 'Unselect All' })).toBeVisible();
  await panel.getByRole('button', { name: 'Unselect All' }).click();
  await expect(complete).toBeDisabled();
  const firstName = ((await checkboxes.first().getAttribute('aria-label')) ?? '').replace(/^Complete /, '');
  await checkboxes.nth(0).check();
  await checkboxes.nth(1).check();
  await complete.click();
  const dialog = page.getByRole('dialog', { name: 'Complete Visits' });
  await expect(dialog.getByText('Mark 2 selected visits as completed?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete', exact: true }).click();
  if (isWeekday) {
    await expect(dialog.getByText('2 of 2 visits were marked as completed.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel.getByRole('checkbox')).toHaveCount(count - 2);
    await expect(panel.getByText('completed').first()).toBeVisible();
    const visits = await readVisits(request, 'North Shore', day);
    const visit = visits.find((candidate) => candidate.client.name === firstName);
    if (!visit) throw new Error(`no visit of ${firstName}`);
    expect((await readSimulatorVisit(request, visit.client.key, day)).status).toBe('completed');
  } else {
    await expect(dialog.getByText('0 of 2 visits were marked as completed.')).toBeVisible();
    await expect(dialog.getByText(/in the future and cannot be locked/).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel.getByText(/in the future and cannot be locked/).first()).toBeVisible();
    // Each refused completion waits on the user in its row: retry it or drop it.
    await expect(panel.getByText('Not in the CRM')).toHaveCount(2);
    await expect(panel.getByRole('checkbox')).toHaveCount(count);
  }
});

test('the rounds screen is accessible and keeps the chosen round', async ({ page }) => {
  // Three loads of four panels on a busy machine.
  test.setTimeout(120_000);
  const date = findWeekdayAhead(2);
  await logIn(page, demo.admin);
  await page.goto('/rounds');
  await expectAccessible(page);
  await showRound(page, 'Inner West', date);
  await openPanel(page, date);
  await expect(page.getByRole('button', { name: 'Previous 4 days' })).toHaveText('<');
  await page.getByRole('button', { name: 'Next 4 days' }).click();
  await expect(page.getByRole('textbox', { name: 'Date' })).toHaveValue(formatDayMonthYear(addDays(date, 4)));
  await page.getByRole('button', { name: 'Previous 4 days' }).click();
  await openPanel(page, date);
  await expectAccessible(page);
  await keepScreenshot(page, 'rounds-screen');

  // The session store remembers the round and date.
  await page.goto('/menu');
  await page.goto('/rounds');
  await expect(page.getByRole('combobox', { name: 'Round' })).toHaveValue(/^[1-9]\d*$/);
  await expect(page.getByRole('region', { name: formatPanelDate(date) })).toBeVisible();
});
