import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../contracts/envelope';
import type { DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema/messages';
import { ApiError } from '../../http/errors';
import { createTestDatabase } from '../../testing/test-database';
import { createMailer } from './create-mailer';

type Received = { from: string; to: string[]; raw: string };

const from = 'MealRounds <no-reply@mealrounds.test>';
const link = 'https://mealrounds.test/confirm?username=jo%40example.com&confirmCode=abc123';
const mail = {
  to: 'jo@example.com',
  subject: 'Welcome to MealRounds',
  text: `Hello,\n\nOpen this link:\n${link}\n`,
};

let database: DatabaseHandle;
let smtp: SMTPServer;
let smtpPort = 0;
const received: Received[] = [];

function startSmtpServer(): Promise<number> {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port));
  });
}

/** A port nothing listens on: bound once, then released. */
function findClosedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

function createLog() {
  return {
    info: vi.fn<(obj: object, msg: string) => void>(),
    error: vi.fn<(obj: object, msg: string) => void>(),
  };
}

async function readOutbox() {
  return database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtpPort = await startSmtpServer();
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

describe('createMailer', () => {
  it('delivers over SMTP and records the mail as sent', async () => {
    await database.db.delete(mailOutbox);
    const log = createLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from, db: database.db, log });

    await mailer.send(mail);

    expect(received).toHaveLength(1);
    const message = received[0];
    expect(message?.from).toBe('no-reply@mealrounds.test');
    expect(message?.to).toEqual(['jo@example.com']);
    expect(message?.raw).toContain('Subject: Welcome to MealRounds');
    expect(message?.raw).toContain(link);
    const rows = await readOutbox();
    expect(rows).toMatchObject([
      { recipient: mail.to, subject: mail.subject, body: mail.text, status: 'sent', error: '' },
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('throws code 10 and records the mail as failed when the SMTP server is down', async () => {
    await database.db.delete(mailOutbox);
    const log = createLog();
    const port = await findClosedPort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, db: database.db, log });

    const error = await mailer.send(mail).then(
      () => undefined,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe(ErrorCode.mail);
    expect(apiError.httpStatus).toBe(502);
    expect(apiError.message).toMatch(/^The email to jo@example\.com could not be sent: .+\.$/);
    expect(apiError.message).toContain('ECONNREFUSED');
    expect(apiError.message).not.toContain('\n');
    const rows = await readOutbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: mail.to, status: 'failed' });
    expect(rows[0]?.error).toContain('ECONNREFUSED');
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('without SMTP keeps the mail in the outbox and prints its whole text to the log', async () => {
    await database.db.delete(mailOutbox);
    const log = createLog();
    const mailer = createMailer({ smtpUrl: '', from, db: database.db, log });
    const before = received.length;

    await mailer.send(mail);

    expect(received).toHaveLength(before);
    const rows = await readOutbox();
    expect(rows).toMatchObject([
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
