import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string };

/** A real SMTP server on a random local port that keeps every mail it receives (for tests and e2e). */
export async function startSmtpCapture(port = 0) {
  const mails: CapturedMail[] = [];
  /** Tests waiting for a mail: each is told when one arrives, so nothing polls. */
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
        for (const wake of waiters) wake();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const boundPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    mails,
    /** The newest /confirm link sent to `to`, with quoted-printable soft breaks undone. */
    findConfirmLink(to: string): URL | null {
      const mail = mails.findLast((candidate) => candidate.to.includes(to));
      const text = mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = text ? /https?:\/\/\S+\/confirm\?\S+/.exec(text) : null;
      return match ? new URL(match[0]) : null;
    },
    /** Resolves when `to` has received more than `count` mails (at once if it already has). */
    waitForMail(to: string, count: number): Promise<void> {
      const hasArrived = () => mails.filter((mail) => mail.to.includes(to)).length > count;
      if (hasArrived()) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          if (!hasArrived()) return;
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
