import type { TimeOff } from '../../contracts/drivers';
import type { VolunteerRuns, VolunteerSlot } from '../../contracts/volunteer';

/**
 * The driver's own page's calls (/volunteer/{token}). A plain fetch, like the driver run page: no login, and the
 * page stays small (the server checks every input against the contracts).
 */
export type VolunteerAnswer<T> =
  | { ok: true; data: T }
  /** `gone`: the link is forged, revoked or of a driver made inactive (the server answers all alike). */
  | { ok: false; isGone: boolean; message: string };

const notFoundCode = 5;

type Envelope = { meta?: { error_code?: number; message?: string }; data?: unknown };

async function callVolunteerApi<T>(token: string, rest: string, body?: unknown): Promise<VolunteerAnswer<T>> {
  const init: RequestInit =
    body === undefined
      ? { method: 'GET' }
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  try {
    const response = await fetch(`/api/volunteer/${encodeURIComponent(token)}/${rest}`, {
      ...init,
      cache: 'no-store',
    });
    const envelope = (await response.json()) as Envelope;
    const code = envelope.meta?.error_code;
    if (code === 0) return { ok: true, data: envelope.data as T };
    return { ok: false, isGone: code === notFoundCode, message: envelope.meta?.message ?? '' };
  } catch {
    return {
      ok: false,
      isGone: false,
      message: 'The office could not be reached. Check the connection and try again.',
    };
  }
}

export const fetchVolunteerRuns = (token: string) => callVolunteerApi<VolunteerRuns>(token, 'runs');

export const releaseVolunteerDay = (token: string, slot: { round_id: number; date: string }) =>
  callVolunteerApi<VolunteerSlot>(token, 'release', slot);

export const pickUpVolunteerDay = (token: string, slot: { round_id: number; date: string }) =>
  callVolunteerApi<VolunteerSlot>(token, 'pick_up', slot);

export const addVolunteerTimeOff = (
  token: string,
  span: { from_date: string; to_date: string; note: string },
) => callVolunteerApi<TimeOff>(token, 'time_off', span);
