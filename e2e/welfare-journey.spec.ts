import type { APIRequestContext, Page } from '@playwright/test';
import type { DriverRun } from '../src/contracts/driver';
import type { WelfareSettings } from '../src/contracts/welfare';
import { makeDriverLink, readClientContacts } from './support/driver-link';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures';
import { keepScreenshot } from './support/screenshots';
import { findWeekdayAhead } from './support/rounds';

/*
 * A welfare check through all its steps on the demo account, whose messages go to the Twilio simulator this server
 * serves under /demo-sms: an admin sets the message-the-contacts step to 0 minutes, a driver records "Not home",
 * the office calls the client (no answer), the step runner texts the emergency contact with the welfare template,
 * the contact replies OK through the simulator, the board shows the answer and the office resolves the check as
 * safe. The journey puts the steps back as it found them, whatever ran before it on this server.
 */

const roundName = 'North Shore';
const runDate = findWeekdayAhead(0);
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const simulatorAuth = `Basic ${Buffer.from('AC00000000000000000000000000000de0:demo-auth-token').toString('base64')}`;
/** The step runner runs every second on the journeys' servers (WELFARE_STEPS_INTERVAL_MS); the board every 30 s. */
const boardPoll = { timeout: 45_000 };

type SimulatedMessage = { to: string; from: string; body: string };

/** An open stop of the run whose client has an emergency contact with a mobile number (the last such stop). */
async function findStopWithMobileContact(request: APIRequestContext, run: DriverRun, jwt: string) {
  const open = run.stops.filter((stop) => stop.status === 'scheduled' && stop.outcome === null).reverse();
  for (const stop of open) {
    const contacts = await readClientContacts(request, jwt, stop.client.name);
    const contact = contacts.find((entry) => entry.is_emergency && entry.phone.startsWith('+614'));
    if (contact) return { stop, contact };
  }
  throw new Error('no open stop whose client has an emergency contact with a mobile number');
}

async function readWelfareSettings(request: APIRequestContext, jwt: string): Promise<WelfareSettings> {
  const answer = await request.get('/api/settings/welfare', { headers: { authorization: `Bearer ${jwt}` } });
  return ((await answer.json()) as { data: WelfareSettings }).data;
}

async function readSimulatorMessages(request: APIRequestContext): Promise<SimulatedMessage[]> {
  const response = await request.get('/demo-sms/_simulator/messages', {
    headers: { authorization: simulatorAuth },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: SimulatedMessage[] }).messages;
}

/** Sets the step that texts the contacts to 0 minutes, moving it up to just after calling the client. */
async function textContactsAtOnce(page: Page, settings: WelfareSettings) {
  await logIn(page, demo.admin);
  await page.goto('/settings/welfare/');
  const form = page.getByRole('form', { name: 'Welfare checks' });
  const steps = form.getByRole('table', { name: 'Steps' });
  await expect(steps.getByRole('combobox', { name: 'Step 1 action' })).toHaveValue('call_client');
  let number = settings.steps.findIndex((step) => step.action === 'message_contacts') + 1;
  if (number === 0) {
    await form.getByRole('button', { name: 'Add a step' }).click();
    number = settings.steps.length + 1;
    await steps
      .getByRole('combobox', { name: `Step ${String(number)} action` })
      .selectOption('message_contacts');
  }
  for (; number > 2; number -= 1)
    await steps.getByRole('button', { name: `Move step ${String(number)} up` }).click();
  await expect(steps.getByRole('combobox', { name: 'Step 2 action' })).toHaveValue('message_contacts');
  await steps.getByRole('textbox', { name: 'Step 2 minutes' }).fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
}

