import type { APIRequestContext } from '@playwright/test';
import type { ClientListItem } from '../src/contracts/clients';
import type { Contact } from '../src/contracts/contacts';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/*
 * A client's contacts on the demo data: the CRM's contacts (synced with the clients from the simulator) show on the
 * client screen marked as from the CRM and read-only; a local contact is added (a bad phone number refused first),
 * changed and removed after a confirmation. The driver's phone page calls the client with a tap.
 */
const dataTimeout = { timeout: 30_000 };

/** A demo client on a round with a contact from the CRM, and that contact. */
async function findClientWithSourceContact(request: APIRequestContext, jwt: string) {
  const headers = { authorization: `Bearer ${jwt}` };
  const list = await request.get('/api/clients?page_size=100', { headers });
  const { data } = (await list.json()) as { data: ClientListItem[] };
  for (const client of data.filter((candidate) => candidate.round_id !== null)) {
    const answer = await request.get(`/api/clients/${String(client.client_id)}/contacts`, { headers });
    const contacts = ((await answer.json()) as { data: Contact[] }).data;
    const sourceContact = contacts.find((contact) => contact.source === 'crm' && contact.phone !== '');
    if (sourceContact) return { client, crm: sourceContact };
  }
  throw new Error('no demo client with a contact from the CRM');
}

test("the office keeps a client's contacts; the driver calls the client with a tap", async ({
  page,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // The refused phone number is a 400 answer, which the browser logs.
  allowConsoleError(/Failed to load resource.*400 \(Bad Request\).*\/contacts/);
  const jwt = await apiLogIn(page.request, demo.user);
  const { client, crm: sourceContact } = await findClientWithSourceContact(page.request, jwt);
  await logIn(page, demo.user);
  await page.goto(`/client/${String(client.client_id)}/`);
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Contacts' });
  const localName = 'Jo Helper';

  await test.step("the CRM's contacts show, marked and read-only", async () => {
    const card = panel.getByRole('listitem', { name: sourceContact.name });
    await expect(card).toContainText('From the CRM', dataTimeout);
    await expect(card.getByRole('link', { name: `Call ${sourceContact.phone}` })).toHaveAttribute(
      'href',
      `tel:${sourceContact.phone}`,
    );
    await expect(card.getByRole('button', { name: `Change ${sourceContact.name}` })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Remove ${sourceContact.name}` })).toHaveCount(0);
    await expect(panel.getByRole('switch', { name: /Wants delivery notices/ })).not.toBeChecked();
    await panel.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'contacts-panel', { fullPage: true });
    await expectAccessible(page);
  });

  await test.step('a local contact is added: a bad phone number is refused, a good one kept', async () => {
    await panel.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(localName);
    await dialog.getByRole('textbox', { name: 'Relationship' }).fill('Neighbour');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('12345');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('"12345" is not a valid phone number.')).toBeVisible();
    await keepScreenshot(page, 'contact-bad-phone');
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('0412 345 678');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const card = panel.getByRole('listitem', { name: localName });
    await expect(card).toContainText('Neighbour');
    await expect(card.getByRole('link', { name: 'Call +61412345678' })).toHaveAttribute(
      'href',
      'tel:+61412345678',
    );
    await expect(card).not.toContainText('From the CRM');
  });

  await test.step('the local contact is changed', async () => {
    await panel.getByRole('button', { name: `Change ${localName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Contact' });
    await expect(dialog.getByRole('textbox', { name: 'Phone' })).toHaveValue('+61412345678');
    await dialog.getByRole('textbox', { name: 'Relationship' }).fill('Friend');
    await dialog.getByRole('checkbox', { name: /Emergency contact/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const card = panel.getByRole('listitem', { name: localName });
    await expect(card).toContainText('Friend');
    await expect(card).toContainText('Emergency contact');
    await panel.getByRole('button', { name: `Move ${localName} up` }).click();
    await expect(panel.getByRole('listitem').last()).not.toHaveAccessibleName(localName);
  });

  await test.step('the local contact is removed after a confirmation', async () => {
    await panel.getByRole('button', { name: `Remove ${localName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Contact' });
    await expect(confirm).toContainText(`Remove ${localName} from this client's contacts?`);
    await confirm.getByRole('button', { name: 'Keep Contact' }).click();
    await expect(confirm).toBeHidden();
    await expect(panel.getByRole('listitem', { name: localName })).toBeVisible();
    await panel.getByRole('button', { name: `Remove ${localName}` }).click();
    await page
      .getByRole('dialog', { name: 'Remove Contact' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(panel.getByRole('listitem', { name: localName })).toHaveCount(0);
    await expect(panel.getByRole('listitem', { name: sourceContact.name })).toBeVisible();
  });

  await test.step("the driver's phone page calls a client with a tap", async () => {
    const date = findWeekdayAhead(0);
    const headers = { authorization: `Bearer ${jwt}` };
    const roundId = String(client.round_id);
    // Reading the round's day stores its visits, as the rounds screen does before a link is made.
    await page.request.get(`/api/rounds/${roundId}/visits/${date}?refresh=true`, { headers });
    const link = await page.request.post(`/api/rounds/${roundId}/driver_link`, { headers, data: { date } });
    const { url } = ((await link.json()) as { data: { url: string } }).data;
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      ...(baseURL ? { baseURL } : {}),
    });
    const phone = await context.newPage();
    await phone.goto(url);
    const call = phone.getByRole('link', { name: /^Call / }).first();
    await expect(call).toHaveAttribute('href', /^tel:\+?\d{8,15}$/, dataTimeout);
    const box = await call.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await keepScreenshot(phone, 'driver-call');
    await expectAccessible(phone);
    await context.close();
  });
});
