import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { getFunderMonthOf, getPreviousFunderMonth } from '../src/domain/funder-month';
import { getTodayIn } from '../src/domain/today';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';

/*
 * Funder reports on the demo data: a client with meals delivered (the demo's completed visits) is made CHSP with
 * its Data Exchange details on the client screen, then the Funder Monthly tab shows it, exports the DEX file (a
 * download) and closes and re-opens the last month. "Today" is Sydney's.
 */
const today = getTodayIn('Australia/Sydney');
const dataTimeout = { timeout: 30_000 };

type FunderReport = { clients: { client_id: number; name: string; delivered: number }[] };

/**
 * A demo client with meals delivered (the demo's past visits are completed), this month or else last month, read
 * through the API: nothing is changed for it, so journeys sharing the worker's server see the demo as seeded.
 */
async function findDeliveredClient(request: APIRequestContext) {
  const login = await request.post('/api/users/login', {
    data: { username: demo.user, password: demo.password },
  });
  const { jwt } = ((await login.json()) as { data: { jwt: string } }).data;
  for (const month of [getFunderMonthOf(today), getPreviousFunderMonth(today)]) {
    const report = await request.get(`/api/reports/funder_monthly?month=${month}`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    const { clients } = ((await report.json()) as { data: FunderReport }).data;
    const client = clients.find((row) => row.delivered > 0);
    if (client) return { month, client };
  }
  throw new Error('no demo client with meals delivered this month or last');
}

async function selectCode(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

test('a client made CHSP shows on Funder Monthly; the DEX file downloads; a past month closes and re-opens', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { month, client } = await findDeliveredClient(request);
  await logIn(page, demo.user);

  // The client's Funding section.
  await page.goto(`/client/${String(client.client_id)}/`);
  const funding = page.getByRole('region', { name: 'Funding' });
  await expect(funding.getByText('SLK-581:')).toBeVisible(dataTimeout);
  await funding.getByRole('combobox', { name: 'Programme' }).selectOption({ label: 'CHSP' });
  await funding.getByRole('textbox', { name: 'Fee per Meal ($)' }).fill('8.50');
  await funding.getByRole('textbox', { name: 'Birth Date' }).fill('1940-03-01');
  await selectCode(page, 'Gender', 'Female');
  await selectCode(page, 'Country of Birth', 'Australia');
  await selectCode(page, 'Language Spoken at Home', 'English');
  await selectCode(
    page,
    'Aboriginal or Torres Strait Islander Origin',
    'Not Aboriginal or Torres Strait Islander',
  );
  await expect(funding.getByText('Unsaved changes')).toBeVisible();
  await funding.getByRole('button', { name: 'Save Funding' }).click();
  await expect(funding.getByText('Use DD-MM-YYYY.')).toBeVisible();
  await funding.getByRole('textbox', { name: 'Birth Date' }).fill('01-03-1940');
  await funding.getByRole('button', { name: 'Save Funding' }).click();
  await expect(funding.getByRole('status')).toHaveText('Funding details saved.');
  await expect(funding.getByText(/^SLK-581: [A-Z29]{5}010319402$/)).toBeVisible();
  await keepScreenshot(funding, 'client-funding');
  await expectAccessible(page);

  // The Funder Monthly tab, on the month of the delivered meals.
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'Funder Monthly' })
    .click();
  await expect(page.getByRole('heading', { name: 'Funder Monthly', level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(getPreviousFunderMonth(today));
  await page.getByRole('combobox', { name: 'Month' }).selectOption(month);
  const byClient = page.getByRole('table', { name: `Funder monthly by client, ${month}` });
  const row = byClient
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: client.name, exact: true }) });
  await expect(row.getByRole('cell').first()).toHaveText('CHSP', dataTimeout);
  await expect(page.getByText('The figures may still change until the month is closed.')).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: `Funder monthly by programme, ${month}` })
      .getByRole('rowheader', { name: 'CHSP' }),
  ).toBeVisible();

  // The DEX export downloads the XML; clients left out are listed with links to them.
  await page.getByRole('textbox', { name: 'Outlet Activity ID' }).fill('41234');
  await page.getByRole('textbox', { name: 'Service Type ID' }).fill('7');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export DEX XML' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^dex-\d{4}-\d{2}\.xml$/);
  const xml = readFileSync(await file.path(), 'utf8');
  expect(xml).toContain('<DEXFileUpload>');
  expect(xml).toContain('<GenderCode>FEMALE</GenderCode>');
  await expect(
    page.getByRole('status').filter({ hasText: /^Exported \d+ clients?, \d+ cases? and \d+ sessions?\.$/ }),
  ).toBeVisible();
  await keepScreenshot(page, 'funder-monthly');
  await expectAccessible(page);

  // The last month is over: it closes (after a confirmation) and re-opens with a reason.
  const lastMonth = getPreviousFunderMonth(today);
  await page.getByRole('combobox', { name: 'Month' }).selectOption(lastMonth);
  await page.getByRole('button', { name: 'Close Month' }).click();
  const closeDialog = page.getByRole('dialog', { name: `Close ${lastMonth}` });
  await expect(closeDialog.getByText(/Closing freezes each client's meals/)).toBeVisible();
  await closeDialog.getByRole('button', { name: 'Close Month' }).click();
  await expect(page.getByText(/these figures are frozen\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Re-open Month' }).click();
  const reopenDialog = page.getByRole('dialog', { name: `Re-open ${lastMonth}` });
  await reopenDialog.getByRole('button', { name: 'Re-open Month' }).click();
  await expect(reopenDialog.getByText('Say why the month is opened again.')).toBeVisible();
  await expectAccessible(page);
  await reopenDialog.getByRole('textbox', { name: 'Reason' }).fill('A delivery was recorded late');
  await reopenDialog.getByRole('button', { name: 'Re-open Month' }).click();
  await expect(page.getByText('The figures may still change until the month is closed.')).toBeVisible();
});
