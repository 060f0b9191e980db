import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { validateConfirmForm, type ConfirmForm } from '../../../../domain/validation';
import { useSession } from '../../../lib/session-store';
import { describeApiError } from '../../../lib/api-client';
import { useConfirmRegistration } from '../../../api/auth';
import { PasswordField } from '../../../components/password-field';
import { AlreadyLoggedIn } from '../components/already-logged-in';
import { AuthCard } from '../components/auth-card';

type Field = keyof ConfirmForm;
const fields: Field[] = ['username', 'confirmCode', 'password', 'passwordConfirm'];

/** The fields to highlight (no message: the page says what each needs), among those `isReached`. */
function pickErrors(values: ConfirmForm, isReached: (field: Field) => boolean): FormErrors {
  const validity = validateConfirmForm(values);
  return Object.fromEntries(fields.map((field) => [field, isReached(field) && !validity[field]]));
}

export function ConfirmPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const confirm = useConfirmRegistration();
  const initialValues: ConfirmForm = {
    username: searchParams.get('username') ?? '',
    confirmCode: searchParams.get('confirmCode') ?? '',
    password: '',
    passwordConfirm: '',
  };
  // A field is highlighted once typed or left, or when the link filled it wrongly: an empty field the visitor has
  // not reached yet is not an error.
  const form = useForm<ConfirmForm>({
    initialValues,
    initialErrors: pickErrors(initialValues, (field) => initialValues[field] !== ''),
    validate: (values) => pickErrors(values, () => true),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  // The confirmation must match the password: a new password checks it again, once it was reached.
  form.watch('password', () => {
    if (form.isTouched('passwordConfirm') || form.getValues().passwordConfirm !== '')
      form.validateField('passwordConfirm');
  });
  const [isSaved, setIsSaved] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);

  if (session.isLoggedIn) {
    return (
      <AuthCard title="Set your password">
        <AlreadyLoggedIn />
      </AuthCard>
    );
  }

  const isValid = form.isValid();
  const bindField = (field: Field) => ({ name: field, ...form.getInputProps(field) });

  const submitPassword = form.onSubmit(async (values) => {
    if (confirm.isPending) return;
    setErrorText(null);
    try {
      await confirm.mutateAsync({ ...values, username: values.username.trim() });
      setIsSaved(true);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  });

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
