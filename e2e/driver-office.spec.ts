import type { APIRequestContext } from '@playwright/test';
import type { AlertCount } from '../src/contracts/alerts';
import type { DriverLink, DriverRun } from '../src/contracts/driver';
import { formatDayMonthYear } from '../src/domain/weeks';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead, openPanel, showRound } from './support/rounds';

/*
 * The office side of the driver app: a driver's outcomes (sent here through the public API, as the phone does) show
 * on the rounds screen with their notes, the not-home and concern ones open alerts counted on the top menu's badge,
 * and resolving one with an outcome and a note takes it off the Welfare checks board and the badge.
 */

const roundName = 'St George';
/** Today when it is a weekday (demo visits are Monday to Friday), else the next Monday. */
const runDate = findWeekdayAhead(0);

type Api = { request: APIRequestContext; headers: Record<string, string> };

async function logInApi(request: APIRequestContext): Promise<Api & { roundId: number }> {
  const response = await request.post('/api/users/login', {
    data: { username: demo.admin, password: demo.password },
  });
  const { data } = (await response.json()) as {
    data: { jwt: string; account: { rounds: { id: number; name: string }[] } };
  };
  const round = data.account.rounds.find((candidate) => candidate.name === roundName);
  if (!round) throw new Error(`no demo round ${roundName}`);
  return { request, headers: { authorization: `Bearer ${data.jwt}` }, roundId: round.id };
}

async function readOpenCount({ request, headers }: Api): Promise<number> {
  const response = await request.get('/api/alerts/count', { headers });
  return ((await response.json()) as { data: AlertCount }).data.open;
}

/** The phone's part: a link for the day, its run, and three outcomes sent as the phone sends its queue. */
async function sendOutcomes(api: Api & { roundId: number }) {
  const { request, headers, roundId } = api;
  // The day's visits come from the CRM first, as when the office opens the day.
  await request.get(`/api/rounds/${String(roundId)}/visits/${runDate}?refresh=true`, {
    headers,
    timeout: 60_000,
  });
  const link = await request.post(`/api/rounds/${String(roundId)}/driver_link`, {
    headers,
    data: { date: runDate },
  });
  const token = ((await link.json()) as { data: DriverLink }).data.url.replace('/driver/', '');
  const run = ((await (await request.get(`/api/driver/${token}/run`)).json()) as { data: DriverRun }).data;
  const open = run.stops.filter((stop) => stop.status === 'scheduled' && stop.outcome === null);
  const [delivered, notHome, concern] = open;
  if (!delivered || !notHome || !concern) throw new Error('fewer than three open stops on the run');
  const recordedAt = new Date().toISOString();
  const outcome = (visitId: number, kind: string, note: string) => ({
    id: crypto.randomUUID(),
    visit_id: visitId,
    outcome: kind,
    note,
    recorded_at: recordedAt,
  });
  const response = await request.post(`/api/driver/${token}/outcomes`, {
    data: [
      outcome(delivered.visit_id, 'delivered', 'Left with her son'),
      outcome(notHome.visit_id, 'not_home', 'No answer, curtains drawn'),
      outcome(concern.visit_id, 'concern', 'Confused and had not eaten'),
    ],
  });
  expect(response.status(), 'outcomes sent').toBe(200);
  return { notHome: notHome.client.name, concern: concern.client.name };
}

test('the office sees the outcomes with their notes and resolves an alert', async ({ page, request }) => {
  const api = await logInApi(request);
  const openBefore = await readOpenCount(api);
  const clients = await sendOutcomes(api);
  const openAfter = openBefore + 2;
  expect(await readOpenCount(api)).toBe(openAfter);

  await logIn(page, demo.admin);
  const menu = page.getByRole('navigation').first();
  await expect(menu.getByRole('link', { name: `Welfare checks, ${String(openAfter)} open` })).toBeVisible();

  await test.step('the rounds screen shows each outcome with its note', async () => {
    await page.goto('/rounds');
    await showRound(page, roundName, runDate);
    const panel = await openPanel(page, runDate);
    const outcomes = panel.getByTestId('visit-outcome');
    await expect(outcomes).toHaveCount(3);
    await expect(outcomes.filter({ hasText: 'Left with her son' })).toContainText('Delivered');
    await expect(outcomes.filter({ hasText: 'No answer, curtains drawn' })).toContainText('Not home');
    await expect(outcomes.filter({ hasText: 'Confused and had not eaten' })).toContainText('Concern');
  });

  await test.step('the Welfare checks board lists the open checks', async () => {
    await menu.getByRole('link', { name: `Welfare checks, ${String(openAfter)} open` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welfare checks' })).toBeVisible();
    const card = page.getByRole('region', { name: clients.notHome });
    await expect(card).toContainText("Driver's note: No answer, curtains drawn");
    await expect(card).toContainText(formatDayMonthYear(runDate));
    await expect(card).toContainText(roundName);
    await expect(card).toContainText('Not home');
    await expect(page.getByRole('region', { name: clients.concern })).toContainText(
      'Confused and had not eaten',
    );
    await expectAccessible(page);
  });

  await test.step('resolving a check needs an outcome and a note, and takes it off the board and the badge', async () => {
    const card = page.getByRole('region', { name: clients.notHome });
    await card.getByRole('button', { name: `Resolve ${clients.notHome}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve Alert' });
    await expect(dialog.getByText(`${clients.notHome}, ${formatDayMonthYear(runDate)}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('Say what was done.')).toBeVisible();
    await expect(dialog.getByText('Choose what was found.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('combobox', { name: /^What was found/ }).selectOption('hospital');
    await dialog
      .getByRole('textbox', { name: /^What was done/ })
      .fill('Called her daughter: she is in hospital');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await expect(
      menu.getByRole('link', { name: `Welfare checks, ${String(openAfter - 1)} open` }),
    ).toBeVisible();

    await page.getByText('Resolved', { exact: true }).click();
    const resolved = page.getByRole('table', { name: 'Resolved checks' });
    await expect(
      resolved.getByRole('row').filter({ hasText: 'Called her daughter: she is in hospital' }),
    ).toContainText(clients.notHome);
    await expectAccessible(page);
  });

  await test.step('the Delivery Outcomes report lists the outcomes with their notes', async () => {
    await page.goto('/reports/delivery_outcomes/');
    await expect(page.getByRole('heading', { level: 2, name: 'Delivery Outcomes' })).toBeVisible();
    // The report opens on this month to today; on a weekend the run was next Monday's, so the dates reach it.
    const dates = page.getByRole('form', { name: 'Choose dates' });
    await dates.getByRole('textbox', { name: 'To' }).fill(formatDayMonthYear(runDate));
    await dates.getByRole('button', { name: 'Show' }).click();
    const byClient = page.getByRole('table', { name: /^Delivery outcomes by client, / });
    await expect(byClient.getByRole('row').filter({ hasText: 'Confused and had not eaten' })).toContainText(
      'Concern',
    );
    await expect(byClient.getByRole('row').filter({ hasText: 'No answer, curtains drawn' })).toContainText(
      `${formatDayMonthYear(runDate)}`,
    );
    const byRound = page.getByRole('table', { name: /^Delivery outcomes by round, / });
    await expect(byRound.getByRole('row', { name: new RegExp(`^${roundName}`) })).toBeVisible();
    await keepScreenshot(page, 'delivery-outcomes', { fullPage: true });
    await expectAccessible(page);
  });
});
