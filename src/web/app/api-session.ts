import { configureApiClient } from '../lib/api-client';
import { buildLoginPath } from '../lib/return-to';
import { getSession, logout } from '../lib/session-store';

/**
 * Gives the API client the session's token, and ends the session when a logged-in call answers code 3
 * (token expired or revoked): the visitor goes to the login page and returns to where they were afterwards.
 */
export function connectApiToSession(navigate: (to: string) => void): void {
  configureApiClient({
    getJwt: () => getSession().jwt,
    onSessionExpired: (expiredJwt) => {
      // A late answer to a call made before logging out (or in again) says nothing about the current session.
      if (getSession().jwt !== expiredJwt) return;
      const { pathname, search } = window.location;
      logout();
      // The logout page revokes the token itself and says so; leaving it for the login page would hide that.
      if (!/^\/logout(\/|$)/.test(pathname)) navigate(buildLoginPath(`${pathname}${search}`));
    },
  });
}
