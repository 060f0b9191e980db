import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBackoffDelayMs } from '../../../domain/retry-backoff';
import type { DatabaseHandle } from '../../db/client';
import { contactMessages } from '../../db/schema/messages';
import { createTestDatabase } from '../../testing/test-database';
import { formatContactChatText } from './chat-message';
import { createContactRepository, type ContactRepository } from './repository';
import { contactBackoff, createContactService } from './service';

type Delivery = { method: string; headers: IncomingHttpHeaders; body: string };

const retryDelayMs = (attempts: number) => getBackoffDelayMs(contactBackoff, attempts);

/** A chat webhook stand-in on a real port: records every request, answers with the status set by the test. */
const webhook = {
  server: null as Server | null,
  url: '',
  status: 200,
  delayMs: 0,
  deliveries: [] as Delivery[],
};

const message = {
  name: 'Jo Citizen',
  email: 'jo@example.com',
  message: 'Do you deliver to Parramatta?\nThanks',
};

let database: DatabaseHandle;
let repository: ContactRepository;
let clock: Date;

function startWebhook(): Promise<void> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // The test that sent it: a slow answer (after its sender gave up) lands in that test's list, not a later one's.
      const { deliveries, status } = webhook;
      setTimeout(() => {
        if (status < 300) deliveries.push({ method: request.method ?? '', headers: request.headers, body });
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(status < 300 ? '{}' : '{"error":"chat is having a bad day"}');
      }, webhook.delayMs);
    });
  });
  webhook.server = server;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      webhook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/spaces/X/messages?key=k`;
      resolve();
    });
  });
}

/** A URL whose port nothing listens on. */
function findClosedUrl(): Promise<string> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(`http://127.0.0.1:${port}/webhook`));
    });
  });
}

function createLog() {
  return {
    info: vi.fn<(obj: object, msg: string) => void>(),
    error: vi.fn<(obj: object, msg: string) => void>(),
  };
}

function createService(webhookUrl: string, options: { timeoutMs?: number } = {}) {
  const log = createLog();
  const service = createContactService({ repository, webhookUrl, now: () => clock, log, ...options });
  return { service, log };
}

async function readMessage(id: number) {
  const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw new Error(`contact message ${id} is missing`);
  return row;
}

function advanceClock(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createContactRepository(database.db);
  await startWebhook();
});

afterAll(async () => {
  // fetch keeps connections alive; without this close() would wait for their idle timeout.
  webhook.server?.closeAllConnections();
  await new Promise<void>((resolve) => webhook.server?.close(() => resolve()));
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(contactMessages);
  webhook.status = 200;
  webhook.delayMs = 0;
  webhook.deliveries = [];
  clock = new Date();
});

