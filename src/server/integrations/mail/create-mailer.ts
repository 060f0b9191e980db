import { createTransport } from 'nodemailer';
import type { Database } from '../../db/client';
import { mailFailed } from '../../http/errors';
import type { Mail, Mailer } from './mailer';
import { createOutboxRepository, type OutboxRepository } from './outbox-repository';

export type MailLog = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type MailerOptions = { smtpUrl: string; from: string; db: Database; log: MailLog };

// A dead or silent SMTP server must fail the request in seconds, not hang it for nodemailer's minutes.
const smtpTimeoutMs = 10_000;

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // One line, no stack: this text goes to the API caller and into the outbox row.
  return message.split('\n')[0]?.trim() || 'unknown error';
}

function createSmtpMailer(options: MailerOptions, outbox: OutboxRepository): Mailer {
  const transport = createTransport({
    url: options.smtpUrl,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
  });
  return {
    async send(mail: Mail) {
      const entry = { recipient: mail.to, subject: mail.subject, body: mail.text };
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        const reason = describeFailure(error);
        await outbox.recordMail({ ...entry, status: 'failed', error: reason });
        options.log.error({ recipient: mail.to, subject: mail.subject, reason }, 'mail could not be sent');
        throw mailFailed(`The email to ${mail.to} could not be sent: ${reason.replace(/\.$/, '')}.`);
      }
      await outbox.recordMail({ ...entry, status: 'sent' });
      options.log.info({ recipient: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}

function createLogMailer(options: MailerOptions, outbox: OutboxRepository): Mailer {
  return {
    async send(mail: Mail) {
      await outbox.recordMail({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        status: 'logged',
      });
      // With no SMTP configured the log is the delivery: it must carry the whole text, links included.
      options.log.info(
        { recipient: mail.to, subject: mail.subject, text: mail.text },
        `mail not sent (no SMTP_URL configured); logged instead:\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`,
      );
    },
  };
}

/** SMTP through nodemailer when `smtpUrl` is set, else the outbox-and-log mailer of the embedded default. */
export function createMailer(options: MailerOptions): Mailer {
  const outbox = createOutboxRepository(options.db);
  return options.smtpUrl ? createSmtpMailer(options, outbox) : createLogMailer(options, outbox);
}
