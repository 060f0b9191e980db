import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAccount, buildEnvelope, buildErrorEnvelope, buildJwt, stubApi } from '../test-utils';
import { connectApiToSession } from './api-session';
import { getSession, login, logout } from '../lib/session-store';
import { msUntilRefresh, refreshAheadMs, refreshRetryMs, scheduleTokenRefresh } from './token-refresh';

const hour = 60 * 60 * 1000;

function tokenExpiringIn(ms: number, username = 'kim@example.org') {
  return buildJwt({ username, access_level: 'normal', exp: Math.floor((Date.now() + ms) / 1000) });
}

describe('msUntilRefresh', () => {
  it('answers the time until an hour before expiry, 0 when that has passed, null without an expiry', () => {
    const now = Date.parse('2026-11-21T08:00:00Z');
    const expiresAt = now + 12 * hour;
    const jwt = buildJwt({ username: 'a@b.c', access_level: 'normal', exp: expiresAt / 1000 });
    expect(msUntilRefresh(jwt, now)).toBe(11 * hour);
    expect(msUntilRefresh(jwt, expiresAt - refreshAheadMs / 2)).toBe(0);
    expect(msUntilRefresh('not.a.token', now)).toBeNull();
  });
});

describe('scheduleTokenRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    connectApiToSession(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    logout();
  });

  it('swaps the token for a fresh one an hour before it expires', async () => {
    const fresh = tokenExpiringIn(12 * hour, 'kim@example.org');
    const { calls } = stubApi({ 'POST /api/users/refresh': () => buildEnvelope({ jwt: fresh }) });
    const jwt = tokenExpiringIn(3 * hour);
    login(jwt, buildAccount());
    const stop = scheduleTokenRefresh(jwt);
    await vi.advanceTimersByTimeAsync(2 * hour - 1000);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/users/refresh']);
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${jwt}`);
    expect(getSession().jwt).toBe(fresh);
    stop();
  });

  it('tries again a minute after a failure, and stops when told to', async () => {
    let answers = 0;
    const fresh = tokenExpiringIn(12 * hour);
    const { calls } = stubApi({
      'POST /api/users/refresh': () => {
        answers += 1;
        if (answers === 1) throw new TypeError('Failed to fetch');
        return buildEnvelope({ jwt: fresh });
      },
    });
    const jwt = tokenExpiringIn(refreshAheadMs);
    login(jwt, buildAccount());
    const stop = scheduleTokenRefresh(jwt);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(1);
    expect(getSession().jwt).toBe(jwt);
    await vi.advanceTimersByTimeAsync(refreshRetryMs);
    expect(calls).toHaveLength(2);
    expect(getSession().jwt).toBe(fresh);
    stop();
    await vi.advanceTimersByTimeAsync(24 * hour);
    expect(calls).toHaveLength(2);
  });

  it('ends the session when the server says the token was revoked', async () => {
    stubApi({ 'POST /api/users/refresh': () => buildErrorEnvelope(3, 'Not logged in.') });
    const jwt = tokenExpiringIn(refreshAheadMs);
    login(jwt, buildAccount());
    const stop = scheduleTokenRefresh(jwt);
    await vi.advanceTimersByTimeAsync(10);
    expect(getSession().isLoggedIn).toBe(false);
    stop();
  });

  it("stops renewing at the login session's end: a token that runs out no later is not taken", async () => {
    const jwt = tokenExpiringIn(refreshAheadMs / 2);
    // Same expiry (the session's end), told apart by its claims.
    const capped = tokenExpiringIn(refreshAheadMs / 2, 'kim.capped@example.org');
    const { calls } = stubApi({ 'POST /api/users/refresh': () => buildEnvelope({ jwt: capped }) });
    login(jwt, buildAccount());
    const stop = scheduleTokenRefresh(jwt);
    await vi.advanceTimersByTimeAsync(refreshAheadMs);
    expect(calls).toHaveLength(1);
    expect(getSession().jwt).toBe(jwt);
    stop();
  });
});
