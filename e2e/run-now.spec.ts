import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';

// The demo account's round automation is off, 14 days in advance: Run now would still order and publish once.
test('Run now shows what it would publish, says automation is off, and publishes only once confirmed', async ({
  page,
}) => {
  // The preview and the run each order 70 round days on the demo's CRM.
  test.setTimeout(240_000);
  await logIn(page, demo.admin);
  await page.goto('/settings/routes/');
  // The run history may already hold runs: settings-rounds.spec.ts can run before this on the worker's server.
  const runNowRows = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Run now' }) });
  await expect(page.getByRole('columnheader', { name: 'Trigger' })).toBeVisible();
  const runsBefore = await runNowRows.count();

  await page.getByRole('button', { name: 'Run now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run route automation now?' });
  await expect(dialog.getByText('Working out what the run would change...')).toBeVisible();
  const summary = dialog.getByText(
    /^Publishes new times for \d+ visits? on \d+ days? of \d+ rounds? \(5 rounds and 70 days checked\)\. The CRM gets the new times\.$/,
  );
  await expect(summary).toBeVisible({ timeout: 90_000 });
  await expect(dialog.getByText('Route automation is off')).toBeVisible();
  await expect(
    dialog.getByText('No daily run happens. Run now orders and publishes once, with the settings below.'),
  ).toBeVisible();
  await expect(
    dialog.getByText(/^Optimise by Optimal: \d\d-\d\d-\d{4} to \d\d-\d\d-\d{4} \(14 days in advance\)\.$/),
  ).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Changes by round' });
  await expect(table.getByRole('columnheader')).toHaveText(['Round', 'Days', 'Visits Changed']);
  // The rounds' visits add up to the summary's figure.
  const visits = Number(/for (\d+) visit/.exec((await summary.textContent()) ?? '')?.[1]);
  const perRound = await table.locator('tbody tr td:nth-child(3)').allTextContents();
  expect(perRound.reduce((sum, cell) => sum + Number(cell), 0)).toBe(visits);
  await expectAccessible(page);
  await keepScreenshot(page, 'run-now-confirm');

  // Cancel: no run.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(runNowRows).toHaveCount(runsBefore);

  // Confirmed: the run goes and ends with its figures in the list.
  await page.getByRole('button', { name: 'Run now' }).click();
  await dialog.getByRole('button', { name: /^Publish \d+ visits?$/ }).click({ timeout: 90_000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Ordering and publishing the rounds\.\.\./)).toBeVisible();
  await expect(page.getByText(/^Run succeeded: 5 rounds, 70 days, \d+ visits changed\.$/)).toBeVisible({
    timeout: 90_000,
  });
  await expect(runNowRows).toHaveCount(runsBefore + 1);
});
