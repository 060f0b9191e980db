import type { APIRequestContext } from '@playwright/test';
import { getTodayIn } from '../src/domain/today';
import { formatDayMonthYear, snapToMonday } from '../src/domain/weeks';
import { addDays } from '../src/domain/zoned-time';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';

/*
 * Allergens on the demo data: a client is given allergies, a meal containing one of them cannot be ticked in Client
 * Menu Selection without an override and its reason, and the override is flagged on the kitchen report.
 * "Today" is the demo account's (its rounds run in Sydney time); next week has a menu and no hold for the client.
 */
const nextMonday = addDays(snapToMonday(getTodayIn('Australia/Sydney')), 7);
const reason = 'Family brings a gluten-free version; the kitchen only heats it';

type ListedClient = {
  client_id: number;
  name: string;
  allergies: string[];
  meal_strip: { hold_reason: string | null }[];
};

/** A demo client without allergies and without a hold next week. */
async function findClient(request: APIRequestContext): Promise<ListedClient> {
  const jwt = await apiLogIn(request, demo.user);
  const response = await request.get('/api/clients?page_size=50', {
    headers: { authorization: `Bearer ${jwt}` },
  });
  const { data } = (await response.json()) as { data: ListedClient[] };
  const found = data.find(
    (client) =>
      client.allergies.length === 0 && client.meal_strip.slice(7).every((day) => day.hold_reason === null),
  );
  if (!found) throw new Error('no demo client without allergies');
  return found;
}

test('a clashing meal is ticked only with a reason, and the kitchen report flags the override', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const client = await findClient(page.request);
  await logIn(page, demo.user);
  await page.goto(`/client/${String(client.client_id)}/`);
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();

  await test.step('give the client allergies', async () => {
    const details = page.getByRole('region', { name: 'Client Details' });
    const allergies = details.getByRole('combobox', { name: 'Allergies' });
    for (const name of ['gluten', 'milk']) {
      await allergies.click();
      await allergies.fill(name);
      await page.getByRole('option', { name, exact: true }).click();
    }
    await allergies.press('Escape');
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(details.getByText('Client updated successfully.')).toBeVisible();
  });

  const selection = page.getByRole('region', { name: 'Client Menu Selection' });
  const mealName = await test.step('a clashing meal asks for a reason before it is ticked', async () => {
    await selection.getByLabel('Week of').fill(formatDayMonthYear(nextMonday));
    await selection.getByRole('button', { name: 'Show', exact: true }).click();
    // The first clashing meal not chosen yet, found again by its name (the filter would move on once it is ticked).
    const firstFree = selection
      .locator('[role="group"][data-clash="true"]')
      .filter({ has: page.getByRole('checkbox', { checked: false }) })
      .first();
    await expect(firstFree).toBeVisible();
    const label = (await firstFree.getAttribute('aria-label')) ?? '';
    const card = selection.getByRole('group', { name: label, exact: true });
    await expect(card.getByTestId('allergen-clash')).toHaveText(
      /^Contains (gluten|milk)(, (gluten|milk))? — client is allergic$/,
    );
    const name = label.replace(/ on \w+day$/, '');
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'clash-card');

    await card.getByRole('checkbox').click();
    const dialog = page.getByRole('dialog', { name: `Allergen clash: ${name}` });
    await expect(dialog).toContainText(
      'client is allergic. Only give this meal if you are sure it is safe for the client.',
    );
    await dialog.getByRole('button', { name: 'Override and tick' }).click();
    await expect(dialog.getByText('Please give the reason for the override.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason for the override' }).fill(reason);
    await expect(dialog.getByText('Please give the reason for the override.')).toBeHidden();
    await keepScreenshot(page, 'clash-dialog');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Override and tick' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('checkbox')).toBeChecked();
    await expect(card.getByTestId('allergen-override')).toHaveText(`Override: ${reason}`);
    await selection.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Client meal choices updated successfully.')).toBeVisible();
    return name;
  });

  await test.step('Kitchen Prep By Week flags the override', async () => {
    await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
    await page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('link', { name: 'Kitchen Prep By Week' })
      .click();
    await expect(page.getByRole('textbox', { name: /^Week of/ })).toHaveValue(formatDayMonthYear(nextMonday));
    const flags = page.getByRole('table', { name: 'Allergen overrides this week' });
    const row = flags.getByRole('row').filter({ hasText: client.name });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText(mealName);
    await expect(row).toContainText(reason);
    await row.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'kitchen-override-flag');
    await expectAccessible(page);
  });
});
