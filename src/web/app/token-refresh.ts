import { refreshTokenOnServer } from '../api/auth';
import { isSuccess } from '../lib/api-client';
import { decodeJwtClaims } from '../lib/jwt';
import { getSession, setJwt } from '../lib/session-store';

/**
 * How long before its expiry (tokens last 12 hours, and never past the login session's absolute end) the token
 * is swapped for a fresh one.
 */
export const refreshAheadMs = 60 * 60 * 1000;
/** After a failed refresh (the network, the server), the next try. */
export const refreshRetryMs = 60 * 1000;

function readExpiry(jwt: string): number | null {
  const expiry = decodeJwtClaims(jwt)?.exp;
  return typeof expiry === 'number' ? expiry * 1000 : null;
}

/** Milliseconds from `now` until the token should be refreshed (0 when due); null when it carries no expiry. */
export function msUntilRefresh(jwt: string, now: number): number | null {
  const expiry = readExpiry(jwt);
  return expiry === null ? null : Math.max(0, expiry - refreshAheadMs - now);
}

/**
 * Keeps a long-open screen logged in: an hour before the token expires it is exchanged for a fresh one
 * (POST users/refresh), and a failed exchange is tried again every minute until the token runs out. A revoked
 * token answers code 3, which ends the session the usual way. Near the login session's absolute end the fresh
 * token runs out no later than the old one: it is not taken and no more exchanges are made, so the session ends
 * at its end instead of asking again and again. Answers a function that stops the timer.
 */
export function scheduleTokenRefresh(jwt: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  const refresh = async () => {
    const result = await refreshTokenOnServer();
    // Logged out, or in as someone else, meanwhile: the answer belongs to a session that is gone.
    if (isStopped || getSession().jwt !== jwt) return;
    if (isSuccess(result) && result.data) {
      if ((readExpiry(result.data.jwt) ?? 0) > (readExpiry(jwt) ?? 0)) setJwt(result.data.jwt);
    } else timer = setTimeout(() => void refresh(), refreshRetryMs);
  };
  const wait = msUntilRefresh(jwt, Date.now());
  if (wait !== null) timer = setTimeout(() => void refresh(), wait);
  return () => {
    isStopped = true;
    clearTimeout(timer);
  };
}
