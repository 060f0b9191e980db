import { createTransport } from 'nodemailer';
import type { Database } from '../../db/client';
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
const leaseSeconds = 120;
/** Bounded retries: 1 minute doubling to an hour, about 8 hours in all, then the mail is given up. */
const maxAttempts = 12;
const firstRetrySeconds = 60;
const maxRetrySeconds = 3600;
const batchSize = 20;

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // One line, no stack, no final stop: this text goes into the API answer and the outbox row.
  return message.split('\n')[0]?.trim().replace(/\.$/, '') || 'unknown error';
}

/** Seconds before attempt `attempts + 1`, or null when the mail has had all its attempts. */
export function getRetryDelaySeconds(attempts: number): number | null {
  if (attempts >= maxAttempts) return null;
  return Math.min(firstRetrySeconds * 2 ** Math.max(attempts - 1, 0), maxRetrySeconds);
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
      const retryIn = getRetryDelaySeconds(row.attempts);
      await outbox.markAttemptFailed(row.id, reason, retryIn);
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
    const [row] = await outbox.claimMail(id, leaseSeconds);
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
      let delivered = 0;
      for (;;) {
        const rows = await outbox.claimDueMails(batchSize, leaseSeconds);
        for (const row of rows) if ((await attempt(row)).isDelivered) delivered += 1;
        if (rows.length < batchSize) return delivered;
      }
    },
  };
}
