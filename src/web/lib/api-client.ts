import type { z } from 'zod';
import { ErrorCode, metaSchema, type Envelope, type Meta } from '../../contracts/envelope';

export const apiBase = '/api';
export const unexpectedErrorMessage = 'Unexpected error';

type QueryValue = string | number | boolean | null | undefined;
export type ApiQuery = Record<string, QueryValue>;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every answer keeps the server's envelope; `data` is null when `meta.error_code` is not 0 (but see isDataKeptOnError). */
export type ApiResponse<T> = Envelope<T | null>;

export type ApiRequestOptions<T> = {
  method?: ApiMethod;
  query?: ApiQuery;
  body?: unknown;
  /** A body sent as it is (a string) rather than as JSON: a CSV file. */
  bodyType?: 'text/csv';
  /** Checks `data` of a successful answer against the shared contract; a mismatch counts as a parse failure. */
  schema?: z.ZodType<T>;
  /**
   * For calls whose error answers still carry per-item results (publish and complete answer each visit's outcome
   * with code 7 when none was done): such data is kept when it matches `schema`.
   */
  isDataKeptOnError?: boolean;
  /** For calls where code 3 is expected (logging out), so the session is not ended a second time. */
  ignoreSessionExpiry?: boolean;
  signal?: AbortSignal;
};

/**
 * How the client reaches the session. The app wires these to its session store, which keeps this module free of
 * app imports (the web layers point app -> features -> lib).
 */
export type ApiSessionHooks = {
  getJwt: () => string | null;
  /** Called with the token a call was made with, when that call answers code 3 (expired or revoked). */
  onSessionExpired: (jwt: string) => void;
};

const noSession: ApiSessionHooks = { getJwt: () => null, onSessionExpired: () => {} };
let sessionHooks: ApiSessionHooks = noSession;

export function configureApiClient(hooks: ApiSessionHooks | null): void {
  sessionHooks = hooks ?? noSession;
}

/** An envelope error raised by `unwrapData`, for TanStack Query and mutations. */
export class ApiError extends Error {
  readonly meta: Meta;

  constructor(meta: Meta) {
    super(meta.message || unexpectedErrorMessage);
    this.name = 'ApiError';
    this.meta = meta;
  }

  get code(): number {
    return this.meta.error_code;
  }

  /** The envelope's field errors by field name (code 2), for a form to show beside its inputs. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.meta.errors ?? []).map((error) => [error.field, error.message]));
  }
}

/** What a screen says about a failed call: the envelope's message, else 'Unexpected error'. */
export function describeApiError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : unexpectedErrorMessage;
}

export function buildUnexpectedResponse<T>(): ApiResponse<T> {
  return { meta: { error_code: ErrorCode.unexpected, message: unexpectedErrorMessage }, data: null };
}

export function isSuccess(response: ApiResponse<unknown>): boolean {
  return response.meta.error_code === ErrorCode.success;
}

/** The data of a successful answer; any other answer throws an ApiError carrying its meta. */
export function unwrapData<T>(response: ApiResponse<T>): T {
  if (!isSuccess(response)) throw new ApiError(response.meta);
  // Only error answers carry null data; a successful one has the contract's data (null for DELETE).
  return response.data as T;
}

/** A successful answer's data with its message (a note or warning some screens show); else throws an ApiError. */
export function unwrapAnswer<T>(response: ApiResponse<T>): { data: T; message: string } {
  return { data: unwrapData(response), message: response.meta.message };
}

export function buildApiUrl(path: string, query?: ApiQuery): string {
  const url = `${apiBase}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Calls the API and always resolves to an envelope: network and parse failures become code 1 'Unexpected error'. */
export async function requestApi<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const jwt = sessionHooks.getJwt();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = options.bodyType ?? 'application/json';
  const isRaw = options.bodyType !== undefined && typeof options.body === 'string';

  let response: ApiResponse<T>;
  try {
    const answer = await fetch(buildApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: isRaw ? String(options.body) : hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
    response = parseEnvelope(await answer.text(), options.schema, options.isDataKeptOnError === true);
  } catch (error) {
    // A cancelled query is not a failure to report; TanStack Query expects the abort to propagate.
    if (options.signal?.aborted) throw error;
    return buildUnexpectedResponse();
  }

  if (jwt && response.meta.error_code === ErrorCode.notLoggedIn && !options.ignoreSessionExpiry) {
    sessionHooks.onSessionExpired(jwt);
  }
  return response;
}

function parseEnvelope<T>(
  text: string,
  schema: z.ZodType<T> | undefined,
  isDataKeptOnError: boolean,
): ApiResponse<T> {
  const body: unknown = JSON.parse(text);
  if (typeof body !== 'object' || body === null || !('meta' in body)) return buildUnexpectedResponse();
  const meta = metaSchema.safeParse(body.meta);
  if (!meta.success) return buildUnexpectedResponse();
  const data: unknown = 'data' in body ? body.data : null;
  if (meta.data.error_code !== ErrorCode.success) {
    const kept = isDataKeptOnError && schema && data !== null ? schema.safeParse(data) : null;
    return { meta: meta.data, data: kept?.success ? kept.data : null };
  }
  if (!schema) return { meta: meta.data, data: data as T };
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // Worth a console line: it means the server and the shared contract disagree.
    console.error('API answer does not match its contract', parsed.error.issues);
    return buildUnexpectedResponse();
  }
  return { meta: meta.data, data: parsed.data };
}

type CallOptions<T> = Omit<ApiRequestOptions<T>, 'method' | 'body' | 'query'>;

export function apiGet<T = unknown>(path: string, query?: ApiQuery, options?: CallOptions<T>) {
  return requestApi<T>(path, { ...options, method: 'GET', query });
}

export function apiPost<T = unknown>(path: string, body?: unknown, options?: CallOptions<T>) {
  return requestApi<T>(path, { ...options, method: 'POST', body });
}

export function apiPut<T = unknown>(path: string, body?: unknown, options?: CallOptions<T>) {
  return requestApi<T>(path, { ...options, method: 'PUT', body });
}

export function apiDelete<T = unknown>(path: string, options?: CallOptions<T>) {
  return requestApi<T>(path, { ...options, method: 'DELETE' });
}

/**
 * A file the API keeps behind the login (a driver's photo), as a Blob: fetched with the bearer token, since an
 * <img src> could not carry it. Throws an ApiError for an envelope answer or a failed request.
 */
export async function fetchApiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const jwt = sessionHooks.getJwt();
  const answer = await fetch(path, { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {}, signal });
  const type = answer.headers.get('content-type') ?? '';
  if (answer.ok && !type.startsWith('application/json')) return answer.blob();
  let meta = buildUnexpectedResponse().meta;
  try {
    const envelope = parseEnvelope<unknown>(await answer.text(), undefined, false);
    if (!isSuccess(envelope)) meta = envelope.meta;
  } catch {
    // Not an envelope either: the unexpected error stands.
  }
  throw new ApiError(meta);
}
