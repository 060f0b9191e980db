import type { Database } from '../../db/client';

/** One outgoing mail. */
export type Mail = { to: string; subject: string; text: string };

/** The outcome of one delivery attempt: a failed one stays queued for the mail sender job. */
export type MailDelivery = { isDelivered: true } | { isDelivered: false; reason: string };

/** Hands one mail to its carrier: SMTP through nodemailer (SMTP_URL set), or the log of the embedded default. */
export type MailTransport = { deliver: (mail: Mail) => Promise<void> };

/**
 * Sends mail through the mail_outbox table: a mail is first queued (in the transaction of the change it belongs
 * to, when there is one), then delivered at once and, when that fails, by the mail sender job with backoff.
 */
export type Mailer = {
  /** Queues the mail on its own and tries it at once. */
  send: (mail: Mail) => Promise<MailDelivery>;
  /** Queues the mail as pending on `db`: pass a transaction so the mail commits or vanishes with its change. */
  queue: (db: Database, mail: Mail) => Promise<number>;
  /** Tries one queued mail now, unless another server is already at it or it went. */
  deliver: (id: number) => Promise<MailDelivery>;
  /** Tries every queued mail that is due; answers how many were delivered. */
  deliverDue: () => Promise<number>;
};
