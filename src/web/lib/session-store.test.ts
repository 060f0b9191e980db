import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildJwt } from '../test-utils';
import {
  decodeSessionUser,
  getFilters,
  getSession,
  getTravel,
  login,
  logout,
  reloadSession,
  sessionStorageKey,
  setAccount,
  setFilters,
  setTravel,
  useSession,
} from './session-store';

const adminJwt = buildJwt({ username: 'admin@example.org', access_level: 'admin' });

function readStored(): unknown {
  return JSON.parse(window.localStorage.getItem(sessionStorageKey) ?? 'null');
}

describe('session store', () => {
  it('starts logged out', () => {
    expect(getSession()).toMatchObject({ isLoggedIn: false, jwt: null, user: null, account: null });
  });

  it('logs in with the user decoded from the token and persists it under one key', () => {
    const account = buildAccount();
    expect(login(adminJwt, account)).toBe(true);
    expect(getSession()).toMatchObject({
      isLoggedIn: true,
      jwt: adminJwt,
      user: { username: 'admin@example.org', access_level: 'admin' },
      account,
    });
    expect(readStored()).toMatchObject({ isLoggedIn: true, jwt: adminJwt, account: { id: 1 } });
  });

  it('restores a stored session', () => {
    login(adminJwt, buildAccount({ name: 'Restored' }));
    const stored = window.localStorage.getItem(sessionStorageKey);
    logout();
    window.localStorage.setItem(sessionStorageKey, stored ?? '');
    reloadSession();
    expect(getSession().isLoggedIn).toBe(true);
    expect(getSession().user?.username).toBe('admin@example.org');
    expect(getSession().account?.name).toBe('Restored');
  });

  it.each([
    ['not JSON', '{oops'],
    ['the wrong shape', JSON.stringify({ isLoggedIn: 'yes' })],
    [
      'a logged-in flag without a token',
      JSON.stringify({
        isLoggedIn: true,
        jwt: null,
        user: null,
        account: null,
        travelCache: {},
        filters: {},
      }),
    ],
    [
      'an unreadable token',
      JSON.stringify({
        isLoggedIn: true,
        jwt: 'abc',
        user: null,
        account: null,
        travelCache: {},
        filters: {},
      }),
    ],
  ])('falls back to logged out when storage holds %s', (_label, raw) => {
    window.localStorage.setItem(sessionStorageKey, raw);
    expect(() => reloadSession()).not.toThrow();
    expect(getSession()).toMatchObject({ isLoggedIn: false, jwt: null, user: null });
  });

  it('does not restore an expired token', () => {
    const expired = buildJwt({
      username: 'a@b.co',
      access_level: 'normal',
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    login(buildJwt({ username: 'a@b.co', access_level: 'normal' }), buildAccount());
    const stored = JSON.parse(window.localStorage.getItem(sessionStorageKey) ?? '{}') as Record<
      string,
      unknown
    >;
    window.localStorage.setItem(sessionStorageKey, JSON.stringify({ ...stored, jwt: expired }));
    reloadSession();
    expect(getSession().isLoggedIn).toBe(false);
  });

  it('refuses a token it cannot read', () => {
    expect(login('not-a-token', buildAccount())).toBe(false);
    expect(getSession().isLoggedIn).toBe(false);
    expect(decodeSessionUser(buildJwt({ username: 'x@y.z', access_level: 'sys_admin' }))).toEqual({
      username: 'x@y.z',
      access_level: 'sys_admin',
    });
  });

  it('logout clears token, user, account, filters and travel, in memory and in storage', () => {
    login(adminJwt, buildAccount());
    setFilters('clients', { filter: 'smith' });
    setTravel('1 Main St', '2 High St', { kms: 3.2, mins: 7 });
    logout();
    expect(getSession()).toEqual({
      isLoggedIn: false,
      jwt: null,
      user: null,
      account: null,
      travelCache: {},
      filters: {},
    });
    expect(readStored()).toMatchObject({ isLoggedIn: false, jwt: null, account: null, filters: {} });
  });

  it('saves and restores filters by name', () => {
    login(adminJwt, buildAccount());
    setFilters('clients', { filter: 'smith', filter_round: 'all' });
    setFilters('packing_list', { hot: true, frozen: false });
    reloadSession();
    expect(getFilters('clients')).toEqual({ filter: 'smith', filter_round: 'all' });
    expect(getFilters('packing_list')).toEqual({ hot: true, frozen: false });
    expect(getFilters('unknown')).toBeUndefined();
  });

  it('caches travel by from:to', () => {
    setTravel('A', 'B', { kms: 1.5, mins: 4 });
    expect(getTravel('A', 'B')).toEqual({ kms: 1.5, mins: 4 });
    expect(getTravel('B', 'A')).toBeUndefined();
    expect(getSession().travelCache).toEqual({ 'A:B': { kms: 1.5, mins: 4 } });
  });

  it('updates the account only while logged in', () => {
    setAccount(buildAccount({ name: 'Ignored' }));
    expect(getSession().account).toBeNull();
    login(adminJwt, buildAccount());
    setAccount(buildAccount({ name: 'Fresh' }));
    expect(getSession().account?.name).toBe('Fresh');
  });

  it('re-renders hook users on every change', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isLoggedIn).toBe(false);
    act(() => {
      login(adminJwt, buildAccount());
    });
    expect(result.current.isLoggedIn).toBe(true);
    act(() => logout());
    expect(result.current.isLoggedIn).toBe(false);
  });
});
