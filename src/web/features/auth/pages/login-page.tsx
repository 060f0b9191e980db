import { Button, Group, Stack, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isValidLoginPassword, isValidLoginUsername } from '../../../../domain/validation';
import { login, useSession } from '../../../lib/session-store';
import { ApiError } from '../../../lib/api-client';
import { readReturnPath } from '../../../lib/return-to';
import { useLogin } from '../../../api/auth';
import { PasswordField } from '../../../components/password-field';
import { AlreadyLoggedIn } from '../components/already-logged-in';
import { AuthCard } from '../components/auth-card';

/** How often the login form re-checks its validity. */
const validityCheckIntervalMs = 500;
const unknownErrorText = 'Unknown error. Please try again or contact us for assistance.';

/**
 * A failed login reads, word for word as users know it: 'There was an error logging you in: {server message}.'
 * then ' Please try again or contact us for assistance.'
 */
export function buildLoginErrorText(serverMessage: string): string {
  const message = serverMessage.trim().replace(/\.+$/, '');
  return `There was an error logging you in: ${message}.` + ' Please try again or contact us for assistance.';
}

/** Its fields stay in plain state, like the contact form's: `@mantine/form` would push /login/ over its 180 kB budget. */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const loginMutation = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [canSubmit, setCanSubmit] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Reads the fields themselves rather than state: browser autofill can fill them without a change event.
  const checkValidity = useCallback(() => {
    const currentUsername = usernameRef.current?.value ?? '';
    const currentPassword = passwordRef.current?.value ?? '';
    setUsername(currentUsername);
    setPassword(currentPassword);
    setCanSubmit(isValidLoginUsername(currentUsername) && isValidLoginPassword(currentPassword));
  }, []);

  useEffect(() => {
    const timer = window.setInterval(checkValidity, validityCheckIntervalMs);
    return () => window.clearInterval(timer);
  }, [checkValidity]);

  if (session.isLoggedIn) {
    return (
      <AuthCard title="Log in">
        <AlreadyLoggedIn />
      </AuthCard>
    );
  }

  async function submitLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || loginMutation.isPending) return;
    setErrorText(null);
    try {
      const result = await loginMutation.mutateAsync({ username, password });
      if (!login(result.jwt, result.account)) {
        setErrorText(unknownErrorText);
        return;
      }
      void navigate(readReturnPath(location.search), { replace: true });
    } catch (error) {
      setErrorText(error instanceof ApiError ? buildLoginErrorText(error.meta.message) : unknownErrorText);
    }
  }

  const usernameError =
    username && !isValidLoginUsername(username) ? 'Username needs to be a valid email.' : null;
  const passwordError =
    password && !isValidLoginPassword(password) ? 'Password needs to be 6 or more letters.' : null;

  return (
    <AuthCard title="Log in">
      <form onSubmit={submitLogin} noValidate aria-label="Log in">
        <Stack gap="md">
          <TextInput
            ref={usernameRef}
            label="Username"
            name="username"
            type="email"
            autoComplete="username"
            value={username}
            error={usernameError}
            onChange={(e) => setUsername(e.currentTarget.value)}
            onKeyUp={checkValidity}
          />
          <PasswordField
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(e) => setPassword(e.currentTarget.value)}
            onKeyUp={checkValidity}
          />
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group justify="space-between">
            <Button component={Link} to="/forgot/" variant="subtle">
              Forgot Password
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={loginMutation.isPending}>
              Log in
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
