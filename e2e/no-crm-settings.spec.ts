import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { demo, expect, expectAccessible, logIn, test, uniqueEmail } from './support/fixtures';
import { e2ePorts } from './support/ports';

const run = promisify(execFile);
const noCrmLabel = 'No CRM: clients are kept in MealRounds';
const switchRefusedText =
  'No CRM can be chosen, or left, only while the account has no clients: its clients and their visits belong to the system they came from.';

async function openIntegrations(page: import('@playwright/test').Page) {
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
  await openIntegrations(page);
  const choice = page.getByRole('form', { name: 'Source System' });
  await expect(choice.getByRole('radio', { name: 'AlayaCare' })).toBeChecked();
  await choice.getByRole('radio', { name: noCrmLabel }).check();
  await choice.getByRole('button', { name: 'Save' }).click();
  await expect(choice.getByText(switchRefusedText)).toBeVisible();
  await expect(page.getByRole('form', { name: 'CMS Settings' })).toBeVisible();
  await expectAccessible(page);
});

test('an account made with --source none keeps its clients in MealRounds: no CRM link, a visit horizon', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const username = uniqueEmail('no-crm');
  // create-admin beside the running server asks it (the worker's server holds this data folder).
  const dataDir = `/tmp/mealrounds-e2e-${String(e2ePorts.appPort)}-worker-${String(test.info().workerIndex)}`;
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/cli/create-admin.ts',
      '--account',
      'Paper Meals',
      '--username',
      username,
      '--source',
      'none',
    ],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
  );
  const link = new URL(/http\S+\/confirm\?\S+/.exec(stdout)?.[0] ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  const password = 'a-paper-password-2026';
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Go to Log In' }).click();
  await logIn(page, username, password);

  await openIntegrations(page);
  const choice = page.getByRole('form', { name: 'Source System' });
  await expect(choice.getByRole('radio', { name: noCrmLabel })).toBeChecked();
  await expect(choice.getByRole('radio', { name: 'AlayaCare' })).not.toBeChecked();
  await expect(
    choice.getByText('MealRounds makes each client’s delivery visits from their plan and round.', {
      exact: false,
    }),
  ).toBeVisible();
  // Nothing to connect: no web address, username or password, no AlayaCare section.
  await expect(page.getByRole('form', { name: 'CMS Settings' })).toHaveCount(0);
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
  await page.screenshot({ path: 'tmp/no-crm-settings.png', fullPage: true });
  await expectAccessible(page);

  // While it has no clients it may still choose a CRM: then the CRM link shows.
  await choice.getByRole('radio', { name: 'AlayaCare' }).check();
  await choice.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('form', { name: 'CMS Settings' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Visits' })).toHaveCount(0);
});
