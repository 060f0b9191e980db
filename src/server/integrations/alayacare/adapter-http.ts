import type { z } from 'zod';
import { ErrorCode, type SourceFailureKind } from '../../../contracts/envelope';
import { getBackoffDelayMs, type RetryBackoff } from '../../../domain/retry-backoff';
import { createLimiter, type Limiter } from '../../concurrency';
import { ApiError } from '../../http/errors';
import type { OutboundFetch } from '../network/guarded-fetch';
import { SourceFailure, SourceRefusal } from '../source-system';
import { createWirePageSchema, wireErrorSchema } from './wire-types';

/**
 * HTTP to AlayaCare: Basic auth, a timeout per attempt, bounded retries for reads only (a write that timed out may
 * have been applied, so it is never repeated blindly), paging, and one error shape for every failure: code 7 with
 * the operation and the reason ("The CRM could not list clients: it answered 503.").
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type SourceCall = {
  /** What the product was doing, completing "The CRM could not ...": "list clients". */
  operation: string;
  method: HttpMethod;
  /** Path below the base URL, e.g. /ext/api/v2/patients/clients. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
};

export type SourceAnswer = { status: number; body: unknown };

export type SourceHttpOptions = {
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs: number;
  readRetries: number;
  /** First retry delay; each further retry waits twice as long. */
  retryDelayMs: number;
  /** The guarded fetch in the app (private addresses refused unless allowed); redirects are never followed. */
  fetch: OutboundFetch;
  /** Where the cause of a network failure goes (the user's message never names it). */
  log?: SourceLog;
};

export type SourceLog = { warn(obj: object, msg: string): void };

export const sourcePageSize = 100;
const pageConcurrency = 4;
// A CRM that claims more pages than this is answering nonsense; reading them all would never end.
const maxPages = 10_000;

/** `refusedWith`: the status of a refusal (a 4xx other than 408 and 429); sending it again unchanged won't help. */
type Failure = { reason: string; isRetryable: boolean; kind: SourceFailureKind; refusedWith?: number };

/** A failure of the product's own making around a CRM call (an id that is no AlayaCare id, ...). */
export function createSourceError(operation: string, reason: string): ApiError {
  return new ApiError(ErrorCode.sourceSystem, `The CRM could not ${operation}: ${reason}.`);
}

/** A failed CRM call, saying why in the envelope (meta.source_failure). */
function createCallError(operation: string, failure: Omit<Failure, 'isRetryable'>): SourceFailure {
  const message = `The CRM could not ${operation}: ${failure.reason}.`;
  return failure.refusedWith === undefined
    ? new SourceFailure(message, failure.kind)
    : new SourceRefusal(message, failure.refusedWith);
}

const malformedBody = { reason: 'it answered a malformed body', kind: 'bad_answer' } as const;

function describeSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** The CRM's own {code, message}, cleaned up to quote safely in our message. */
function readSourceMessage(text: string): string {
  try {
    const parsed = wireErrorSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return '';
    const message = parsed.data.message.replace(/\s+/g, ' ').trim();
    return (message.length > 200 ? `${message.slice(0, 200)}...` : message).replace(/\.+$/, '');
  } catch {
    return '';
  }
}

function describeStatus(status: number, text: string): Failure {
  if (status === 401)
    return {
      reason: 'it refused the username and password (401)',
      isRetryable: false,
      kind: 'refused_login',
      refusedWith: 401,
    };
  if (status === 403)
    return {
      reason: 'it does not allow this username to do that (403)',
      isRetryable: false,
      kind: 'refused_login',
      refusedWith: 403,
    };
  // Redirects are not followed (the password would follow them to wherever they point).
  if (status >= 300 && status < 400)
    return {
      reason: `it answered ${status}, a redirect to another address: enter the address it moved to`,
      isRetryable: false,
      kind: 'bad_answer',
    };
  const message = readSourceMessage(text);
  const isRetryable = status >= 500 || status === 429;
  return {
    reason: `it answered ${status}${message ? `: ${message}` : ''}`,
    isRetryable,
    kind: 'bad_answer',
    ...(isRetryable || status === 408 ? {} : { refusedWith: status }),
  };
}

