import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Requests that never reach a route because Node's HTTP parser refuses them (header too large, NUL in the path,
 * a bad method, bad chunked encoding, an address too long to parse), sent over a raw socket as a hostile client
 * would: each gets an HTTP answer with the envelope and the status that names the fault.
 */

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  const address = t.server.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => t.close());

type RawAnswer = { status: number; headers: Record<string, string>; body: unknown };

function parseAnswer(text: string): RawAnswer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const bodyText = rest.join('\r\n\r\n');
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(bodyText) as unknown };
}

/** Reads the socket until the server closes it, then answers everything it said. */
function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

async function sendRaw(request: string): Promise<RawAnswer> {
  const socket = connect(port, '127.0.0.1');
  const answer = readUntilClosed(socket);
  socket.write(request);
  return parseAnswer(await answer);
}

const envelope = (message: string) => ({ meta: { error_code: 2, message }, data: null });

describe('requests the HTTP parser refuses answer the envelope', () => {
  it('a 20 kB header: 431', async () => {
    const answer = await sendRaw(
      `GET /api/clients HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toEqual(envelope('The request headers are too large.'));
  });

  it('a NUL in the path: 400', async () => {
    const answer = await sendRaw('GET /api/cli\0ents HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(envelope('The request is not valid HTTP.'));
  });

  it('an unknown method: 405, naming the methods the API answers', async () => {
    const answer = await sendRaw('FROB /api/clients HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, DELETE');
    expect(answer.body).toEqual(envelope('The request method is not supported.'));
  });

  it('a method that is not even a word: 400', async () => {
    const answer = await sendRaw('G@T /api/clients HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(envelope('The request is not valid HTTP.'));
  });

  it('bad chunked encoding: 400', async () => {
    const answer = await sendRaw(
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(envelope('The request is not valid HTTP.'));
  });

  it('a driver token too long for the request line: 414', async () => {
    const answer = await sendRaw(`GET /api/driver/${'a'.repeat(20_000)}/run HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(414);
    expect(answer.body).toEqual(envelope('The address is too long.'));
  });

  it('a driver token over the router limit but within the request line: 414 from the router', async () => {
    const answer = await sendRaw(
      `GET /api/driver/${'a'.repeat(300)}/run HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(414);
    expect(answer.body).toEqual(envelope('A part of the address is too long.'));
  });
});

describe('a body over the limit', () => {
  /**
   * Streams a 4 MiB body in 64 KiB pieces, each written only once the previous one was taken, and stops sending
   * as soon as an answer arrives: the answer must come while the client is still sending, and be read whole.
   */
  async function sendLargeBody(head: string, frame: (piece: Buffer) => Buffer[]): Promise<RawAnswer> {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let hasAnswer = false;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (data: Buffer) => {
      hasAnswer = true;
      text += data.toString('latin1');
    });
    // A reset after the answer was read is the server closing a connection that is still sending: expected.
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    socket.write(head);
    const piece = Buffer.alloc(64 * 1024, 'a');
    for (let sent = 0; sent < 4 * 1024 * 1024 && !hasAnswer && !socket.destroyed; sent += piece.length) {
      const isTaken = frame(piece).reduce((taken, part) => socket.write(part) && taken, true);
      if (!isTaken) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
    }
    expect(hasAnswer, 'answered before the whole body was sent').toBe(true);
    await closed;
    return parseAnswer(text);
  }

  it('with a Content-Length: the 413 envelope, read whole before the connection closes', async () => {
    const answer = await sendLargeBody(
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${String(4 * 1024 * 1024)}\r\n\r\n`,
      (piece) => [piece],
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(envelope('The request body is larger than 1 MiB.'));
  });

  it('chunked: the 413 envelope once the limit is passed, read whole before the connection closes', async () => {
    const answer = await sendLargeBody(
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
      (piece) => [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')],
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(envelope('The request body is larger than 1 MiB.'));
  });
});
