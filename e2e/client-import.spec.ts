import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test, waitForConfirmLink } from './support/fixtures';

const run = promisify(execFile);
const adminEmail = 'import-admin@riverside-meals.example';
const password = 'riverside-password-2026';

const header = 'Client ID,name,phone,address,city,state,zip,plan,delivery_instructions,programme';
const mary = 'RM-1,Mary Jones,0412 345 678,14 Smith Street,Newtown,NSW,2042,MTW-F--,Side door,CHSP';
const al = 'RM-3,Al Smith,,,,,,-----SS,,private';
const boWrong = 'RM-2,Bo Ng,,1 Nowhere Lane,Atlantis,,,MTWX---,,';
const boFixed = 'RM-2,Bo Ng,,1 Nowhere Lane,Atlantis,,,MTW----,,';

/** A new account (create-admin, as an operator runs it) whose admin sets a password and turns off the CRM. */
async function createLocalAccount(page: Page, dataDir: string) {
  await run(
    'npx',
    ['tsx', 'src/server/cli/create-admin.ts', '--account', 'Riverside Meals', '--username', adminEmail],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  const link = new URL(await waitForConfirmLink(adminEmail));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your registration was successful.', { exact: false })).toBeVisible();
  const login = await page.request.post('/api/users/login', { data: { username: adminEmail, password } });
  const { data } = (await login.json()) as { data: { jwt: string; account: { id: number } } };
  const saved = await page.request.put(`/api/accounts/${String(data.account.id)}`, {
    headers: { authorization: `Bearer ${data.jwt}` },
    data: { source_system: 'none' },
  });
  expect(((await saved.json()) as { meta: { error_code: number } }).meta.error_code).toBe(0);
}

async function chooseFile(page: Page, rows: string[]) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'riverside-clients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`, 'utf8'),
  });
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

test('a new account without a CRM imports clients from a CSV, fixes a bad row, and exports them', async ({
  page,
  e2eServer,
}) => {
  test.setTimeout(180_000);
  await createLocalAccount(page, e2eServer.dataDir);
  await logIn(page, adminEmail, password);

  await page.getByRole('link', { name: 'Import clients' }).click();
  await expect(page.getByRole('heading', { name: 'Import clients', level: 1 })).toBeVisible();
  // The columns are documented on the screen before any file is chosen.
  await expect(
    page.getByText('Delivery days, seven letters from Monday: MTW-F-- (a dash for no delivery).'),
  ).toBeVisible();
  await expectAccessible(page);

  await chooseFile(page, [mary, boWrong, al]);
  await expect(page.getByLabel('Column for name')).toHaveValue('1');
  await page.screenshot({ path: 'tmp/client-import-preview.png', fullPage: true });
  await checkAndImport(
    page,
    '3 rows: 2 new, 0 to update, 0 unchanged, 1 row with errors.',
    'Imported: 2 created, 0 updated, 0 unchanged.',
  );
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row', { name: /3 plan Use seven letters from Monday/ })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'tmp/client-import-errors.png', fullPage: true });

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
  await page.screenshot({ path: 'tmp/client-import-done.png', fullPage: true });

  await page.getByRole('link', { name: 'Back to Clients' }).click();
  for (const name of ['Al Smith', 'Bo Ng', 'Mary Jones'])
    await expect(page.getByRole('link', { name: `Edit ${name}`, exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('clients.csv');
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toContain('external_id,name,phone,address,city,state,zip,round,plan,labels');
  expect(text).toContain('RM-1,Mary Jones,0412 345 678,14 Smith Street,Newtown,NSW,2042,,MTW-F--');
  await page.screenshot({ path: 'tmp/client-import-list.png', fullPage: true });
});
