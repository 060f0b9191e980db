import type { APIRequestContext, Page } from '@playwright/test';
import { demoSimulatorCredentials } from '../src/server/integrations/alayacare/simulator/server';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { setDemoSourceFaults } from './support/rounds';

const refusedText = 'Username and password incorrect for the web address.';
const unreachableText = 'Could not reach the CRM at that web address.';
const savedText = 'Settings saved successfully';
const confirmedText = /^Access confirmed: the CRM answered with \d+ client tags?\.$/;
const reenterText = 'Enter the CRM password again to change the CRM address or username.';

type DemoAccount = { jwt: string; accountId: number; sourceSettings: unknown };

/** The demo admin's token, account id and stored source_settings, through the API. */
async function readDemoAccount(request: APIRequestContext): Promise<DemoAccount> {
  const login = await request.post('/api/users/login', {
    data: { username: demo.admin, password: demo.password },
  });
  expect(login.status(), 'API log in').toBe(200);
  const { data } = (await login.json()) as { data: { jwt: string; account: { id: number } } };
  const account = await request.get(`/api/accounts/${data.account.id}`, {
    headers: { authorization: `Bearer ${data.jwt}` },
  });
  const body = (await account.json()) as { data: { source_settings: unknown } };
  return { jwt: data.jwt, accountId: data.account.id, sourceSettings: body.data.source_settings };
}

/** Picks an option other than the current one (when there is one) and answers its name. */
async function chooseAnotherOption(page: Page, label: string): Promise<string> {
  const field = page.getByRole('combobox', { name: label });
  const current = await field.inputValue();
  await field.click();
  const options = page.getByRole('listbox', { name: label }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = (await options.allTextContents()).map((name) => name.trim());
  const choice = names.find((name) => name !== current) ?? names[0] ?? '';
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: choice, exact: true }).click();
  await expect(field).toHaveValue(choice);
  return choice;
}

