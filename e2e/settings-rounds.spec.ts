import type { Locator, Page } from '@playwright/test';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';

function findRoundRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

/** The clients' names in the list's order, read from their up buttons ('Move NAME up'). */
async function readOrder(list: Locator) {
  const buttons = await list.getByRole('button', { name: /^Move .+ up$/ }).all();
  return Promise.all(
    buttons.map(async (button) =>
      ((await button.getAttribute('aria-label')) ?? '').replace(/^Move (.+) up$/, '$1'),
    ),
  );
}

test('an admin edits a round, adds one in a dialog and deletes it', async ({ page, allowConsoleError }) => {
  // Deleting a round that clients use is refused on purpose (409).
  allowConsoleError(/status of 409 .*\/api\/rounds\/\d+/);
  await logIn(page, demo.admin);
  await page.goto('/settings/rounds/');
  await expect(page.getByRole('heading', { name: 'Delivery Rounds' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toContainText([
    'Name',
    'Pick Up Time',
    'Pick Up Address',
    'Timezone',
  ]);
  await expect(page.getByRole('row')).toHaveCount(6);

  // Canterbury as the demo has it, put back at the end: journeys after this one on the worker's server use it.
  const demoCells = await findRoundRow(page, 'Canterbury').getByRole('cell').allTextContents();
  const [, demoTime = '', demoAddress = '', demoZone = ''] = demoCells;
  await findRoundRow(page, 'Canterbury').getByRole('button', { name: 'Edit Canterbury' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Round' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('  Canterbury Bankstown  ');
  await dialog.getByRole('textbox', { name: 'Pick Up Time' }).fill('25:00');
  await expect(dialog.getByText('Use HH:MM.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Pick Up Time' }).fill('10:45');
  await dialog.getByRole('textbox', { name: 'Pick Up Address' }).fill(' 1 Beamish Street, Campsie NSW 2194 ');
  await dialog.getByRole('combobox', { name: 'Timezone' }).selectOption('Australia/NSW');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Round Updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = findRoundRow(page, 'Canterbury Bankstown');
  await expect(edited.getByRole('cell')).toHaveText([
    'Canterbury Bankstown',
    '10:45',
    '1 Beamish Street, Campsie NSW 2194',
    'Australia/NSW',
    'No limit',
    '16:30',
    'EditDelete',
  ]);

  // Add Round opens a dialog: closing it creates nothing; a name over the limit is refused inline.
  await page.getByRole('button', { name: 'Add Round' }).click();
  const adding = page.getByRole('dialog', { name: 'Add Round' });
  await adding.getByRole('textbox', { name: 'Name' }).fill('x'.repeat(101));
  await expect(adding.getByText('Use at most 100 characters (this has 101).')).toBeVisible();
  await expect(adding.getByRole('button', { name: 'Save' })).toBeDisabled();
  await adding.getByRole('button', { name: 'Cancel' }).click();
  await expect(adding).toBeHidden();
  await expect(page.getByRole('row')).toHaveCount(6);
  await page.getByRole('button', { name: 'Add Round' }).click();
  await adding.getByRole('textbox', { name: 'Name' }).fill('Hills District');
  await adding
    .getByRole('textbox', { name: 'Pick Up Address' })
    .fill('1 Showground Road, Castle Hill NSW 2154');
  await adding.getByRole('button', { name: 'Save' }).click();
  await expect(adding.getByText('Round Added.')).toBeVisible();
  await expect(adding).toBeHidden();
  await expect(findRoundRow(page, 'Hills District').getByRole('cell').nth(3)).toHaveText('Australia/Sydney');
  await keepScreenshot(page, 'settings-rounds-added');

  // Saved: a fresh load shows both changes, and the rounds screen offers them.
  await page.reload();
  await expect(findRoundRow(page, 'Canterbury Bankstown')).toBeVisible();
  await expect(findRoundRow(page, 'Hills District')).toBeVisible();
  await page.getByRole('link', { name: 'Rounds', exact: true }).first().click();
  const roundSelect = page.getByRole('combobox', { name: 'Round' });
  await expect(roundSelect.getByRole('option', { name: 'Canterbury Bankstown' })).toHaveCount(1);
  await expect(roundSelect.getByRole('option', { name: 'Hills District' })).toHaveCount(1);

  // A round with clients cannot be deleted; the new, empty one can, after a confirmation.
  await page.goto('/settings/rounds/');
  await findRoundRow(page, 'Canterbury Bankstown')
    .getByRole('button', { name: 'Delete Canterbury Bankstown' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Round' });
  await expect(
    confirm.getByText('Delete the round Canterbury Bankstown? This cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText(/^This round is used by \d+ clients/)).toBeVisible();
  await keepScreenshot(page, 'settings-round-delete-refused');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await findRoundRow(page, 'Hills District').getByRole('button', { name: 'Delete Hills District' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText('Round deleted.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(findRoundRow(page, 'Hills District')).toHaveCount(0);
  await page.reload();
  await expect(findRoundRow(page, 'Canterbury Bankstown')).toBeVisible();
  await expect(findRoundRow(page, 'Hills District')).toHaveCount(0);
  await expectAccessible(page);

  await findRoundRow(page, 'Canterbury Bankstown')
    .getByRole('button', { name: 'Edit Canterbury Bankstown' })
    .click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Canterbury');
  await dialog.getByRole('textbox', { name: 'Pick Up Time' }).fill(demoTime);
  await dialog.getByRole('textbox', { name: 'Pick Up Address' }).fill(demoAddress);
  await dialog.getByRole('combobox', { name: 'Timezone' }).selectOption(demoZone);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(findRoundRow(page, 'Canterbury').getByRole('cell')).toHaveText(demoCells);
});

test('an admin saves the optimisation and route automation preferences and runs the automation', async ({
  page,
}) => {
  await logIn(page, demo.admin);
  await page.goto('/settings/routes/');
  const optimisation = page.getByRole('form', { name: 'Optimisation Preferences' });
  await expect(optimisation.getByText('Time 50%, Distance 50%')).toBeVisible();
  const slider = optimisation.getByRole('slider', { name: 'Time share' });
  await slider.focus();
  for (let step = 0; step < 20; step += 1) await page.keyboard.press('ArrowRight');
  await expect(optimisation.getByText('Time 70%, Distance 30%')).toBeVisible();
  await optimisation.getByRole('textbox', { name: /Travel Contingency/ }).fill('3');
  const balance = optimisation.getByRole('combobox', { name: /Workload balance/ });
  await expect(balance).toHaveValue('some');
  await expect(balance.getByRole('option')).toHaveText(['Off', 'Some', 'Strong']);
  await balance.selectOption('Strong');
  await optimisation.getByRole('button', { name: 'Save' }).click();
  // Each form says so itself (the banner's 3 s are use-timed-notice.test.ts's).
  await expect(optimisation.getByText('Settings saved successfully')).toBeVisible();

  const automation = page.getByRole('form', { name: 'Route Automation Preferences' });
  await expect(automation.getByRole('slider', { name: 'Days in advance' })).toHaveCount(0);
  await automation.getByRole('switch', { name: /Enabled/ }).check({ force: true });
  await expect(automation.getByText('Days in Advance: 14')).toBeVisible();
  const days = automation.getByRole('slider', { name: 'Days in advance' });
  await days.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(automation.getByText('Days in Advance: 12')).toBeVisible();
  await automation.getByRole('combobox', { name: 'Optimise By' }).selectOption('preferred');
  await automation.getByRole('button', { name: 'Save' }).click();
  await expect(automation.getByText('Settings saved successfully')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'settings-routes');

  // Saved: a fresh load shows them.
  await page.reload();
  await expect(page.getByText('Time 70%, Distance 30%')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Travel Contingency/ })).toHaveValue('3');
  await expect(page.getByText('Days in Advance: 12')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Optimise By' })).toHaveValue('preferred');
  const savedBalance = page.getByRole('combobox', { name: /Workload balance/ });
  await expect(savedBalance).toHaveValue('strong');
  // Back to the default, which the day planner's journeys on this worker's server plan with.
  await savedBalance.selectOption('Some');
  await page
    .getByRole('form', { name: 'Optimisation Preferences' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();

  // The run history may already hold runs (run-now.spec.ts can run before this on the worker's server): this run
  // adds one row to them.
  const runNowRows = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Run now' }) });
  await expect(page.getByRole('columnheader', { name: 'Trigger' })).toBeVisible();
  const runsBefore = await runNowRows.count();
  await page.getByRole('button', { name: 'Run now' }).click();
  // Run now asks first, with what it would publish (e2e/run-now.spec.ts looks at that dialog).
  await page
    .getByRole('dialog', { name: 'Run route automation now?' })
    .getByRole('button', { name: /^Publish \d+ visits?$/ })
    .click({ timeout: 60_000 });
  // Answered at once with the run going: the list shows it running until it ends.
  await expect(page.getByText(/^Ordering and publishing the rounds\.\.\./)).toBeVisible();
  await keepScreenshot(page, 'settings-routes-running', { fullPage: true });
  await expect(
    page.getByText(/^Run (succeeded|partly failed|failed): \d+ rounds, \d+ days, \d+ visits changed\./),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('No runs yet.')).toHaveCount(0);
  await expect(runNowRows).toHaveCount(runsBefore + 1);
  await keepScreenshot(page, 'settings-routes-run', { fullPage: true });

  // Back to the demo's automation preferences, which run-now.spec.ts on this worker's server expects.
  const restored = page.getByRole('form', { name: 'Route Automation Preferences' });
  await restored.getByRole('slider', { name: 'Days in advance' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(restored.getByText('Days in Advance: 14')).toBeVisible();
  await restored.getByRole('combobox', { name: 'Optimise By' }).selectOption('optimal');
  await restored.getByRole('switch', { name: /Enabled/ }).uncheck({ force: true });
  await restored.getByRole('button', { name: 'Save' }).click();
  await expect(restored.getByText('Settings saved successfully')).toBeVisible();
});

test('a normal user reorders a round’s preferred delivery order and sees nothing else', async ({ page }) => {
  // The page's timers on the test's clock: the saved message's 3 s (docs/product-rules.md) pass at once.
  await page.clock.install();
  await logIn(page, demo.user);
  await page.goto('/settings/rounds/');
  await expect(page.getByRole('heading', { name: 'Preferred Round Delivery Order' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delivery Rounds' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Round' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Routes' }),
  ).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Round' }).selectOption({ label: 'St George' });
  const list = page.getByRole('list', { name: 'Delivery order' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const before = await readOrder(list);
  expect(before.length).toBeGreaterThan(3);
  const [first = '', second = '', third = ''] = before;

  // Keyboard: the first client moves down one place.
  await list.getByRole('button', { name: `Move ${first} down` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => readOrder(list)).toEqual([second, first, third, ...before.slice(3)]);
  // Mouse: the third client is dragged to the top.
  await list.getByRole('listitem').nth(2).dragTo(list.getByRole('listitem').nth(0));
  const expected = [third, second, first, ...before.slice(3)];
  await expect.poll(() => readOrder(list)).toEqual(expected);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await keepScreenshot(page, 'settings-rounds-user');
  await page.clock.fastForward(3_000);
  await expect(page.getByText('Settings saved successfully')).toBeHidden();

  // The server lists the round's clients in the saved order.
  await page.reload();
  await page.getByRole('combobox', { name: 'Round' }).selectOption({ label: 'St George' });
  await expect.poll(() => readOrder(page.getByRole('list', { name: 'Delivery order' }))).toEqual(expected);
});

test('the admin rounds tab is accessible', async ({ page }) => {
  await logIn(page, demo.admin);
  await page.goto('/settings/rounds/');
  await expect(page.getByRole('heading', { name: 'Delivery Rounds' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Round' }).selectOption({ label: 'Inner West' });
  await expect(
    page.getByRole('list', { name: 'Delivery order' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'settings-rounds-admin');
  await page.getByRole('button', { name: 'Edit Inner West' }).click();
  // Checked once the dialog has finished coming in: mid-transition its text is faded.
  await expect(page.getByRole('dialog', { name: 'Edit Round' })).toHaveCSS('opacity', '1');
  await expectAccessible(page);
});
