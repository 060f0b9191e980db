import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpCapture } from '../../src/server/testing/smtp-capture';

export type MailSummary = { count: number; link: string | null };

/**
 * The e2e mail and chat catcher of one Playwright worker, run inside the worker: a real SMTP server for the
 * app's mails, and an HTTP server that receives the contact webhook. The tests read both directly.
 * Port 0 takes a free port.
 */
export async function startMailCatcher(ports: { smtpPort: number; httpPort: number }) {
  const smtp = await startSmtpCapture(ports.smtpPort);
  const webhookPosts: { text: string }[] = [];
  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/webhook') {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      webhookPosts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: string });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(ports.httpPort, '127.0.0.1', resolve));
  const httpPort = (server.address() as AddressInfo).port;
  return {
    smtpUrl: smtp.url,
    webhookUrl: `http://127.0.0.1:${String(httpPort)}/webhook`,
    /** How many mails reached `to`, and the newest /confirm link among them. */
    readMails(to: string): MailSummary {
      return {
        count: smtp.mails.filter((mail) => mail.to.includes(to)).length,
        link: smtp.findConfirmLink(to)?.toString() ?? null,
      };
    },
    readWebhookPosts: (): { text: string }[] => [...webhookPosts],
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await smtp.close();
    },
  };
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
