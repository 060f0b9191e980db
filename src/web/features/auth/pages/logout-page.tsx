import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { getSession, logout, useSession } from '../../../lib/session-store';
import { logoutOnServer } from '../../../api/auth';
import { AuthCard } from '../components/auth-card';

export function LogoutPage() {
  const session = useSession();
  // StrictMode runs effects twice in development; the token must be revoked once.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current || !getSession().isLoggedIn) return;
    hasStarted.current = true;
    // The server's answer does not matter: the browser forgets the session whatever happens.
    void logoutOnServer().finally(logout);
  }, []);

  return (
    <AuthCard title="Log Out">
      <Text>{session.isLoggedIn ? 'Loging Out...' : 'You are logged out.'}</Text>
    </AuthCard>
  );
}