describe('contact service: submit', () => {
  it('stores the message and delivers the exact JSON {text} to the webhook', async () => {
    const { service } = createService(webhook.url);

    const { id } = await service.submit(message);

    expect(webhook.deliveries).toHaveLength(1);
    const delivery = webhook.deliveries[0];
    expect(delivery?.method).toBe('POST');
    expect(delivery?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(delivery?.body ?? '')).toEqual({ text: formatContactChatText(message) });
    const row = await readMessage(id);
    expect(row).toMatchObject({ ...message, attempts: 0, lastError: '' });
    expect(row.forwardedAt?.getTime()).toBe(clock.getTime());
  });

  it('keeps the message when the webhook answers 500, schedules a retry, and delivers it exactly once later', async () => {
    webhook.status = 500;
    const { service, log } = createService(webhook.url);

    const { id } = await service.submit(message);

    const failed = await readMessage(id);
    expect(failed.forwardedAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('HTTP 500');
    expect(failed.nextAttemptAt.getTime()).toBe(clock.getTime() + retryDelayMs(1));
    expect(log.error).toHaveBeenCalledTimes(1);

    webhook.status = 200;
    expect(await service.forwardPending()).toEqual({ forwarded: 0, failed: 0 });
    expect(webhook.deliveries).toHaveLength(0);

    advanceClock(retryDelayMs(1));
    expect(await service.forwardPending()).toEqual({ forwarded: 1, failed: 0 });
    advanceClock(24 * 60 * 60_000);
    expect(await service.forwardPending()).toEqual({ forwarded: 0, failed: 0 });

    expect(webhook.deliveries).toHaveLength(1);
    expect(JSON.parse(webhook.deliveries[0]?.body ?? '')).toEqual({ text: formatContactChatText(message) });
    const delivered = await readMessage(id);
    expect(delivered.forwardedAt).not.toBeNull();
    expect(delivered.lastError).toBe('');
  });

  it('keeps the message when the webhook is down and delivers it once the webhook is back', async () => {
    const { service: downService } = createService(await findClosedUrl());

    const { id } = await downService.submit(message);

    const failed = await readMessage(id);
    expect(failed.forwardedAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('ECONNREFUSED');
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(clock.getTime());

    advanceClock(retryDelayMs(1));
    const { service: fixedService } = createService(webhook.url);
    expect(await fixedService.forwardPending()).toEqual({ forwarded: 1, failed: 0 });
    expect(await fixedService.forwardPending()).toEqual({ forwarded: 0, failed: 0 });
    expect(webhook.deliveries).toHaveLength(1);
  });

  it('gives up on a slow webhook after the timeout without failing the request', async () => {
    webhook.delayMs = 1_000;
    const { service } = createService(webhook.url, { timeoutMs: 100 });

    // Waiting out the webhook would have forwarded the message: it stays unforwarded, with the timeout recorded.
    const { id } = await service.submit(message);

    const row = await readMessage(id);
    expect(row.forwardedAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/timeout|abort/i);
  });

  it('without a webhook URL stores and logs the message and leaves it pending for later delivery', async () => {
    const { service, log } = createService('');

    const { id } = await service.submit(message);

    expect(webhook.deliveries).toHaveLength(0);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ contactMessageId: id, text: formatContactChatText(message) }),
      expect.stringContaining('CONTACT_WEBHOOK_URL'),
    );
    expect(await service.forwardPending()).toEqual({ forwarded: 0, failed: 0 });
    const pending = await readMessage(id);
    expect(pending).toMatchObject({ forwardedAt: null, attempts: 0 });

    const { service: configured } = createService(webhook.url);
    expect(await configured.forwardPending()).toEqual({ forwarded: 1, failed: 0 });
    expect(webhook.deliveries).toHaveLength(1);
  });
});

describe('contact service: forwardPending', () => {
  it('backs off further after each failed retry', async () => {
    webhook.status = 503;
    const { service } = createService(webhook.url);
    const { id } = await service.submit(message);

    advanceClock(retryDelayMs(1));
    expect(await service.forwardPending()).toEqual({ forwarded: 0, failed: 1 });

    const row = await readMessage(id);
    expect(row.attempts).toBe(2);
    expect(row.lastError).toContain('HTTP 503');
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + retryDelayMs(2));
  });

  it('delivers each message once when two forwarders run at the same time', async () => {
    const { service: storeOnly } = createService('');
    const ids = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push((await storeOnly.submit({ ...message, message: `Message ${index}` })).id);
    }

    const [first, second] = await Promise.all([
      createService(webhook.url).service.forwardPending(),
      createService(webhook.url).service.forwardPending(),
    ]);

    expect((first?.forwarded ?? 0) + (second?.forwarded ?? 0)).toBe(5);
    const texts = webhook.deliveries.map((delivery) => (JSON.parse(delivery.body) as { text: string }).text);
    expect(texts.sort()).toEqual(
      ids.map((_, index) => formatContactChatText({ ...message, message: `Message ${index}` })).sort(),
    );
  });
});

describe('the contact backoff', () => {
  it.each([
    [0, 60_000],
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [6, 1_920_000],
    [7, 3_600_000],
    [50, 3_600_000],
  ])('after %i failed attempts waits %i ms', (attempts, expected) => {
    expect(retryDelayMs(attempts)).toBe(expected);
  });
});
