import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { validateConfirmForm, type ConfirmForm } from '../../../../domain/validation';
import { useSession } from '../../../lib/session-store';
import { describeApiError } from '../../../lib/api-client';
import { useConfirmRegistration } from '../../../api/auth';
import { PasswordField } from '../../../components/password-field';
import { AlreadyLoggedIn } from '../components/already-logged-in';
import { AuthCard } from '../components/auth-card';

type Field = keyof ConfirmForm;

export function ConfirmPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const confirm = useConfirmRegistration();
  const [form, setForm] = useState<ConfirmForm>(() => ({
    username: searchParams.get('username') ?? '',
    confirmCode: searchParams.get('confirmCode') ?? '',
    password: '',
    passwordConfirm: '',
  }));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [isSaved, setIsSaved] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);

  if (session.isLoggedIn) {
    return (
      <AuthCard title="Set your password">
        <AlreadyLoggedIn />
      </AuthCard>
    );
  }

  const validity = validateConfirmForm(form);
  const isValid = Object.values(validity).every(Boolean);
  // An empty field the visitor has not reached yet is not an error; a filled or visited invalid one is.
  const isHighlighted = (field: Field) => (touched[field] === true || form[field] !== '') && !validity[field];

  function bindField(field: Field) {
    return {
      name: field,
      value: form[field],
      error: isHighlighted(field),
      onChange: (event: { currentTarget: HTMLInputElement }) => {
        const value = event.currentTarget.value;
        setForm((current) => ({ ...current, [field]: value }));
      },
      onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    };
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValid || confirm.isPending) return;
    setErrorText(null);
    try {
      await confirm.mutateAsync({ ...form, username: form.username.trim() });
      setIsSaved(true);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  if (isSaved) {
    return (
      <AuthCard title="Set your password">
        <SuccessNotice>
          Your registration was successful. You can now log in with the username and password you entered.
        </SuccessNotice>
        <Anchor component={Link} to="/login/">
          Go to Log In
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set your password">
      <form onSubmit={submitPassword} noValidate aria-label="Set your password">
        <Stack gap="md">
          <Text>Choose the password you will log in with.</Text>
          <TextInput
            label="Username (email)"
            type="email"
            autoComplete="username"
            required
            {...bindField('username')}
          />
          <TextInput
            label="Confirmation code"
            autoComplete="one-time-code"
            required
            {...bindField('confirmCode')}
          />
          <PasswordField
            label="Password"
            description="Must be greater than 10 characters."
            autoComplete="new-password"
            required
            {...bindField('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            {...bindField('passwordConfirm')}
          />
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <div>
            <Button type="submit" disabled={!isValid} loading={confirm.isPending}>
              Save
            </Button>
          </div>
        </Stack>
      </form>
    </AuthCard>
  );
}
