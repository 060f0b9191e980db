import { addressUnplacedText } from '../src/domain/client-identity';
import { expect, expectAccessible, test } from './support/fixtures';
import { createNoSourceAdmin } from './support/no-source-account';
import { keepScreenshot } from './support/screenshots';

test('without a CRM, a user adds a client, sees its address flagged, fixes the address and discharges the client', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createNoSourceAdmin(page, test.info(), 'Local Clients Meals');
  // A name of its own, so a retry of this journey on the same server finds its own client.
  const name = `Zelda Local ${String(Date.now() % 100_000)}`;
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  // Nothing to sync from: the list never says it is refreshing from a CRM.
  await expect(page.getByText('Refreshing from the CRM...')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Client' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(dialog.getByText("Enter the client's name.")).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Phone').fill('0412 345 678');
  await dialog.getByLabel('Address').fill('1 Nowhere Lane');
  await dialog.getByLabel('City').fill('Atlantis');
  await dialog.getByLabel('State').fill('qld');
  await dialog.getByLabel('Postcode').fill('499');
  await expect(dialog.getByText('Use a four-digit postcode, e.g. 2042; or leave it empty.')).toBeVisible();
  await dialog.getByLabel('Postcode').fill('4999');
  await expectAccessible(page);
  await keepScreenshot(page, 'local-clients-add');
  await dialog.getByRole('button', { name: 'Add Client' }).click();

  // The new client's screen: the address the maps could not place is flagged.
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(addressUnplacedText)).toBeVisible();
  await expect(page.getByText('No map position is known for this address.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Maintained in the CRM' })).toHaveCount(0);
  const details = page.getByRole('region', { name: 'Client Details' });
  await expect(details.getByLabel('Phone')).toHaveValue('0412 345 678');
  await expect(details.getByLabel('State')).toHaveValue('QLD');
  await expectAccessible(page);
  await keepScreenshot(page, 'local-clients-unplaced', { fullPage: true });

  // The address fixed: placed on the map, the flag gone.
  await details.getByLabel('Address').fill('14 Smith Street');
  await details.getByLabel('City').fill('Newtown');
  await details.getByLabel('State').fill('NSW');
  await details.getByLabel('Postcode').fill('2042');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByText('Client updated successfully.')).toBeVisible();
  await expect(page.getByText(addressUnplacedText)).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Map of 14 Smith Street, Newtown NSW 2042' })).toBeVisible();
  await keepScreenshot(page, 'local-clients-placed', { fullPage: true });

  // Discharged, never deleted: the list still shows the client, with its status.
  await details.getByLabel('Status').selectOption({ label: 'Discharged' });
  await details.getByRole('button', { name: 'Save and Close' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('table', { name: 'Clients' }).locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Discharged')).toBeVisible();
  await expect(row.getByText('14 Smith Street')).toBeVisible();
  await keepScreenshot(page, 'local-clients-list');
});
