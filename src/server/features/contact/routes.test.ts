import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contracts/envelope';
import { contactMessages } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { formatContactChatText } from './chat-message';
import { contactSuccessMessage } from './routes';

const webhook = { server: null as Server | null, url: '', status: 200, texts: [] as string[] };
let t: TestApp;
let clientNumber = 0;

function startWebhook(): Promise<void> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (webhook.status < 300) {
        webhook.texts.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: string }).text);
      }
      response.writeHead(webhook.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  webhook.server = server;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      webhook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/chat`;
      resolve();
    });
  });
}

/** Each test posts from its own address so the per-IP limit of one test does not leak into another. */
async function postContact(body: unknown, remoteAddress = `10.0.0.${(clientNumber += 1)}`) {
  const response = await t.server.inject({
    method: 'POST',
    url: '/api/contact',
    payload: body as object,
    remoteAddress,
  });
  return { status: response.statusCode, body: response.json() as Envelope<{ id: number } | null> };
}

async function countStored() {
  return (await t.db.select({ id: contactMessages.id }).from(contactMessages)).length;
}

beforeAll(async () => {
  await startWebhook();
  t = await createTestApp({ CONTACT_WEBHOOK_URL: webhook.url });
});

afterAll(async () => {
  await t.close();
  webhook.server?.closeAllConnections();
  await new Promise<void>((resolve) => webhook.server?.close(() => resolve()));
});

beforeEach(() => {
  webhook.status = 200;
  webhook.texts = [];
});

describe('POST /api/contact', () => {
  it('stores and forwards the message without a login and answers 201 with the thank-you message', async () => {
    const body = { name: 'Jo', email: 'jo@example.com', message: 'Hello\nDo you cover Ryde?' };

    const result = await postContact(body);

    expect(result.status).toBe(201);
    expect(result.body.meta).toEqual({ error_code: 0, message: contactSuccessMessage });
    const id = result.body.data?.id ?? 0;
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Jo', email: 'jo@example.com', message: body.message });
    expect(row?.forwardedAt).not.toBeNull();
    expect(webhook.texts).toEqual([formatContactChatText(body)]);
  });

  it('accepts a message without name and email', async () => {
    const result = await postContact({ message: 'Just the message' });

    expect(result.status).toBe(201);
    expect(webhook.texts).toEqual([
      formatContactChatText({ name: '', email: '', message: 'Just the message' }),
    ]);
  });

  it('still answers 201 when the webhook fails, keeping the message for the retry job', async () => {
    webhook.status = 500;

    const result = await postContact({ message: 'Webhook is down' });

    expect(result.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, result.body.data?.id ?? 0));
    expect(row).toMatchObject({ forwardedAt: null, attempts: 1 });
  });

  it.each([
    { title: 'an empty message', body: { name: 'Jo', message: '   ' }, field: 'message' },
    { title: 'a missing message', body: { name: 'Jo' }, field: 'message' },
    { title: 'an unknown field', body: { message: 'Hi', phone: '0400' }, field: 'phone' },
    { title: 'a message over 5000 characters', body: { message: 'x'.repeat(5001) }, field: 'message' },
  ])('refuses $title with code 2 and stores nothing', async ({ body, field }) => {
    const before = await countStored();

    const result = await postContact(body);

    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    expect(result.body.meta.errors?.map((error) => error.field)).toContain(field);
    expect(await countStored()).toBe(before);
    expect(webhook.texts).toEqual([]);
  });

  it('says to enter a message, word for word, when the message is empty', async () => {
    const result = await postContact({ message: '' });

    expect(result.body.meta.errors).toContainEqual({
      field: 'message',
      message: 'Please enter a message before sending.',
    });
  });

  it('limits each address to 5 messages a minute with code 8', async () => {
    const address = '10.1.1.1';
    for (let index = 0; index < 5; index += 1) {
      expect((await postContact({ message: `Message ${index}` }, address)).status).toBe(201);
    }
    const before = await countStored();

    const limited = await postContact({ message: 'One too many' }, address);

    expect(limited.status).toBe(429);
    expect(limited.body.meta.error_code).toBe(8);
    expect(limited.body.meta.message).toMatch(/try again in \d+ seconds/);
    expect(await countStored()).toBe(before);
    expect((await postContact({ message: 'Another sender' }, '10.1.1.2')).status).toBe(201);
  });
});
