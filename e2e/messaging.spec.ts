import type { APIRequestContext } from '@playwright/test';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';

/*
 * Messages on the demo account, which sends to the Twilio simulator this server serves under /demo-sms: an admin
 * sets up Settings > Messages and sends a test message that the simulator receives; a user sends a client a message
 * and sees its status come back in the client's log.
 */
const simulatorAuth = `Basic ${Buffer.from('AC00000000000000000000000000000de0:demo-auth-token').toString('base64')}`;

type SimulatedMessage = { to: string; from: string; body: string; status: string };

async function readSimulatorMessages(request: APIRequestContext): Promise<SimulatedMessage[]> {
  const response = await request.get('/demo-sms/_simulator/messages', {
    headers: { authorization: simulatorAuth },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: SimulatedMessage[] }).messages;
}

/** A demo client with a mobile number (the demo CRM gives some a landline). */
async function findClientWithMobile(request: APIRequestContext) {
  const jwt = await apiLogIn(request, demo.user);
  const response = await request.get('/api/clients?page_size=100', {
    headers: { authorization: `Bearer ${jwt}` },
  });
  const { data } = (await response.json()) as { data: { client_id: number; name: string; phone: string }[] };
  const client = data.find((item) => /^04/.test(item.phone));
  if (!client) throw new Error('no demo client with a mobile number');
  return client;
}

test('an admin sets up Settings > Messages, previews a template and sends a test message', async ({
  page,
  request,
}) => {
  await logIn(page, demo.admin);
  await page.goto('/settings/messages/');

  await expect(page.getByRole('heading', { name: 'Messages', level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('Twilio');
  await expect(page.getByRole('textbox', { name: 'Sender number' })).toHaveValue('+61491570006');
  await expect(page.getByPlaceholder('Leave empty to keep the stored token')).toHaveValue('');
  await expect(page.getByTestId('preview-notice')).toHaveText(
    'Preview: Your meal is on its way, about 11:30.',
  );

  const notice = page.getByRole('textbox', { name: 'Delivery notice' });
  await notice.fill('Hello {client_name}, your meal arrives about {time}.');
  await expect(page.getByTestId('preview-notice')).toHaveText(
    'Preview: Hello Margaret Smith, your meal arrives about 11:30.',
  );
  await notice.fill('Hello {clientname}');
  await expect(page.getByText('Unknown placeholder {clientname}.')).toBeVisible();
  await notice.fill('Your meal is on its way, about {time}.');
  await page
    .getByRole('checkbox', { name: /No delivery notices or driver reminders in the quiet hours/ })
    .check();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('21:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Phone number' }).fill('0491 570 158');
  await page.getByRole('button', { name: 'Send a test message' }).click();
  await expect(page.getByText('Test message queued to +61491570158.')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'settings-messages', { fullPage: true });

  await expect
    .poll(async () =>
      (await readSimulatorMessages(request)).filter((message) => message.to === '+61491570158'),
    )
    .toMatchObject([
      { from: '+61491570006', body: 'This is a test message from MealRounds.', status: 'delivered' },
    ]);

  // Put the demo's quiet hours back as they were (none).
  await page
    .getByRole('checkbox', { name: /No delivery notices or driver reminders in the quiet hours/ })
    .uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully' })).toBeVisible();
});

test('a user sends a client a message and sees it delivered in the log', async ({ page, request }) => {
  // The client screen is a large page for the two accessibility scans.
  test.setTimeout(150_000);
  const client = await findClientWithMobile(request);
  await logIn(page, demo.user);
  await page.goto(`/client/${String(client.client_id)}`);

  const log = page.getByRole('region', { name: 'Messages' });
  await expect(log.getByText('Loading...')).toBeHidden();
  await log.getByRole('button', { name: 'Send a message' }).click();
  const dialog = page.getByRole('dialog', { name: `Send a message to ${client.name}` });
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('Your driver is running about 20 minutes late today.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();

  const row = log.getByRole('row').filter({ hasText: 'Your driver is running about 20 minutes late today.' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('To +61');
  await expectAccessible(page);
  await keepScreenshot(log, 'client-messages');

  const received = await readSimulatorMessages(request);
  expect(
    received.filter((message) => message.body === 'Your driver is running about 20 minutes late today.'),
  ).toHaveLength(1);
});
