import { createTransport } from 'nodemailer';
import { getRetryDelayMs, type RetryBackoff } from '../../../domain/retry-backoff';
import type { Database } from '../../db/client';
import { drainDue } from '../../db/job-queue';
import type { Mail, MailDelivery, Mailer, MailTransport } from './mailer';
import { createOutboxRepository, type OutboxRow } from './outbox-repository';

export type MailLog = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type MailerOptions = { smtpUrl: string; from: string; db: Database; log: MailLog };

// A dead or silent SMTP server must fail an attempt in seconds, not hang it for nodemailer's minutes.
const smtpTimeoutMs = 10_000;
/** Longer than an attempt can take (connection, greeting and data each within the timeout). */
const leaseMs = 120_000;
/** Bounded retries: 1 minute doubling to an hour, about 8 hours in all, then the mail is given up. */
export const mailBackoff: RetryBackoff = { firstDelayMs: 60_000, maxDelayMs: 3_600_000, maxAttempts: 12 };
const batchSize = 20;

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // One line, no stack, no final stop: this text goes into the API answer and the outbox row.
  return message.split('\n')[0]?.trim().replace(/\.$/, '') || 'unknown error';
}

function createSmtpTransport(options: MailerOptions): MailTransport {
  const transport = createTransport({
    url: options.smtpUrl,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
  });
  return {
    async deliver(mail: Mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      options.log.info({ recipient: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}

function createLogTransport(options: MailerOptions): MailTransport {
  return {
    deliver(mail: Mail) {
      // With no SMTP configured the log is the delivery: it must carry the whole text, links included.
      options.log.info(
        { recipient: mail.to, subject: mail.subject, text: mail.text },
        `mail not sent (no SMTP_URL configured); logged instead:\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`,
      );
      return Promise.resolve();
    },
  };
}

/** SMTP through nodemailer when `smtpUrl` is set, else the log of the embedded default. */
export function createMailTransport(options: MailerOptions): MailTransport {
  return options.smtpUrl ? createSmtpTransport(options) : createLogTransport(options);
}

/** The outbox mailer over `createMailTransport` (or the transport given, for tests). */
export function createMailer(options: MailerOptions, transport = createMailTransport(options)): Mailer {
  const outbox = createOutboxRepository(options.db);
  const deliveredStatus = options.smtpUrl ? 'sent' : 'logged';

  async function attempt(row: OutboxRow): Promise<MailDelivery> {
    try {
      await transport.deliver({ to: row.recipient, subject: row.subject, text: row.body });
    } catch (error) {
      const reason = describeFailure(error);
      const retryInMs = getRetryDelayMs(mailBackoff, row.attempts);
      await outbox.markAttemptFailed(row.id, reason, retryInMs);
      const retryIn = retryInMs === null ? null : retryInMs / 1000;
      options.log.error(
        { recipient: row.recipient, subject: row.subject, reason, attempts: row.attempts, retryIn },
        retryIn === null
          ? 'mail given up after its last attempt'
          : 'mail could not be sent; it is tried again',
      );
      return { isDelivered: false, reason };
    }
    await outbox.markDelivered(row.id, deliveredStatus);
    return { isDelivered: true };
  }

  async function deliver(id: number): Promise<MailDelivery> {
    const [row] = await outbox.claimMail(id, leaseMs);
    if (!row) return { isDelivered: false, reason: 'the mail is already being sent or was sent' };
    return attempt(row);
  }

  return {
    async send(mail) {
      return deliver(await outbox.insertPending(mail));
    },
    queue: (db, mail) => createOutboxRepository(db).insertPending(mail),
    deliver,
    async deliverDue() {
      const { succeeded } = await drainDue(async () => {
        const rows = await outbox.claimDueMails(batchSize, leaseMs);
        let delivered = 0;
        for (const row of rows) if ((await attempt(row)).isDelivered) delivered += 1;
        return { taken: rows.length, succeeded: delivered };
      });
      return succeeded;
    },
  };
}
