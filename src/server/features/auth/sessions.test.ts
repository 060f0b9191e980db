import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefreshResult } from '../../../contracts/auth';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, testSecret, type TestApp } from '../../testing/test-app';
import { createTokenService } from './tokens';

const hour = 60 * 60 * 1000;
let t: TestApp;
let clock = new Date('2026-11-23T06:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => t.close());

function readExpiry(jwt: string): Date {
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
  return new Date(claims.exp * 1000);
}

async function refresh(token: string): Promise<string> {
  const result = await t.call<RefreshResult>('POST', '/api/users/refresh', { token, body: {} });
  expect(result.body.meta.error_code).toBe(0);
  return result.body.data.jwt;
}

async function readAccountStatus(token: string, accountId: number) {
  const result = await t.call('GET', `/api/accounts/${accountId}`, { token });
  return { status: result.status, code: result.body.meta.error_code };
}

describe('a login session', () => {
  it('ends at logout with every token renewed from it, and no other', async () => {
    const { user, account } = await t.createAccount('Session Logout');
    const first = await t.login(user.username);
    const renewed = await refresh(first);
    const renewedAgain = await refresh(renewed);
    const otherLogin = await t.login(user.username);

    const out = await t.call('POST', '/api/users/logout', { token: renewedAgain, body: {} });
    expect(out.body.meta).toMatchObject({ error_code: 0, message: 'You are logged out.' });

    for (const token of [first, renewed, renewedAgain]) {
      expect(await readAccountStatus(token, account.id)).toEqual({ status: 401, code: 3 });
      const again = await t.call('POST', '/api/users/refresh', { token, body: {} });
      expect(again.body.meta.error_code).toBe(3);
    }
    expect(await readAccountStatus(otherLogin, account.id)).toEqual({ status: 200, code: 0 });
  });

  it('logging out with the first token also ends the tokens renewed from it', async () => {
    const { user, account } = await t.createAccount('Session First');
    const first = await t.login(user.username);
    const renewed = await refresh(first);
    await t.call('POST', '/api/users/logout', { token: first, body: {} });
    expect(await readAccountStatus(renewed, account.id)).toEqual({ status: 401, code: 3 });
  });

  it('runs 16 hours from the log in at most, however often it is renewed', async () => {
    const { user, account } = await t.createAccount('Session Lifetime');
    const loggedInAt = clock.getTime();
    const token = await t.login(user.username);
    expect(readExpiry(token).getTime()).toBe(loggedInAt + 12 * hour);

    clock = new Date(loggedInAt + 11 * hour);
    const renewed = await refresh(token);
    // Not 12 hours from the renewal: the session's end.
    expect(readExpiry(renewed).getTime()).toBe(loggedInAt + 16 * hour);

    clock = new Date(loggedInAt + 16 * hour - 60_000);
    const last = await refresh(renewed);
    expect(readExpiry(last).getTime()).toBe(loggedInAt + 16 * hour);
    expect(await readAccountStatus(last, account.id)).toEqual({ status: 200, code: 0 });

    clock = new Date(loggedInAt + 16 * hour);
    expect(await readAccountStatus(last, account.id)).toEqual({ status: 401, code: 3 });
    const tooLate = await t.call('POST', '/api/users/refresh', { token: last, body: {} });
    expect(tooLate.status).toBe(401);
    expect(tooLate.body.meta.error_code).toBe(3);

    // A new log in starts a new session.
    const fresh = await t.login(user.username);
    expect(await readAccountStatus(fresh, account.id)).toEqual({ status: 200, code: 0 });
  });

  it('refuses a token of the old kind, without a login session, with code 3', async () => {
    const { account } = await t.createAccount('Session Old Token');
    const header = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: '1', jti: 'x', exp: 4_000_000_000 })).toString(
      'base64url',
    );
    expect(await readAccountStatus(`${header}.${payload}.c2ln`, account.id)).toEqual({
      status: 401,
      code: 3,
    });
  });

  it("ends at once when the user is deleted, and other users' sessions go on", async () => {
    const { admin, user, account } = await t.createAccount('Session Delete');
    const adminToken = await t.login(admin.username);
    const userToken = await refresh(await t.login(user.username));
    const deleted = await t.call('DELETE', `/api/users/${user.id}`, { token: adminToken });
    expect(deleted.body.meta.error_code).toBe(0);
    expect(await readAccountStatus(userToken, account.id)).toEqual({ status: 401, code: 3 });
    expect(await readAccountStatus(adminToken, account.id)).toEqual({ status: 200, code: 0 });
  });
});

/** A token signed with the app's own secret for the login session of `jwt`, with some claims changed. */
async function signLike(jwt: string, change: { accountId?: number; issuedAt?: Date }): Promise<string> {
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    username: string;
    access_level: 'normal' | 'admin';
    account_id: number;
    ver: number;
    sid: string;
  };
  const issuedAt = change.issuedAt ?? clock;
  return createTokenService(testSecret).sign(
    {
      userId: Number(claims.sub),
      accountId: change.accountId ?? claims.account_id,
      username: claims.username,
      accessLevel: claims.access_level,
      tokenVersion: claims.ver,
      sessionId: claims.sid,
    },
    { issuedAt, expiresAt: new Date(issuedAt.getTime() + 12 * hour) },
  );
}

describe('a signed token is checked against the user as well (defence in depth)', () => {
  it("refuses a token naming another account than the user's own, with code 3", async () => {
    const { user, account } = await t.createAccount('Claims Own');
    const other = await t.createAccount('Claims Other');
    const token = await t.login(user.username);
    expect(await readAccountStatus(await signLike(token, {}), account.id)).toEqual({ status: 200, code: 0 });
    const forged = await signLike(token, { accountId: other.account.id });
    expect(await readAccountStatus(forged, other.account.id)).toEqual({ status: 401, code: 3 });
    expect(await readAccountStatus(forged, account.id)).toEqual({ status: 401, code: 3 });
  });

  it('refuses a token issued in the future (beyond a minute of clock difference), with code 3', async () => {
    const { user, account } = await t.createAccount('Claims Future');
    const token = await t.login(user.username);
    const slightlyAhead = await signLike(token, { issuedAt: new Date(clock.getTime() + 30_000) });
    expect(await readAccountStatus(slightlyAhead, account.id)).toEqual({ status: 200, code: 0 });
    const future = await signLike(token, { issuedAt: new Date(clock.getTime() + hour) });
    expect(await readAccountStatus(future, account.id)).toEqual({ status: 401, code: 3 });
  });
});

describe('SESSION_LIFETIME_HOURS', () => {
  it('sets the absolute lifetime; a token never outlives it', async () => {
    const short = await createTestApp({ SESSION_LIFETIME_HOURS: '2' }, { now: () => clock });
    try {
      const { user } = await short.createAccount('Short Sessions');
      const token = await short.login(user.username);
      expect(readExpiry(token).getTime()).toBe(clock.getTime() + 2 * hour);
    } finally {
      await short.close();
    }
  });

  it('defaults to 16 and refuses nonsense with one line naming it', () => {
    expect(loadConfig({}).SESSION_LIFETIME_HOURS).toBe(16);
    expect(() => loadConfig({ SESSION_LIFETIME_HOURS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_LIFETIME_HOURS: 'all day' })).toThrow(
      /^Invalid configuration: SESSION_LIFETIME_HOURS /,
    );
  });
});
