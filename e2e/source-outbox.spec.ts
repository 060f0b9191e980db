import { getIsoWeekday } from '../src/domain/zoned-time';
import { demo, expect, logIn, test } from './support/fixtures';
import { findWeekdayAhead, openPanel, roundToday, setDemoSourceFaults, showRound } from './support/rounds';

test.afterEach(async ({ request }) => {
  await setDemoSourceFaults(request, null);
});

test('changes made while the CRM is down wait for it, and are done once it is back', async ({
  page,
  request,
}) => {
  // Waiting for the outbox's next attempt (its first backoff is 5 s) and the screen's next look (every 10 s).
  test.setTimeout(120_000);
  // Demo visits run Monday to Friday: on a weekday, today's visits are completed; on a weekend a coming visit
  // is moved and published instead (the CRM refuses to complete a visit of its future).
  const isWeekday = getIsoWeekday(roundToday) <= 5;
  const day = isWeekday ? roundToday : findWeekdayAhead(1);
  await logIn(page, demo.user);
  await page.getByRole('link', { name: 'Rounds', exact: true }).first().click();
  await showRound(page, 'Eastern Suburbs', day);
  const panel = await openPanel(page, day);

  await setDemoSourceFaults(request, { isDown: true });
  const names: string[] = [];
  if (isWeekday) {
    const checkboxes = panel.getByRole('checkbox');
    for (const index of [0, 1]) {
      names.push(((await checkboxes.nth(index).getAttribute('aria-label')) ?? '').replace(/^Complete /, ''));
    }
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await panel.getByRole('button', { name: 'Complete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Visits' });
    await dialog.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect(dialog.getByText('0 of 2 visits were marked as completed.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(dialog.getByText('Waiting for the care-management system')).toBeVisible();
    await expect(
      dialog.getByText(/waiting for the CRM .*It is kept and sent again automatically\./),
    ).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  } else {
    await panel
      .getByRole('button', { name: /^Move .+ down$/ })
      .first()
      .click();
    await panel.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Changes' });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog.getByText(/^0 of \d+ visits were published\.$/)).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText('Waiting for the care-management system')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  }
  // Each changed visit says it waits for the CRM; nothing says it was done.
  const waiting = panel.getByText('Waiting for the CRM', { exact: true });
  await expect(waiting.first()).toBeVisible();
  const waitingCount = await waiting.count();
  expect(waitingCount).toBeGreaterThanOrEqual(isWeekday ? 2 : 1);

  await setDemoSourceFaults(request, null);
  await expect(waiting).toHaveCount(0, { timeout: 60_000 });
  await expect(panel.getByText('Not in the CRM')).toHaveCount(0);
  // The completed visits stay completed: the CRM confirmed them.
  for (const name of names) {
    await expect(panel.locator('[data-status]').filter({ hasText: name })).toHaveAttribute(
      'data-status',
      'completed',
    );
  }
});
