import type { Page } from '@playwright/test';
import { makeDriverLink, readClientContacts } from './support/driver-link';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/*
 * A welfare check from the door to its resolution: a driver records "Not home" on the phone page, the check opens
 * on the Welfare checks board with calling the client due, the office records a call nobody answered and resolves
 * the check as safe with a note; then an admin edits the steps in Settings > Welfare checks. The check's first step
 * is due at its opening, so no clock needs to move.
 */

const roundName = 'North Shore';
/** Today when it is a weekday (demo visits are Monday to Friday), else the next Monday. */
const runDate = findWeekdayAhead(0);
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

function checkCard(page: Page, clientName: string) {
  return page.getByRole('region', { name: clientName });
}

test('a not-home outcome opens a welfare check that the office works through and resolves', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { path, run, jwt } = await makeDriverLink(request, roundName, runDate);
  const stop = run.stops.find((entry) => entry.status === 'scheduled' && entry.outcome === null);
  if (!stop) throw new Error('no open stop on the run');
  const clientName = stop.client.name;

  await test.step('the driver records Not home on the phone page', async () => {
    const context = await browser.newContext({ ...phone, ...(baseURL ? { baseURL } : {}) });
    try {
      const phonePage = await context.newPage();
      await phonePage.goto(path);
      const card = phonePage.locator('li', { has: phonePage.locator(`#stop-${String(stop.visit_id)}`) });
      await card.getByRole('button', { name: 'Not home', exact: true }).tap();
      await card.getByRole('textbox', { name: 'Note (optional)' }).fill('No answer at the door');
      await card.getByRole('button', { name: 'Save Not home' }).tap();
      await expect(card.getByText(/^Not home at \d{2}:\d{2}/)).toBeVisible();
      await expect(phonePage.getByText('All outcomes sent.')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  await test.step('the check is on the board with calling the client due', async () => {
    await logIn(page, demo.user);
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: /^Welfare checks, \d+ open$/ }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welfare checks' })).toBeVisible();
    const card = checkCard(page, clientName);
    await expect(card.getByText('Due now: Call the client')).toBeVisible();
    await expect(card.getByText("Driver's note: No answer at the door")).toBeVisible();
    await expect(card.getByText(/^Open \d+ min$/)).toBeVisible();
    await expect(card.getByText('No attempts yet.')).toBeVisible();
    // The demo CRM gives some clients emergency contacts: the card lists them, or says there are none.
    const emergency = (await readClientContacts(request, jwt, clientName)).filter(
      (entry) => entry.is_emergency,
    );
    if (emergency.length === 0)
      await expect(card.getByText('No emergency contacts on record.')).toBeVisible();
    for (const contact of emergency)
      await expect(card.getByRole('listitem').filter({ hasText: contact.name })).toContainText(
        contact.phone || 'no phone',
      );
    await expectAccessible(page);
    await keepScreenshot(page, 'welfare-board', { fullPage: true });
  });

  await test.step('the office records a call nobody answered', async () => {
    const card = checkCard(page, clientName);
    await card.getByRole('button', { name: `Record an attempt for ${clientName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Record an attempt' });
    await dialog.getByRole('textbox', { name: /Who was tried/ }).fill('');
    await dialog.getByRole('button', { name: 'Record' }).click();
    await expect(dialog.getByText('Say who was tried.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: /Who was tried/ }).fill(clientName);
    await dialog.getByRole('combobox', { name: 'How' }).selectOption('phone');
    await dialog.getByRole('combobox', { name: 'Result' }).selectOption('no_answer');
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Rang out twice');
    await dialog.getByRole('button', { name: 'Record' }).click();
    await expect(dialog).toHaveCount(0);
    const attempts = card.getByRole('list', { name: `Attempts for ${clientName}` });
    await expect(attempts).toContainText(
      `${demo.user} · Phone call · ${clientName} · No answer · Rang out twice`,
    );
    // Calling the client is done: the next step is messaging the contacts.
    await expect(card.getByText(/^Next: Message the emergency contacts at \d{2}:\d{2}$/)).toBeVisible();
  });

  await test.step('the office resolves it as safe with a note', async () => {
    const card = checkCard(page, clientName);
    await card.getByRole('button', { name: `Resolve ${clientName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve Alert' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('Choose what was found.')).toBeVisible();
    await dialog.getByRole('combobox', { name: /^What was found/ }).selectOption('safe');
    await dialog
      .getByRole('textbox', { name: /^What was done/ })
      .fill('Her neighbour found her in the garden.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await page.getByText('Resolved', { exact: true }).click();
    const row = page
      .getByRole('table', { name: 'Resolved checks' })
      .getByRole('row')
      .filter({ hasText: 'Her neighbour found her in the garden.' });
    await expect(row).toContainText(clientName);
    await expect(row).toContainText('Safe');
    await expectAccessible(page);
  });
});

test('an admin edits the welfare check steps in Settings', async ({ page, request }) => {
  // The demo's welfare settings as they were, put back at the end so a journey after this one on the same
  // worker's server meets the demo's own steps.
  const jwt = await apiLogIn(request, demo.admin);
  const headers = { authorization: `Bearer ${jwt}` };
  const before = await request.get('/api/settings/welfare', { headers });
  expect(before.status()).toBe(200);
  const demoSettings = ((await before.json()) as { data: Record<string, unknown> }).data;
  await logIn(page, demo.admin);
  await page.goto('/settings/welfare/');
  const form = page.getByRole('form', { name: 'Welfare checks' });
  const steps = form.getByRole('table', { name: 'Steps' });
  await expect(steps.getByRole('combobox', { name: 'Step 1 action' })).toHaveValue('call_client');
  await expect(steps.getByRole('textbox', { name: 'Step 4 minutes' })).toHaveValue('30');
  await expectAccessible(page);

  await test.step('a step out of order and an empty minute are refused with messages', async () => {
    await steps.getByRole('textbox', { name: 'Step 4 minutes' }).fill('10');
    await steps.getByRole('textbox', { name: 'Step 2 minutes' }).fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Enter the minutes.')).toBeVisible();
    await steps.getByRole('textbox', { name: 'Step 2 minutes' }).fill('15');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('A step cannot come before the one above it: use as many minutes or more.'),
    ).toBeVisible();
  });

  await test.step('leaving with unsaved changes asks first', async () => {
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Meals' }).click();
    await expect(page).toHaveURL(/\/settings\/welfare\/$/);
  });

  await test.step('the steps are added, moved, removed and saved', async () => {
    await steps.getByRole('textbox', { name: 'Step 4 minutes' }).fill('45');
    await form.getByRole('button', { name: 'Add a step' }).click();
    await steps.getByRole('combobox', { name: 'Step 5 action' }).selectOption('call_contacts');
    await steps.getByRole('textbox', { name: 'Step 5 minutes' }).fill('60');
    await steps.getByRole('button', { name: 'Move step 3 up' }).click();
    await expect(steps.getByRole('combobox', { name: 'Step 2 action' })).toHaveValue('call_contacts');
    await steps.getByRole('button', { name: 'Remove step 5' }).click();
    await form.getByRole('checkbox', { name: 'Concern' }).check();
    await form.getByRole('button', { name: 'Add a manager' }).click();
    await form.getByRole('textbox', { name: 'Manager 1 name' }).fill('Mia Duty');
    await form.getByRole('textbox', { name: 'Manager 1 phone' }).fill('0412 345 678');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Manager 1 phone' })).toHaveValue('+61412345678');
    await keepScreenshot(page, 'welfare-settings', { fullPage: true });
    await page.reload();
    await expect(steps.getByRole('textbox', { name: 'Step 4 minutes' })).toHaveValue('45');
    await expect(steps.getByRole('row')).toHaveCount(5);
    await expect(form.getByRole('checkbox', { name: 'Concern' })).toBeChecked();
    await expectAccessible(page);
  });

  const putBack = await request.put('/api/settings/welfare', { headers, data: demoSettings });
  expect(putBack.status(), 'the demo welfare settings put back').toBe(200);
});
