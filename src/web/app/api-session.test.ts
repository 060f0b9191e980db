import { describe, expect, it, vi } from 'vitest';
import { apiGet } from '../lib/api-client';
import { buildAccount, buildErrorEnvelope, logInAs, stubApi } from '../test-utils';
import { connectApiToSession } from './api-session';
import { getSession } from '../lib/session-store';

describe('API client wired to the session', () => {
  it('sends the session token, and on a 401 code 3 clears the session and goes to login with the return route', async () => {
    const { calls } = stubApi({
      'GET /api/users': () =>
        new Response(JSON.stringify(buildErrorEnvelope(3, 'Token expired.')), { status: 401 }),
    });
    const navigate = vi.fn();
    connectApiToSession(navigate);
    logInAs('admin@example.org', 'admin', buildAccount());
    const jwt = getSession().jwt;
    window.history.pushState({}, '', '/settings/users/?x=1');

    await apiGet('users');

    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${jwt ?? ''}`);
    expect(jwt).toBeTruthy();
    expect(getSession()).toMatchObject({ isLoggedIn: false, jwt: null, user: null, account: null });
    expect(navigate).toHaveBeenCalledWith('/login/?next=%2Fsettings%2Fusers%2F%3Fx%3D1');
    window.history.pushState({}, '', '/');
  });

  it('ignores a late code 3 for a token the session no longer holds, and stays on the logout page', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApi({
      'GET /api/accounts/1': async () => {
        await pending;
        return new Response(JSON.stringify(buildErrorEnvelope(3, 'Token revoked.')), { status: 401 });
      },
    });
    const navigate = vi.fn();
    connectApiToSession(navigate);
    logInAs('first@example.org', 'normal');
    const call = apiGet('accounts/1');
    logInAs('second@example.org', 'normal');
    release();
    await call;
    expect(getSession().user?.username).toBe('second@example.org');
    expect(navigate).not.toHaveBeenCalled();

    window.history.pushState({}, '', '/logout/');
    await apiGet('accounts/1');
    expect(getSession().isLoggedIn).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });
});
