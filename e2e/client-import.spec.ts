import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { getFunderMonthOf } from '../src/domain/funder-month';
import { formatDayMonthYear } from '../src/domain/weeks';
import { expect, expectAccessible, test } from './support/fixtures';
import { createNoSourceAdmin } from './support/no-source-account';
import { findWeekdayAhead, openPanel, printDriverSheet, roundToday, showRound } from './support/rounds';
import { keepScreenshot } from './support/screenshots';

const header = 'Client ID,name,phone,address,city,state,zip,round,plan,delivery_instructions,programme';
const mary = 'RM-1,Mary Jones,0412 345 678,14 Smith Street,Newtown,NSW,2042,Riverside,MTWTFSS,Side door,CHSP';
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

test('a new account without a CRM imports clients from a CSV, fixes a bad row, sees the week’s rounds, prints a driver sheet, exports them, and downloads the month’s DEX file', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await createNoSourceAdmin(page, test.info(), 'Riverside Meals');
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
  const roundId = ((await saved.json()) as { data: { rounds: { id: number }[] } }).data.rounds[0]?.id ?? 0;
  const findClientId = async (name: string) => {
    const list = await request.get('/api/clients', { headers });
    const rows = ((await list.json()) as { data: { client_id: number; name: string }[] }).data;
    return rows.find((row) => row.name === name)?.client_id ?? 0;
  };
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
  expect(text).toContain('RM-1,Mary Jones,0412 345 678,14 Smith Street,Newtown,NSW,2042,Riverside,MTWTFSS');
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

  // A meal delivered today, as the office records it (the funding details, a meal chosen, the visit completed),
  // so the funder's file of this month has a session for Mary.
  const maryId = await findClientId('Mary Jones');
  const funding = await request.put(`/api/clients/${String(maryId)}/funding`, {
    headers,
    data: {
      programme: 'CHSP',
      fee_per_meal_cents: 850,
      birth_date: '01-03-1940',
      is_birth_date_estimate: false,
      gender_code: 'FEMALE',
      country_of_birth_code: '1101',
      language_code: '1201',
      atsi_code: 'NO',
      dva_card_status_code: 'NOCARD',
      accommodation_type_code: 'OWNED',
      household_composition_code: 'ALONE',
      has_carer: false,
      has_disabilities: false,
      consent_to_provide_details: true,
      consented_for_future_contacts: false,
    },
  });
  expect(funding.status(), 'Mary’s funding details').toBe(200);
  const meal = await request.post('/api/meals/meals', { headers });
  const { key } = ((await meal.json()) as { data: { key: string } }).data;
  const chosen = await request.put(`/api/clients/${String(maryId)}`, {
    headers,
    data: { meal_choices: { [formatDayMonthYear(roundToday)]: { [key]: 1 } } },
  });
  expect(chosen.status(), 'a meal chosen for today').toBe(200);
  const day = await request.get(`/api/rounds/${String(roundId)}/visits/${roundToday}`, { headers });
  const visits = ((await day.json()) as { data: { id: number; client: { name: string } }[] }).data;
  const visit = visits.find((row) => row.client.name === 'Mary Jones');
  expect(visit, 'Mary’s visit today').toBeDefined();
  const completed = await request.post('/api/visits/complete', { headers, data: [visit?.id] });
  expect(completed.status(), 'today’s visit completed').toBe(200);

  // The funder's file: this month's DEX export downloads, with Mary's session.
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'Funder Monthly' })
    .click();
  await expect(page.getByRole('heading', { name: 'Funder Monthly', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Month' }).selectOption(getFunderMonthOf(roundToday));
  await page.getByRole('textbox', { name: 'Outlet Activity ID' }).fill('41234');
  await page.getByRole('textbox', { name: 'Service Type ID' }).fill('7');
  const dex = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export DEX XML' }).click();
  const dexFile = await dex;
  expect(dexFile.suggestedFilename()).toMatch(/^dex-\d{4}-\d{2}\.xml$/);
  const xml = await readFile(await dexFile.path(), 'utf8');
  expect(xml).toContain('<DEXFileUpload>');
  expect(xml).toContain('<GenderCode>FEMALE</GenderCode>');
  await expectAccessible(page);
});
