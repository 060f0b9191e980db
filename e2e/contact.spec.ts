import { expect, readWebhookPosts, test } from './support/fixtures';

const successText = 'Thank you for your message. We will get back to you as soon as possible.';
const failureText = 'There was an error sending your message. Please try again later.';

test.describe('contact form on the home page', () => {
  test('asks for a message before sending', async ({ page }) => {
    let contactCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) contactCalls += 1;
    });
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Jo Smith');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter a message before sending.')).toBeVisible();
    // A blank message is no message.
    await form.getByLabel('Message').fill('   ');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter a message before sending.')).toBeVisible();
    expect(contactCalls).toBe(0);
  });

  test('sends the message, thanks the sender and forwards it to the chat webhook', async ({ page }) => {
    const message = `Could we try MealRounds for our Tuesday rounds? (${Date.now()})`;
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByText('Not required, but without it we cannot reply to you.')).toBeVisible();
    await form.getByLabel('Name').fill('Jo Smith');
    await form.getByLabel('Email').fill('jo.smith@example.org');
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText(successText)).toBeVisible();
    // The form is cleared for the next message.
    await expect(form.getByLabel('Message')).toHaveValue('');

    await expect
      .poll(async () => (await readWebhookPosts()).find((post) => post.text.includes(message))?.text ?? '')
      .toContain('Contact:');
    const post = (await readWebhookPosts()).find((candidate) => candidate.text.includes(message))!;
    expect(post.text).toContain('Jo Smith');
    expect(post.text).toContain('jo.smith@example.org');
  });

  test('says so when the message cannot be sent, and keeps it', async ({ page, allowConsoleError }) => {
    // The stubbed failure below is logged by Chromium as a failed resource load.
    allowConsoleError(/status of 500 .*\/api\/contact/);
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ meta: { error_code: 99, message: 'Internal error' }, data: null }),
      }),
    );
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Message').fill('Hello from a broken network');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText(failureText)).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue('Hello from a broken network');
    await expect(form.getByText(successText)).toHaveCount(0);
  });

  test('says so when the network fails', async ({ page, allowConsoleError }) => {
    allowConsoleError(/net::ERR_FAILED.*\/api\/contact|Failed to load resource: net::ERR_FAILED/);
    await page.route('**/api/contact', (route) => route.abort('failed'));
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Message').fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText(failureText)).toBeVisible();
  });
});
