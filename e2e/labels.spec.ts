import { mkdir, writeFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { extractPdfText } from '../src/server/testing/pdf-text';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/** Set E2E_LABELS_DIR to keep the label sheets this journey prints, to look at (pdftoppm -png -r 80). */
const keepFolder = process.env.E2E_LABELS_DIR;

async function keepLabelSheet(name: string, pdf: Buffer) {
  if (!keepFolder) return;
  await mkdir(keepFolder, { recursive: true });
  await writeFile(`${keepFolder}/${name}`, pdf);
}

type Envelope<T> = { data: T };

function decodeAccountId(jwt: string): number {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
    account_id: number;
  };
  return payload.account_id;
}

/** The demo round's label sheet for a day, printed through the API as the rounds screen does. */
async function printLabels(request: APIRequestContext, roundName: string, date: string): Promise<Buffer> {
  const jwt = await apiLogIn(request, demo.user);
  const headers = { authorization: `Bearer ${jwt}` };
  const account = await request.get(`/api/accounts/${String(decodeAccountId(jwt))}`, { headers });
  const { rounds } = ((await account.json()) as Envelope<{ rounds: { id: number; name: string }[] }>).data;
  const round = rounds.find((candidate) => candidate.name === roundName);
  expect(round, roundName).toBeDefined();
  const visits = await request.get(`/api/rounds/${String(round?.id)}/visits/${date}`, { headers });
  const events = ((await visits.json()) as Envelope<unknown[]>).data;
  const printed = await request.post('/api/print/round', {
    headers,
    data: { round: round?.id, date, format: 'meal_labels', events },
  });
  expect(printed.status()).toBe(200);
  const { url } = ((await printed.json()) as Envelope<{ url: string }>).data;
  const pdf = await request.get(url);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  return pdf.body();
}

test('Label Printing in Settings > Meals: the chosen sheet, offset and use-by days print on the labels', async ({
  page,
  request,
}) => {
  await logIn(page, demo.user);
  await page.goto('/settings/meals/');
  const form = page.getByRole('form', { name: 'Label Printing' });
  await expect(form.getByLabel('Label Sheet')).toHaveValue('L7160');
  await expect(form.getByLabel('Frozen')).toHaveValue('90');

  await form
    .getByLabel('Label Sheet')
    .selectOption({ label: 'US Letter, 30 labels, 2 5/8 x 1 in (Avery 5160)' });
  const right = form.getByLabel('Printer Offset Right (mm)');
  await right.fill('12');
  await expect(form.getByText('Enter millimetres from -10 to 10, at most one decimal.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  // The value stays as typed, never changed silently.
  await expect(right).toHaveValue('12');
  await right.fill('1.5');
  const hot = form.getByLabel('Hot');
  await hot.fill('-1');
  await expect(form.getByText('Enter a whole number of days from 0 to 365.')).toBeVisible();
  await hot.fill('0');
  await expect(form.getByText('Enter a whole number of days from 0 to 365.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Settings saved successfully')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(form, 'settings-label-printing');

  // The sheet of a demo round's next weekday: US Letter, hot meals used by the delivery date itself.
  const date = findWeekdayAhead(1);
  const [year, month, day] = date.split('-');
  const pdf = await printLabels(request, 'Inner West', date);
  await keepLabelSheet('inner-west-5160.pdf', pdf);
  expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
  const text = (await extractPdfText(pdf)).replace(/\s+/g, ' ');
  expect(text).toContain(`Hot - Use by ${day ?? ''}-${month ?? ''}-${year ?? ''}`);
  expect(text).toContain('Reheat:');
  expect(text).not.toContain('…');

  // Back to the default sheet, so the account is as the demo left it.
  await form.getByLabel('Label Sheet').selectOption('L7160');
  await right.fill('0');
  await hot.fill('1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Settings saved successfully')).toBeVisible();
  await keepLabelSheet('inner-west-L7160.pdf', await printLabels(request, 'Inner West', date));
});

test('the meal dialog edits reheating instructions, with the limit said inline', async ({ page }) => {
  const meal = 'Minced Beef and Gravy (Minced & Moist)';
  await logIn(page, demo.user);
  await page.getByRole('navigation').getByRole('link', { name: 'Meals' }).first().click();
  const filters = page.getByRole('form', { name: 'Meal filters' });
  await filters.getByLabel('Search').fill('Minced Beef');
  await filters.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Edit ${meal}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Menu Item' });
  const reheating = dialog.getByLabel('Reheating Instructions');
  // The demo's instructions for a hot, texture-modified meal.
  await expect(reheating).toHaveValue(/^Best eaten on delivery\..*no hard pieces or lumps before serving\.$/);
  const demoText = await reheating.inputValue();
  await reheating.fill('x'.repeat(501));
  await expect(dialog.getByText('Use at most 500 characters (this has 501).')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Menu Item' })).toBeDisabled();
  await reheating.fill(`${demoText} Serve on a warm plate.`);
  await dialog.getByRole('button', { name: 'Save Menu Item' }).click();
  await expect(dialog.getByText('Menu item saved.')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(dialog, 'meal-dialog-reheating');
  // Back as the demo had it.
  await reheating.fill(demoText);
  await dialog.getByRole('button', { name: 'Save Menu Item' }).click();
  await expect(dialog.getByText('Menu item saved.')).toBeVisible();
});
