import type { APIRequestContext } from '@playwright/test';
import type { Account } from '../src/contracts/accounts';
import type { Driver, Roster } from '../src/contracts/drivers';
import type { VolunteerLink } from '../src/contracts/volunteer';
import { formatDayMonthYear } from '../src/domain/weeks';
import { getIsoWeekday } from '../src/domain/zoned-time';
import { apiLogIn, demo, expect, expectAccessible, test, watchConsole } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/*
 * The driver's own page on a phone (390 x 844, touch): from their personal link a driver gives a day back and
 * takes another open day of a round they know. The office side (the driver, their day, the link) is set up
 * through the API.
 */

const roundName = 'Canterbury';
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'UTC' };
const weekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Two weekdays at least three days ahead: past any cutoff of a day, so the first can be given back. */
const givenBack = findWeekdayAhead(3);
const taken = findWeekdayAhead(4) === givenBack ? findWeekdayAhead(5) : findWeekdayAhead(4);
const shown = (date: string) => `${weekdayNames[getIsoWeekday(date) - 1] ?? ''} ${formatDayMonthYear(date)}`;

async function callAs<T>(
  request: APIRequestContext,
  jwt: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const response = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${jwt}` } });
  const body = (await response.json()) as { data: T; meta: { message: string } };
  expect(response.ok(), `${method} ${url}: ${body.meta.message}`).toBe(true);
  return body.data;
}

test('a driver gives a day back and takes another from their personal link, on the phone', async ({
  browser,
  baseURL,
  request,
}) => {
  const jwt = await apiLogIn(request, demo.admin);
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
    account_id: number;
  };
  const account = (
    (await (
      await request.get(`/api/accounts/${String(claims.account_id)}`, {
        headers: { authorization: `Bearer ${jwt}` },
      })
    ).json()) as {
      data: Account;
    }
  ).data;
  const round = account.rounds.find((candidate) => candidate.name === roundName);
  if (!round) throw new Error(`No ${roundName} round in the demo`);
  const headers = { authorization: `Bearer ${jwt}` };
  const days = [givenBack, taken].map(formatDayMonthYear);
  const roster = (await (
    await request.get(`/api/roster?from=${days[0] ?? ''}&to=${days[1] ?? ''}`, { headers })
  ).json()) as {
    data: Roster;
  };
  const before = days.map(
    (date) =>
      roster.data.slots.find((slot) => slot.date === date && slot.round_id === round.id)?.driver?.id ?? null,
  );
  const name = `Vera Volunteer ${String(Date.now() % 100000)}`;
  const driver = await callAs<Driver>(request, jwt, 'POST', '/api/drivers', {
    name,
    phone: '0412 345 678',
    round_ids: [round.id],
  });
  try {
    await callAs(request, jwt, 'PUT', `/api/roster/${String(round.id)}/${formatDayMonthYear(givenBack)}`, {
      driver_id: driver.id,
    });
    await callAs(request, jwt, 'PUT', `/api/roster/${String(round.id)}/${formatDayMonthYear(taken)}`, {
      driver_id: null,
    });
    const link = await callAs<VolunteerLink>(request, jwt, 'POST', `/api/drivers/${String(driver.id)}/link`);

    const context = await browser.newContext({ ...phone, ...(baseURL ? { baseURL } : {}) });
    const page = await context.newPage();
    const errors: string[] = [];
    watchConsole(page, errors);
    try {
      await page.goto(link.url);
      await expect(page.getByRole('heading', { level: 1, name: `Hello ${name}` })).toBeVisible();
      const mine = page.getByRole('region', { name: 'Your days' });
      const open = page.getByRole('region', { name: 'Open days you can take' });
      await expect(
        mine.getByText(`${shown(givenBack)}: ${roundName}, pickup ${round.pickup_time}`),
      ).toBeVisible();
      await expectAccessible(page);
      await keepScreenshot(page, 'volunteer-page', { fullPage: true });

      await test.step('gives a day back, after saying yes', async () => {
        await mine
          .getByRole('button', {
            name: `Give back ${shown(givenBack)}: ${roundName}, pickup ${round.pickup_time}`,
          })
          .tap();
        await expect(
          mine.getByRole('group', { name: new RegExp(`^Give back ${shown(givenBack)}`) }),
        ).toBeVisible();
        await mine.getByRole('button', { name: 'Yes, give it back' }).tap();
        await expect(
          page.getByRole('status').getByText(`You gave back ${roundName} on ${shown(givenBack)}.`),
        ).toBeVisible();
        await expect(
          open.getByText(`${shown(givenBack)}: ${roundName}, pickup ${round.pickup_time} (given back)`),
        ).toBeVisible();
      });

      await test.step('takes an open day of the round', async () => {
        await open
          .getByRole('button', { name: `Take ${shown(taken)}: ${roundName}, pickup ${round.pickup_time}` })
          .tap();
        await expect(
          page.getByRole('status').getByText(`You now drive ${roundName} on ${shown(taken)}.`),
        ).toBeVisible();
        await expect(
          mine.getByText(`${shown(taken)}: ${roundName}, pickup ${round.pickup_time}`),
        ).toBeVisible();
        await expect(mine.getByText(shown(givenBack))).toHaveCount(0);
      });
      await expectAccessible(page);
      await keepScreenshot(page, 'volunteer-page-after', { fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  } finally {
    // The demo's roster as it was (its pattern's driver back, or none), and the driver gone.
    for (const [index, date] of days.entries()) {
      await request.put(`/api/roster/${String(round.id)}/${date}`, {
        data: { driver_id: before[index] ?? null },
        headers,
      });
    }
    await request.delete(`/api/drivers/${String(driver.id)}`, { headers });
  }
});
