import type { APIRequestContext } from '@playwright/test';
import type { DriverLink, DriverRun } from '../src/contracts/driver';
import type { MealList } from '../src/contracts/meals';
import type { PackingListReport } from '../src/contracts/reports';
import { formatDayMonthYear } from '../src/domain/weeks';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/*
 * A clash that arises after the meal was chosen reaches nobody's hands unflagged: a demo client with a meal
 * chosen for tomorrow's run (or the next weekday's) is given an allergy that meal contains. The save says it
 * created a clash and links to the list; the packing list flags it on the client's line, and so does the driver's
 * phone on the stop's meal.
 */
const runDate = findWeekdayAhead(1);
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const dataTimeout = { timeout: 30_000 };

type Target = { clientId: number; client: string; meal: string; allergen: string; driverPath: string };

async function getData<T>(request: APIRequestContext, jwt: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${jwt}` } });
  return ((await response.json()) as { data: T }).data;
}

/**
 * A client of a round on the run date with a meal that contains an allergen, chosen without a clash, and on the
 * round's driver run with that meal; with the driver link of that run.
 */
async function findTarget(request: APIRequestContext): Promise<Target> {
  const jwt = await apiLogIn(request, demo.user);
  const headers = { authorization: `Bearer ${jwt}` };
  const { meals, categories } = await getData<MealList>(request, jwt, '/api/meals/meals?page_size=-1');
  const allergensOf = new Map(meals.map((meal) => [meal.key, meal.allergens]));
  const ticked = Object.fromEntries([...categories.map((category) => [category.key, true]), ['', true]]);
  const packing = (await (
    await request.post('/api/reports/packing_list', {
      headers,
      data: { date: formatDayMonthYear(runDate), categories: ticked },
    })
  ).json()) as { data: PackingListReport };
  for (const round of packing.data.rounds) {
    if (round.round_id === null) continue;
    const link = (await (
      await request.post(`/api/rounds/${String(round.round_id)}/driver_link`, {
        headers,
        data: { date: runDate },
      })
    ).json()) as { data: DriverLink };
    const driverPath = new URL(link.data.url, 'http://localhost').pathname;
    const run = (await (
      await request.get(`/api/driver/${driverPath.replace('/driver/', '')}/run`)
    ).json()) as {
      data: DriverRun;
    };
    for (const meal of round.meals) {
      const allergen = allergensOf.get(meal.key)?.[0];
      if (allergen === undefined) continue;
      const entry = meal.entries.find(
        (candidate) =>
          candidate.allergen_clash.length === 0 &&
          candidate.allergen_override === undefined &&
          run.data.stops.some(
            (stop) =>
              stop.client.name === candidate.client &&
              stop.meals.some((carried) => carried.description === meal.description),
          ),
      );
      if (entry) {
        return {
          clientId: entry.client_id,
          client: entry.client,
          meal: meal.description,
          allergen,
          driverPath,
        };
      }
    }
  }
  throw new Error(`no demo client with a meal containing an allergen on ${runDate}`);
}

test('an allergy added after the choice is flagged on the packing list and the driver page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const target = await findTarget(page.request);
  const flag = `ALLERGY: ${target.allergen}`;
  await logIn(page, demo.user);

  await test.step('the allergy added says it created a clash, with the way to the list', async () => {
    await page.goto(`/client/${String(target.clientId)}/`);
    const details = page.getByRole('region', { name: 'Client Details' });
    const allergies = details.getByRole('combobox', { name: 'Allergies' });
    await allergies.click();
    await allergies.fill(target.allergen);
    await page.getByRole('option', { name: target.allergen, exact: true }).click();
    await allergies.press('Escape');
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(details.getByText(/^This change created \d+ allergen clash(es)?\./)).toBeVisible();
    await expect(details.getByRole('link', { name: 'Open the allergen clash list' })).toHaveAttribute(
      'href',
      '/reports/kitchen_prep_week/',
    );
    await expectAccessible(page);
  });

  await test.step("the packing list flags it on the client's line", async () => {
    await page.goto('/reports/packing_list/');
    await page.getByRole('textbox', { name: /^Date/ }).fill(formatDayMonthYear(runDate));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const line = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: target.client, exact: true }) })
      .filter({ has: page.getByTestId('allergen-clash') });
    await expect(line.first()).toBeVisible(dataTimeout);
    await expect(line.first().getByTestId('allergen-clash')).toHaveText(
      new RegExp(`^ALLERGY: .*${target.allergen}`),
    );
    await line.first().scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'packing-list');
    await expectAccessible(page);
  });

  await test.step("the driver's phone flags it on the stop's meal", async () => {
    const context = await browser.newContext({ ...phone, ...(baseURL ? { baseURL } : {}) });
    try {
      const phonePage = await context.newPage();
      await phonePage.goto(target.driverPath);
      const stop = phonePage
        .getByRole('listitem')
        .filter({ has: phonePage.getByRole('heading', { level: 2, name: target.client }) });
      const meal = stop.first().getByRole('listitem').filter({ hasText: target.meal });
      await expect(meal.first()).toContainText(flag, dataTimeout);
      await meal.first().scrollIntoViewIfNeeded();
      await keepScreenshot(phonePage, 'driver-page');
    } finally {
      await context.close();
    }
  });
});