test('an admin checks the CRM link, breaks and mends it, and chooses the meal tags', async ({
  page,
  request,
  allowConsoleError,
}) => {
  // A wrong password makes every CRM list answer code 7 (HTTP 502), which the browser logs.
  allowConsoleError(/status of 502 .*\/api\/(tags|visits\/tags|service_codes|premiums|cancel_codes)\b/);
  // The demo account is seeded linked to the built-in simulator with these credentials.
  const simulatorPassword = demoSimulatorCredentials.password;
  const original = await readDemoAccount(request);

  try {
    // The page's timers on the test's clock: the saved message's 3 s (docs/product-rules.md) pass at once.
    await page.clock.install();
    await logIn(page, demo.admin);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'CMS Integration' })
      .click();
    await expect(page).toHaveURL(/\/settings\/integrations\/$/);
    await expect(page.getByRole('heading', { name: 'CMS Integration', exact: true })).toBeVisible();

    // The demo account comes linked to the simulator: access is confirmed.
    const general = page.getByRole('form', { name: 'CRM Settings' });
    await expect(general.getByLabel('Source URL')).not.toHaveValue('');
    await expect(general.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByText(confirmedText)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'AlayaCare' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'AlayaCare settings' })).toBeVisible();
    await expectAccessible(page);

    // A wrong password saves, and the access check then fails.
    await general.getByLabel('Password', { exact: true }).fill('not-the-simulator-password');
    await general.getByRole('button', { name: 'Save' }).click();
    await expect(general.getByText(savedText)).toBeVisible();
    await expect(page.getByText(refusedText)).toBeVisible();
    await expect(page.getByText(confirmedText)).toHaveCount(0);
    await expect(general.getByLabel('Password', { exact: true })).toHaveValue('');
    // The saved message clears after 3 s.
    await page.clock.fastForward(3_000);
    await expect(general.getByText(savedText)).toBeHidden();

    // The right password mends it.
    await general.getByLabel('Password', { exact: true }).fill(simulatorPassword);
    await general.getByRole('button', { name: 'Save' }).click();
    await expect(general.getByText(savedText)).toBeVisible();
    await expect(page.getByText(confirmedText)).toBeVisible();
    await expect(page.getByText(refusedText)).toHaveCount(0);

    // A new username (or address) needs the password typed again: the stored one never follows it.
    const username = general.getByLabel('Username');
    const savedUsername = await username.inputValue();
    const passwordInput = general.locator('input[name="source_password"]');
    await username.fill(`${savedUsername}-elsewhere`);
    await expect(passwordInput).toHaveAttribute('required', '');
    await expect(general.getByText(reenterText)).toBeVisible();
    await expect(general.getByRole('button', { name: 'Save' })).toBeDisabled();
    // The server refuses such a save as well (code 2), whatever the browser does.
    const refused = await request.put(`/api/accounts/${original.accountId}`, {
      data: { source_username: `${savedUsername}-elsewhere` },
      headers: { authorization: `Bearer ${original.jwt}` },
    });
    expect(refused.status(), 'a new username without the password').toBe(400);
    expect(((await refused.json()) as { meta: { message: string } }).meta.message).toBe(reenterText);
    await username.fill(savedUsername);
    await expect(general.getByText(reenterText)).toHaveCount(0);
    await expect(passwordInput).not.toHaveAttribute('required', '');
    await expect(general.getByRole('button', { name: 'Save' })).toBeEnabled();
    await expect(page.getByText(confirmedText)).toBeVisible();

    // The care-management section: choose the client and visit tags, then save.
    const care = page.getByRole('form', { name: 'AlayaCare settings' });
    await expect(care.getByRole('combobox', { name: 'Client Tag' })).toBeVisible();
    const clientTag = await chooseAnotherOption(page, 'Client Tag');
    const visitTag = await chooseAnotherOption(page, 'Visit Tag');
    await care.getByRole('button', { name: 'Save' }).click();
    await expect(care.getByText(savedText)).toBeVisible();

    // Saved on the server: a reload shows the choices.
    await page.reload();
    const reloaded = page.getByRole('form', { name: 'AlayaCare settings' });
    await expect(reloaded.getByRole('combobox', { name: 'Client Tag' })).toHaveValue(clientTag);
    await expect(reloaded.getByRole('combobox', { name: 'Visit Tag' })).toHaveValue(visitTag);
    await expect(page.getByText(confirmedText)).toBeVisible();
    await expectAccessible(page);
  } finally {
    // Other journeys use the demo account's CRM link and tags: put them back as they were.
    const restored = await request.put(`/api/accounts/${original.accountId}`, {
      data: { source_password: simulatorPassword, source_settings: original.sourceSettings },
      headers: { authorization: `Bearer ${original.jwt}` },
    });
    expect(restored.status(), 'restore the demo CRM settings').toBe(200);
  }
});

test('a CRM that is down is said to be unreachable, not to refuse the password', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 502 .*\/api\/(tags|visits\/tags|service_codes|premiums|cancel_codes)\b/);
  await setDemoSourceFaults(request, { isDown: true });
  try {
    await logIn(page, demo.admin);
    await page.goto('/settings/integrations/');
    await expect(page.getByRole('heading', { name: 'CMS Integration', exact: true })).toBeVisible();
    await expect(page.getByText(unreachableText)).toBeVisible();
    // The reason, under the headline (the care-management section's lists say it too).
    await expect(
      page.getByText('The CRM could not list client tags: it could not be reached.').first(),
    ).toBeVisible();
    await expect(page.getByText(refusedText)).toHaveCount(0);
    await expect(page.getByText(confirmedText)).toHaveCount(0);
  } finally {
    await setDemoSourceFaults(request, null);
  }
  // Back up, the same page confirms access again.
  await page.reload();
  await expect(page.getByText(confirmedText)).toBeVisible();
  await expect(page.getByText(unreachableText)).toHaveCount(0);
});
