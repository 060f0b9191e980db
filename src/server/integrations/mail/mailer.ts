/** One outgoing mail. */
export type Mail = { to: string; subject: string; text: string };

/**
 * Sends mail. Implementations: SMTP through nodemailer (SMTP_URL set), or the outbox-and-log mailer of the
 * embedded default. Every mail is recorded in the mail_outbox table either way.
 * Throws ApiError code 10 when the mail could not be sent.
 */
export type Mailer = { send: (mail: Mail) => Promise<void> };