test('a welfare check runs through its steps: the contact is texted, replies OK, and the office resolves it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const { path, run, jwt } = await makeDriverLink(request, roundName, runDate);
  const { stop, contact } = await findStopWithMobileContact(request, run, jwt);
  const clientName = stop.client.name;
  const original = await readWelfareSettings(request, jwt);
  const card = page.getByRole('region', { name: clientName });
  const attempts = card.getByRole('list', { name: `Attempts for ${clientName}` });

  try {
    await test.step('an admin has the contacts texted at once in Settings > Welfare checks', async () => {
      await textContactsAtOnce(page, original);
    });

    await test.step('the driver records Not home on the phone page', async () => {
      const context = await browser.newContext({ ...phone, ...(baseURL ? { baseURL } : {}) });
      try {
        const phonePage = await context.newPage();
        await phonePage.goto(path);
        const stopCard = phonePage.locator('li', {
          has: phonePage.locator(`#stop-${String(stop.visit_id)}`),
        });
        await stopCard.getByRole('button', { name: 'Not home', exact: true }).tap();
        await stopCard.getByRole('button', { name: 'Save Not home' }).tap();
        await expect(stopCard.getByText(/^Not home at \d{2}:\d{2}/)).toBeVisible();
        await expect(phonePage.getByText('All outcomes sent.')).toBeVisible();
      } finally {
        await context.close();
      }
    });

    await test.step('the check is on the board with calling the client due', async () => {
      await page.goto('/alerts');
      await expect(page.getByRole('heading', { level: 1, name: 'Welfare checks' })).toBeVisible();
      await expect(card.getByText('Due now: Call the client')).toBeVisible();
      await expect(card.getByText(contact.name).first()).toBeVisible();
    });

    await test.step('the office records a call to the client that nobody answered', async () => {
      await card.getByRole('button', { name: `Record an attempt for ${clientName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Record an attempt' });
      await dialog.getByRole('textbox', { name: /Who was tried/ }).fill(clientName);
      await dialog.getByRole('combobox', { name: 'How' }).selectOption('phone');
      await dialog.getByRole('combobox', { name: 'Result' }).selectOption('no_answer');
      await dialog.getByRole('button', { name: 'Record' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(attempts).toContainText(`${demo.admin} · Phone call · ${clientName} · No answer`);
    });

    await test.step('the step runner texts the emergency contact with the welfare message', async () => {
      await expect(async () => {
        await page.reload();
        await expect(attempts).toContainText(`Automatic · SMS · ${contact.phone}`, { timeout: 2_000 });
      }).toPass(boardPoll);
      // The attempt is recorded when the message is queued; the messages outbox then hands it to the simulator.
      const welfareText = new RegExp(
        `^Hello ${contact.name}, ${clientName} did not answer the door for their meal at \\d{2}:\\d{2} today\\. ` +
          'Please check on them and reply OK when they are safe\\.$',
      );
      await expect
        .poll(async () =>
          (await readSimulatorMessages(page.request)).filter((message) => message.to === contact.phone),
        )
        .toEqual([expect.objectContaining({ body: expect.stringMatching(welfareText) })]);
    });

    await test.step('the contact replies OK through the simulator and the board shows the answer', async () => {
      const reply = await page.request.post('/demo-sms/_simulator/reply', {
        headers: { authorization: simulatorAuth },
        data: { from: contact.phone, body: 'OK' },
      });
      expect(await reply.json()).toEqual({ status: 200 });
      await expect(async () => {
        await page.reload();
        await expect(attempts).toContainText(`${contact.name} · SMS · ${contact.phone} · Answered · OK`, {
          timeout: 2_000,
        });
      }).toPass(boardPoll);
      await expectAccessible(page);
      await keepScreenshot(page, 'board-answered', { fullPage: true });
    });

    await test.step('the office resolves it as safe with a note', async () => {
      await card.getByRole('button', { name: `Resolve ${clientName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Resolve Alert' });
      await dialog.getByRole('combobox', { name: /^What was found/ }).selectOption('safe');
      await dialog.getByRole('textbox', { name: /^What was done/ }).fill(`${contact.name} texted back OK.`);
      await dialog.getByRole('button', { name: 'Resolve' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toHaveCount(0);
      await page.getByText('Resolved', { exact: true }).click();
      const row = page
        .getByRole('table', { name: 'Resolved checks' })
        .getByRole('row')
        .filter({ hasText: `${contact.name} texted back OK.` });
      await expect(row).toContainText(clientName);
      await expect(row).toContainText('Safe');
      await expectAccessible(page);
    });
  } finally {
    // Other journeys on this server read the steps: leave them as they were.
    const restored = await request.put('/api/settings/welfare', {
      headers: { authorization: `Bearer ${jwt}` },
      data: original,
    });
    expect(restored.status()).toBe(200);
  }
});
