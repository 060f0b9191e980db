import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAccount } from '../api/accounts';
import { publicConfigKeys } from '../api/query-keys';
import { setAccount, useSession } from '../lib/session-store';
import { scheduleTokenRefresh } from './token-refresh';

/** Keeps browser state in step with the session; renders nothing. */
export function SessionSync() {
  const { isLoggedIn, account, jwt } = useSession();
  const accountId = account?.id;
  const queryClient = useQueryClient();
  const wasLoggedIn = useRef(isLoggedIn);

  // The stored account may be days old (rounds, settings changed by an admin): refresh it once per app load.
  // Not when the app opens on /logout/: the token is being revoked, and the refresh would race it into a 401.
  const isLoggingOut = window.location.pathname.startsWith('/logout');
  const freshAccount = useAccount(accountId, { isEnabled: isLoggedIn && !isLoggingOut, isOncePerLoad: true });

  useEffect(() => {
    if (freshAccount.data) setAccount(freshAccount.data);
  }, [freshAccount.data]);

  // A screen left open all day (the kitchen's) stays logged in: the token is renewed before it expires.
  useEffect(() => {
    if (!isLoggedIn || !jwt || isLoggingOut) return undefined;
    return scheduleTokenRefresh(jwt);
  }, [isLoggedIn, jwt, isLoggingOut]);

  // Cached answers belong to the user who fetched them; drop them when the session ends.
  useEffect(() => {
    if (wasLoggedIn.current && !isLoggedIn) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== publicConfigKeys.all[0] });
    }
    wasLoggedIn.current = isLoggedIn;
  }, [isLoggedIn, queryClient]);

  return null;
}
