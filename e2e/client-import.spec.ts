import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatDayMonthYear } from '../src/domain/weeks';
import { expect, expectAccessible, test } from './support/fixtures';
import { createNoCrmAdmin } from './support/no-crm-account';
import { findWeekdayAhead, openPanel, printDriverSheet, showRound } from './support/rounds';
import { keepScreenshot } from './support/screenshots';

const header = 'Client ID,name,phone,address,city,state,zip,round,plan,delivery_instructions,programme';
const mary = 'RM-1,Mary Jones,0412 345 678,14 Smith Street,Newtown,NSW,2042,Riverside,MTWTF--,Side door,CHSP';
const al = 'RM-3,Al Smith,,,,,,,-----SS,,private';
const boFixed = 'RM-2,Bo Ng,,1 Nowhere Lane,Atlantis,,,,MTW----,,';

/** The first file as the office keeps it: an Excel workbook with the same three rows (Bo's plan wrong). */
const workbook = 'e2e/fixtures/riverside-clients.xlsx';

async function chooseFile(page: Page, rows: string[] | typeof workbook) {
  await page.locator('input[type="file"]').setInputFiles(
    typeof rows === 'string'
      ? workbook
      : {
          name: 'riverside-clients.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`, 'utf8'),
        },
  );
  await expect(page.getByRole('table', { name: 'Preview' })).toBeVisible();
  // "Client ID" is not an import column's name: the user says which field it is.
  await page.getByLabel('Column for external_id').selectOption({ label: 'Client ID' });
}

async function checkAndImport(page: Page, checked: string, imported: string) {
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText(checked)).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import clients?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(imported)).toBeVisible();
}

test('a new account without a CRM imports clients from a CSV, fixes a bad row, sees the week’s rounds, prints a driver sheet, exports them, and is told the DEX file has nothing yet', async ({
  page,
  request,
  allowConsoleError,
}) => {
  test.setTimeout(240_000);
  // The DEX export's refusal (nothing delivered yet) is code 6 (HTTP 409), which the browser logs.
  allowConsoleError(/status of 409 .*\/api\/exports\/dex/);
  const admin = await createNoCrmAdmin(page, test.info(), 'Riverside Meals');
  // Its first round, as an admin adds it in Settings > Rounds.
  const login = await request.post('/api/users/login', {
    data: { username: admin.username, password: admin.password },
  });
  const { data: session } = (await login.json()) as { data: { jwt: string; account: { id: number } } };
  const headers = { authorization: `Bearer ${session.jwt}` };
  const saved = await request.put(`/api/accounts/${String(session.account.id)}`, {
    headers,
    data: {
      rounds: [
        {
          name: 'Riverside',
          address: '1 King Street, Newtown NSW 2042',
          pickup_time: '10:00',
          timezone: 'Australia/Sydney',
        },
      ],
    },
  });
  expect(saved.status(), 'the round added').toBe(200);
  await page.reload();

  await page.getByRole('link', { name: 'Import clients' }).click();
  await expect(page.getByRole('heading', { name: 'Import clients', level: 1 })).toBeVisible();
  // The columns are documented on the screen before any file is chosen.
  await expect(
    page.getByText('Delivery days, seven letters from Monday: MTW-F-- (a dash for no delivery).'),
  ).toBeVisible();
  await expectAccessible(page);

  await chooseFile(page, workbook);
  await expect(page.getByLabel('Column for name')).toHaveValue('1');
  await keepScreenshot(page, 'client-import-preview', { fullPage: true });
  await checkAndImport(
    page,
    '3 rows: 2 new, 0 to update, 0 unchanged, 1 row with errors.',
    'Imported: 2 created, 0 updated, 0 unchanged.',
  );
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row', { name: /3 plan Use seven letters from Monday/ })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'client-import-errors', { fullPage: true });

  // The corrected file: the two clients already in are unchanged, the fixed row comes in.
  await chooseFile(page, [mary, boFixed, al]);
  await checkAndImport(
    page,
    '3 rows: 1 new, 0 to update, 2 unchanged, 0 rows with errors.',
    'Imported: 1 created, 0 updated, 2 unchanged.',
  );
  await expect(page.getByRole('table', { name: 'Rows with errors' })).toHaveCount(0);
  // Imported all the same; the address is flagged.
  await expect(page.getByRole('table', { name: 'Addresses to check' })).toContainText(
    "The address '1 Nowhere Lane, Atlantis' cannot be placed on the map",
  );
  await keepScreenshot(page, 'client-import-done', { fullPage: true });

  await page.getByRole('link', { name: 'Back to Clients' }).click();
  for (const name of ['Al Smith', 'Bo Ng', 'Mary Jones'])
    await expect(page.getByRole('link', { name: `Edit ${name}`, exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('clients.csv');
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toContain('external_id,name,phone,address,city,state,zip,round,plan,labels');
  expect(text).toContain('RM-1,Mary Jones,0412 345 678,14 Smith Street,Newtown,NSW,2042,Riverside,MTWTF--');
  await keepScreenshot(page, 'client-import-list', { fullPage: true });

  // The week's rounds: MealRounds made Mary's visits from her plan on her round; her driver sheet prints.
  const weekday = findWeekdayAhead(1);
  await page.getByRole('link', { name: 'Rounds', exact: true }).first().click();
  await showRound(page, 'Riverside', weekday);
  const panel = await openPanel(page, weekday);
  await expect(panel.getByRole('link', { name: 'Mary Jones', exact: true })).toBeVisible();
  await keepScreenshot(page, 'client-import-round', { fullPage: true });
  const sheet = await printDriverSheet(page, panel);
  expect(sheet).toContain('Mary Jones');
  expect(sheet).toContain(formatDayMonthYear(weekday));

  // The funder's file: a new account has delivered nothing in the last month yet, and the DEX export says so in
  // words rather than offering an empty file (e2e/funder-report.spec.ts downloads one for the demo's deliveries).
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'Funder Monthly' })
    .click();
  await expect(page.getByRole('heading', { name: 'Funder Monthly', level: 2 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Outlet Activity ID' }).fill('41234');
  await page.getByRole('textbox', { name: 'Service Type ID' }).fill('7');
  await page.getByRole('button', { name: 'Export DEX XML' }).click();
  await expect(
    page.getByText(/^Nothing to export for \d{2}-\d{4}: no CHSP client with meals delivered\.$/),
  ).toBeVisible();
  await expectAccessible(page);
});
