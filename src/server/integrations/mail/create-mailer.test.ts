import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema/messages';
import { findFreePort } from '../../testing/server-process';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture';
import { createTestDatabase } from '../../testing/test-database';
import { getRetryDelayMs } from '../../../domain/retry-backoff';
import { createMailer, mailBackoff } from './create-mailer';

const from = 'MealRounds <no-reply@mealrounds.test>';
const link = 'https://mealrounds.test/confirm?username=jo%40example.com&confirmCode=abc123';
const mail = {
  to: 'jo@example.com',
  subject: 'Welcome to MealRounds',
  text: `Hello,\n\nOpen this link:\n${link}\n`,
};

let database: DatabaseHandle;
let smtp: SmtpCapture;

function createLog() {
  return {
    info: vi.fn<(obj: object, msg: string) => void>(),
    error: vi.fn<(obj: object, msg: string) => void>(),
  };
}

async function createDownMailer() {
  const port = await findFreePort();
  return createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, db: database.db, log: createLog() });
}

function createUpMailer() {
  return createMailer({ smtpUrl: smtp.url, from, db: database.db, log: createLog() });
}

async function readOutbox() {
  return database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}

/** Moves every pending mail's next attempt into the past, as if its backoff had passed. */
async function makePendingDue() {
  await database.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.status, 'pending'));
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  smtp.mails.length = 0;
});

afterAll(async () => {
  await smtp.close();
  await database.close();
});

describe('the outbox mailer', () => {
  it('delivers over SMTP and records the mail as sent', async () => {
    const log = createLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from, db: database.db, log });

    expect(await mailer.send(mail)).toEqual({ isDelivered: true });

    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual(['jo@example.com']);
    expect(smtp.mails[0]?.raw).toContain('Subject: Welcome to MealRounds');
    expect(smtp.findConfirmLink(mail.to)?.toString()).toBe(link);
    const rows = await readOutbox();
    expect(rows).toMatchObject([
      { recipient: mail.to, subject: mail.subject, body: mail.text, status: 'sent', error: '', attempts: 1 },
    ]);
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('leaves a mail the SMTP server refused pending, with the reason, and sends it once it is due', async () => {
    const down = await createDownMailer();

    const delivery = await down.send(mail);

    expect(delivery).toMatchObject({ isDelivered: false, reason: expect.stringContaining('ECONNREFUSED') });
    const [row] = await readOutbox();
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: expect.stringContaining('ECONNREFUSED'),
    });
    const [due] = await database.db
      .select({ isLater: sql<boolean>`${mailOutbox.nextAttemptAt} > now()` })
      .from(mailOutbox);
    expect(due?.isLater).toBe(true);

    const up = createUpMailer();
    expect(await up.deliverDue()).toBe(0);
    await makePendingDue();
    expect(await up.deliverDue()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect(await readOutbox()).toMatchObject([{ status: 'sent', attempts: 2, error: '' }]);
  });

  it('gives a mail up after its last attempt', async () => {
    const down = await createDownMailer();
    const id = await down.queue(database.db, mail);
    await database.db.update(mailOutbox).set({ attempts: 11 }).where(eq(mailOutbox.id, id));

    expect(await down.deliverDue()).toBe(0);

    expect(await readOutbox()).toMatchObject([{ status: 'failed', attempts: 12 }]);
    await makePendingDue();
    expect(await createUpMailer().deliverDue()).toBe(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it('waits a minute after the first failure, doubling to an hour, for 12 attempts in all', () => {
    const delays = Array.from({ length: 13 }, (_, index) => getRetryDelayMs(mailBackoff, index)).map((ms) =>
      ms === null ? null : ms / 1000,
    );
    expect(delays).toEqual([60, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600, 3600, null]);
  });

  it('two senders at once send each mail once', async () => {
    const queuing = createUpMailer();
    for (let index = 0; index < 5; index += 1) {
      await queuing.queue(database.db, { ...mail, to: `person${index}@example.com` });
    }

    const delivered = await Promise.all([createUpMailer().deliverDue(), createUpMailer().deliverDue()]);

    expect(delivered[0] + delivered[1]).toBe(5);
    expect(smtp.mails.map((sent) => sent.to[0]).sort()).toEqual(
      [0, 1, 2, 3, 4].map((index) => `person${index}@example.com`),
    );
    expect((await readOutbox()).map((row) => row.status)).toEqual(Array(5).fill('sent'));
  });

  it('a mail being sent by one sender is not taken by another, nor sent again once sent', async () => {
    const up = createUpMailer();
    const id = await up.queue(database.db, mail);

    const [first, second] = await Promise.all([up.deliver(id), createUpMailer().deliver(id)]);

    expect([first.isDelivered, second.isDelivered].sort()).toEqual([false, true]);
    expect(await up.deliver(id)).toMatchObject({ isDelivered: false });
    expect(smtp.mails).toHaveLength(1);
  });

  it('without SMTP prints the whole text to the log and records the mail as logged', async () => {
    const log = createLog();
    const mailer = createMailer({ smtpUrl: '', from, db: database.db, log });

    expect(await mailer.send(mail)).toEqual({ isDelivered: true });

    expect(smtp.mails).toHaveLength(0);
    expect(await readOutbox()).toMatchObject([
      { recipient: mail.to, subject: mail.subject, body: mail.text, status: 'logged' },
    ]);
    expect(log.info).toHaveBeenCalledTimes(1);
    const [details, message] = log.info.mock.calls[0] ?? [];
    expect(details).toMatchObject({ recipient: mail.to, subject: mail.subject, text: mail.text });
    expect(message).toContain(`To: ${mail.to}`);
    expect(message).toContain(`Subject: ${mail.subject}`);
    expect(message).toContain(link);
  });
});
