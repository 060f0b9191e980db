import { Button, Stack, Text, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorCode } from '../../../../contracts/envelope';
import { isValidEmail } from '../../../../domain/validation';
import { useSession } from '../../../lib/session-store';
import { ApiError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../../../api/auth';
import { AlreadyLoggedIn } from '../components/already-logged-in';
import { AuthCard } from '../components/auth-card';

const successText =
  'Thanks. If an account exists with that email address, an email has been sent to it with instructions to reset your password.';
const failureText = 'An error occurred. Please try again later.';

export function ForgotPage() {
  const session = useSession();
  const resetRequest = useRequestPasswordReset();
  // Checked as typed; an empty field is not refused yet, only kept from being sent.
  const form = useForm({
    initialValues: { username: '' },
    validate: {
      username: (username) =>
        username.trim() !== '' && !isValidEmail(username.trim())
          ? 'Username needs to be a valid email address.'
          : null,
    },
    validateInputOnChange: true,
  });
  const [isSent, setIsSent] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);

  if (session.isLoggedIn) {
    return (
      <AuthCard title="Reset your password">
        <AlreadyLoggedIn />
      </AuthCard>
    );
  }

  const trimmed = form.getValues().username.trim();
  const isValid = isValidEmail(trimmed);

  const submitReset = form.onSubmit(async () => {
    if (!isValid || resetRequest.isPending) return;
    setErrorText(null);
    try {
      await resetRequest.mutateAsync({ username: trimmed });
      setIsSent(true);
    } catch (error) {
      // A rate-limit answer says when to try again, which is worth passing on.
      const isRateLimited = error instanceof ApiError && error.code === ErrorCode.tooManyRequests;
      setErrorText(isRateLimited ? error.meta.message : failureText);
    }
  });

  return (
    <AuthCard title="Reset your password">
      {isSent ? (
        <SuccessNotice>{successText}</SuccessNotice>
      ) : (
        <form onSubmit={submitReset} noValidate aria-label="Reset your password">
          <Stack gap="md">
            <Text>Enter the email address you log in with.</Text>
            <TextInput
              label="Username (email)"
              name="username"
              type="email"
              autoComplete="username"
              required
              {...form.getInputProps('username')}
            />
            <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
            <div>
              <Button type="submit" disabled={!isValid} loading={resetRequest.isPending}>
                Reset Password
              </Button>
            </div>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
