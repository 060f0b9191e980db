import type {
  DriverOutcomeInput,
  DriverOutcomeResult,
  DriverRun,
  DriverRunStart,
} from '../../contracts/driver';

/**
 * The driver page's calls. A plain fetch, not the office's API client: the page has no login, and it must stay
 * small (no zod on the phone; the server checks every input against the contracts).
 */

/** Why a call gave no data: each asks the page for something else. */
export type DriverApiFailure =
  /** No answer at all (no network): keep the queue and try again when the network returns. */
  | { kind: 'offline' }
  /** The link is unknown, expired or withdrawn (the server answers all three alike). */
  | { kind: 'gone' }
  /** The server refused the input itself (code 2): sending it again will not help. */
  | { kind: 'refused'; message: string }
  /** Anything else (busy, a server fault, a proxy's error page): worth another try later. */
  | { kind: 'failed'; message: string };

export type DriverApiAnswer<T> = { ok: true; data: T } | { ok: false; failure: DriverApiFailure };

const notFoundCode = 5;
const invalidInputCode = 2;

type Envelope = { meta?: { error_code?: number; message?: string }; data?: unknown };

function driverPath(token: string, rest: string): string {
  return `/api/driver/${encodeURIComponent(token)}/${rest}`;
}

async function callDriverApi<T>(path: string, init: RequestInit): Promise<DriverApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, cache: 'no-store' });
  } catch {
    return { ok: false, failure: { kind: 'offline' } };
  }
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    return {
      ok: false,
      failure: { kind: 'failed', message: `The server answered ${String(response.status)}.` },
    };
  }
  const code = envelope.meta?.error_code;
  const message = envelope.meta?.message ?? '';
  if (code === 0) return { ok: true, data: envelope.data as T };
  if (code === notFoundCode) return { ok: false, failure: { kind: 'gone' } };
  if (code === invalidInputCode) return { ok: false, failure: { kind: 'refused', message } };
  return { ok: false, failure: { kind: 'failed', message } };
}

export function fetchDriverRun(token: string): Promise<DriverApiAnswer<DriverRun>> {
  return callDriverApi<DriverRun>(driverPath(token, 'run'), { method: 'GET' });
}

/** Starts the run (the stops' delivery notices go once, however often it is sent). */
export function postDriverRunStart(token: string): Promise<DriverApiAnswer<DriverRunStart>> {
  return callDriverApi<DriverRunStart>(driverPath(token, 'start'), { method: 'POST' });
}

export function postDriverOutcomes(
  token: string,
  outcomes: DriverOutcomeInput[],
): Promise<DriverApiAnswer<DriverOutcomeResult[]>> {
  return callDriverApi<DriverOutcomeResult[]>(driverPath(token, 'outcomes'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(outcomes),
  });
}

/** The signature the outbox sender uses, so tests can answer in its place. */
export type PostDriverOutcomes = typeof postDriverOutcomes;
