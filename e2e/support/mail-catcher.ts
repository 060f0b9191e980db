import { createServer } from 'node:http';
import { startSmtpCapture } from '../../src/server/testing/smtp-capture';

/**
 * The e2e mail and chat catcher: a real SMTP server, plus an HTTP server that receives the contact webhook
 * and lets the browser tests read what arrived (GET /mails?to=..., GET /webhook-posts).
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.E2E_CATCHER_PORT ?? 2580);

const smtp = await startSmtpCapture(smtpPort);
const webhookPosts: unknown[] = [];

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (request.method === 'POST' && url.pathname === '/webhook') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      webhookPosts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
      response.writeHead(200).end('ok');
    });
    return;
  }
  response.setHeader('content-type', 'application/json');
  if (url.pathname === '/mails') {
    const to = url.searchParams.get('to') ?? '';
    const link = smtp.findConfirmLink(to);
    response.end(
      JSON.stringify({
        count: smtp.mails.filter((mail) => mail.to.includes(to)).length,
        link: link?.toString() ?? null,
      }),
    );
    return;
  }
  if (url.pathname === '/webhook-posts') {
    response.end(JSON.stringify(webhookPosts));
    return;
  }
  if (url.pathname === '/health') {
    response.end('{"ok":true}');
    return;
  }
  response.writeHead(404).end('{}');
});
server.listen(httpPort, '127.0.0.1', () => console.log(`mail catcher: smtp ${smtp.url}, http :${httpPort}`));