/**
 * Every network failure (refused, reset, timed out, unknown host, an address not allowed ...) reads the same to
 * the user: telling them apart would let anyone who can set the CRM address probe which hosts and ports answer.
 * The cause goes to the server log only.
 */
const unreachable = { reason: 'it could not be reached', kind: 'unreachable' } as const;

function describeNetworkCause(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${describeSeconds(timeoutMs)}`;
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; errors?: unknown[] } | undefined) : null;
  const nested = Array.isArray(cause?.errors)
    ? (cause.errors[0] as { code?: unknown } | undefined)
    : undefined;
  const code = cause?.code ?? nested?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : 'network error';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSourceHttp(options: SourceHttpOptions) {
  // The reads' retries are bounded by their count (readRetries), not by a longest wait.
  const readBackoff: RetryBackoff = {
    firstDelayMs: options.retryDelayMs,
    maxDelayMs: Number.POSITIVE_INFINITY,
  };
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64')}`;

  function buildUrl(call: SourceCall): URL | null {
    try {
      const url = new URL(`${options.baseUrl}${call.path}`);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
      return url;
    } catch {
      return null;
    }
  }

  async function attempt(url: URL, call: SourceCall): Promise<SourceAnswer | Failure> {
    try {
      const response = await options.fetch(url, {
        method: call.method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'manual',
      });
      const text = await response.text();
      if (response.status < 200 || response.status >= 300) return describeStatus(response.status, text);
      if (text.trim() === '') return { status: response.status, body: null };
      try {
        return { status: response.status, body: JSON.parse(text) as unknown };
      } catch {
        return { ...malformedBody, isRetryable: false };
      }
    } catch (error) {
      const cause = describeNetworkCause(error, options.timeoutMs);
      options.log?.warn(
        { operation: call.operation, method: call.method, host: url.host, cause },
        'The CRM could not be reached',
      );
      return { ...unreachable, isRetryable: true };
    }
  }

  /** One call; a GET is retried on timeouts, network errors, 5xx and 429, anything else is tried once. */
  async function send(call: SourceCall): Promise<SourceAnswer> {
    const url = buildUrl(call);
    if (!url)
      throw createCallError(call.operation, {
        reason: 'its address (source URL) is not a valid http(s) URL',
        kind: 'unreachable',
      });
    const attempts = call.method === 'GET' ? options.readRetries + 1 : 1;
    let failure: Failure = { ...unreachable, isRetryable: false };
    for (let index = 0; index < attempts; index += 1) {
      if (index > 0) await sleep(getBackoffDelayMs(readBackoff, index));
      const outcome = await attempt(url, call);
      if ('status' in outcome) return outcome;
      failure = outcome;
      if (!failure.isRetryable) break;
    }
    throw createCallError(call.operation, failure);
  }

  function parseBody<Schema extends z.ZodType>(
    operation: string,
    schema: Schema,
    body: unknown,
  ): z.infer<Schema> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw createCallError(operation, malformedBody);
    return parsed.data;
  }

  async function read<Schema extends z.ZodType>(call: SourceCall, schema: Schema): Promise<z.infer<Schema>> {
    const answer = await send(call);
    return parseBody(call.operation, schema, answer.body);
  }

  /** Every item of a paged list: page 1 first (it tells the page count), then the others a few at a time. */
  async function readAllPages<Item extends z.ZodType>(
    call: SourceCall,
    itemSchema: Item,
    runLimited: Limiter = createLimiter(pageConcurrency),
  ): Promise<z.infer<Item>[]> {
    const pageSchema = createWirePageSchema(itemSchema);
    const readPage = (page: number) =>
      runLimited(() =>
        read(
          { ...call, query: { ...call.query, page: String(page), count: String(sourcePageSize) } },
          pageSchema,
        ),
      );
    const first = await readPage(1);
    if (first.total_pages > maxPages) throw createCallError(call.operation, malformedBody);
    const pageNumbers = Array.from({ length: Math.max(0, first.total_pages - 1) }, (_, index) => index + 2);
    const others = await Promise.all(pageNumbers.map(readPage));
    return [first, ...others].flatMap((page) => page.items);
  }

  return { send, read, readAllPages, parseBody };
}

export type SourceHttp = ReturnType<typeof createSourceHttp>;
