import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { createNoSourceAdmin } from './support/no-source-account';
import { keepScreenshot } from './support/screenshots';

const noSourceLabel = 'No CRM: clients are kept in MealRounds';
const switchRefusedText =
  'No CRM can be chosen, or left, only while the account has no clients: its clients and their visits belong to the system they came from.';

async function openSourceSettings(page: import('@playwright/test').Page) {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'CMS Integration' })
    .click();
  await expect(page.getByRole('heading', { name: 'CMS Integration', exact: true })).toBeVisible();
}

test('the demo account, whose clients come from its CRM, cannot switch to No CRM', async ({
  page,
  allowConsoleError,
}) => {
  // The refusal is code 2 (HTTP 400), which the browser logs.
  allowConsoleError(/status of 400 .*\/api\/accounts\/\d+/);
  await logIn(page, demo.admin);
  await openSourceSettings(page);
  const choice = page.getByRole('form', { name: 'Source System' });
  await expect(choice.getByRole('radio', { name: 'AlayaCare' })).toBeChecked();
  await choice.getByRole('radio', { name: noSourceLabel }).check();
  await choice.getByRole('button', { name: 'Save' }).click();
  await expect(choice.getByText(switchRefusedText)).toBeVisible();
  await expect(page.getByRole('form', { name: 'CRM Settings' })).toBeVisible();
  await expectAccessible(page);
});

test('an account made with --source none keeps its clients in MealRounds: no CRM link, a visit horizon', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createNoSourceAdmin(page, test.info(), 'Paper Meals');

  await openSourceSettings(page);
  const choice = page.getByRole('form', { name: 'Source System' });
  await expect(choice.getByRole('radio', { name: noSourceLabel })).toBeChecked();
  await expect(choice.getByRole('radio', { name: 'AlayaCare' })).not.toBeChecked();
  await expect(
    choice.getByText('MealRounds makes each client’s delivery visits from their plan and round.', {
      exact: false,
    }),
  ).toBeVisible();
  // Nothing to connect: no web address, username or password, no AlayaCare section.
  await expect(page.getByRole('form', { name: 'CRM Settings' })).toHaveCount(0);
  await expect(page.getByLabel('Source URL')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'AlayaCare' })).toHaveCount(0);

  const visits = page.getByRole('form', { name: 'Visits' });
  const horizon = visits.getByLabel('Visit horizon (weeks)');
  await expect(horizon).toHaveValue('4');
  await horizon.fill('13');
  await expect(visits.getByText('Enter a whole number of weeks from 1 to 12.')).toBeVisible();
  await horizon.fill('6');
  await visits.getByRole('button', { name: 'Save' }).click();
  await expect(visits.getByText('Settings saved successfully')).toBeVisible();
  await keepScreenshot(page, 'no-source-settings', { fullPage: true });
  await expectAccessible(page);

  // While it has no clients it may still choose a CRM: then the CRM link shows.
  await choice.getByRole('radio', { name: 'AlayaCare' }).check();
  await choice.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('form', { name: 'CRM Settings' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Visits' })).toHaveCount(0);
});
