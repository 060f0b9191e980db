import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type Meta } from '../../contracts/envelope';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over the size limit, a NUL in the path, a
 * method that is no method, bad chunked encoding) are answered here, on the raw socket, with the same envelope as
 * every other refusal, then the connection is closed: after a parse error nothing more on it can be trusted.
 */

/** The methods the app answers, for a 405's Allow header. */
const allowedMethods = 'GET, HEAD, POST, PUT, DELETE';

type ClientRefusal = { status: number; message: string; headers?: Record<string, string> };

/** Node's parse error: its code (HPE_..., ERR_HTTP_REQUEST_TIMEOUT) and the bytes it was parsing (a Buffer). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/** A method token as HTTP defines it, followed by the path. */
const methodToken = /^[!#$%&'*+.^`|~\w-]+ /;

/**
 * Whether the packet the parser gave up on starts with a request line longer than the whole header budget: then
 * the address, not the headers, is too long. The packet is the last piece read, so a request line that arrived in
 * several pieces reads as headers too large (431), which is still a true answer.
 */
function isRequestLineTooLong(packet: string): boolean {
  if (!methodToken.test(packet)) return false;
  const lineEnd = packet.indexOf('\n');
  return (lineEnd === -1 ? packet.length : lineEnd) >= maxHeaderSize;
}

function describeClientError(error: ClientError): ClientRefusal {
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive.' };
    case 'HPE_HEADER_OVERFLOW':
      return isRequestLineTooLong(packet)
        ? { status: 414, message: 'The address is too long.' }
        : { status: 431, message: 'The request headers are too large.' };
    case 'HPE_INVALID_METHOD':
      return methodToken.test(packet)
        ? { status: 405, message: 'The request method is not supported.', headers: { allow: allowedMethods } }
        : { status: 400, message: 'The request is not valid HTTP.' };
    default:
      return { status: 400, message: 'The request is not valid HTTP.' };
  }
}

/** Fastify's clientErrorHandler: one envelope answer, then the connection ends. */
export function answerClientError(error: ClientError, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const refusal = describeClientError(error);
  const meta: Meta = { error_code: ErrorCode.invalidInput, message: refusal.message };
  const body = JSON.stringify({ meta, data: null });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
    ...refusal.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${String(refusal.status)} ${STATUS_CODES[refusal.status] ?? ''}\r\n${head}\r\n${body}`,
  );
}
