import { Button, Group, Stack, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useForm } from '@mantine/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isValidLoginPassword, isValidLoginUsername } from '../../../../domain/validation';
import { login, useSession } from '../../../lib/session-store';
import { ApiError } from '../../../lib/api-client';
import { readReturnPath } from '../../../lib/return-to';
import { useLogin } from '../../../api/auth';
import { PasswordField } from '../../../components/password-field';
import { AlreadyLoggedIn } from '../components/already-logged-in';
import { AuthCard } from '../components/auth-card';

/** How often the login form reads its fields again, for values the browser filled in. */
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

type LoginValues = { username: string; password: string };

/** An empty field is not refused yet: it waits to be typed. */
const loginRules = {
  username: (username: string) =>
    username !== '' && !isValidLoginUsername(username) ? 'Username needs to be a valid email.' : null,
  password: (password: string) =>
    password !== '' && !isValidLoginPassword(password) ? 'Password needs to be 6 or more letters.' : null,
};

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const loginMutation = useLogin();
  const form = useForm<LoginValues>({
    initialValues: { username: '', password: '' },
    validate: loginRules,
    validateInputOnChange: true,
  });
  const [errorText, setErrorText] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { getValues, setValues, validate } = form;

  // Reads the fields themselves: browser autofill can fill them without a change event.
  const readFilledFields = useCallback(() => {
    const filled = { username: usernameRef.current?.value ?? '', password: passwordRef.current?.value ?? '' };
    const held = getValues();
    if (filled.username === held.username && filled.password === held.password) return;
    setValues(filled);
    validate();
  }, [getValues, setValues, validate]);

  useEffect(() => {
    const timer = window.setInterval(readFilledFields, validityCheckIntervalMs);
    return () => window.clearInterval(timer);
  }, [readFilledFields]);

  if (session.isLoggedIn) {
    return (
      <AuthCard title="Log in">
        <AlreadyLoggedIn />
      </AuthCard>
    );
  }

  const { username, password } = form.getValues();
  const canSubmit = isValidLoginUsername(username) && isValidLoginPassword(password);

  const submitLogin = form.onSubmit(async (values) => {
    if (!canSubmit || loginMutation.isPending) return;
    setErrorText(null);
    try {
      const result = await loginMutation.mutateAsync(values);
      if (!login(result.jwt, result.account)) {
        setErrorText(unknownErrorText);
        return;
      }
      void navigate(readReturnPath(location.search), { replace: true });
    } catch (error) {
      setErrorText(error instanceof ApiError ? buildLoginErrorText(error.meta.message) : unknownErrorText);
    }
  });

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
            {...form.getInputProps('username')}
          />
          <PasswordField
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
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
