import { Alert, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { User } from '../../../../contracts/users';
import {
  assignableAccessLevels,
  describeAccessLevel,
  type AssignableAccessLevel,
} from '../../../../domain/access-level';
import { isValidEmail } from '../../../../domain/validation';
import { describeApiError } from '../../../lib/api-client';
import { useCreateUser, useUpdateUser } from '../../../api/users';
import { ErrorNotice } from '../../../components/error-notice';
import { useCloseAfterSuccess } from '../../../components/use-close-after-success';
import { FormActions } from '../../../components/form-actions';

const accessLevelOptions = assignableAccessLevels.map((level) => ({
  value: level,
  label: describeAccessLevel(level),
}));

function isAssignable(level: string): level is AssignableAccessLevel {
  return assignableAccessLevels.some((assignable) => assignable === level);
}

/** Adds a user (null) or edits one: the username is read-only when editing, only the access level changes. */
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const isEditing = user !== null;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const form = useForm({
    initialValues: {
      username: user?.username ?? '',
      // A System Admin is not a choice in this form; editing one starts with no level chosen.
      accessLevel: user ? (isAssignable(user.access_level) ? user.access_level : '') : 'normal',
    },
    // The username is checked once typed or left; an edited user's username is read-only.
    validateInputOnChange: true,
    validateInputOnBlur: true,
    validate: {
      username: (username) =>
        isEditing || isValidEmail(username.trim()) ? null : 'Username needs to be a valid email address.',
    },
  });
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  // A user added while the mail server is away: the mail is queued and sent later, which the admin should read.
  const [mailWarning, setMailWarning] = useState('');
  useCloseAfterSuccess(hasSucceeded && !mailWarning, 'saved', onClose);

  const values = form.getValues();
  const trimmedUsername = values.username.trim();
  // A level must be chosen; the select says so by its empty choice.
  const isValid = form.isValid() && isAssignable(values.accessLevel);
  const isPending = createUser.isPending || updateUser.isPending;

  function saveUser(level: AssignableAccessLevel): Promise<{ data: User; message: string }> {
    if (user) return updateUser.mutateAsync({ id: user.id, body: { access_level: level } });
    return createUser.mutateAsync({ username: trimmedUsername, access_level: level });
  }

  const submitUser = form.onSubmit(async ({ accessLevel }) => {
    if (!isAssignable(accessLevel) || !isValid || isPending || hasSucceeded) return;
    setErrorText(null);
    try {
      const { message } = await saveUser(accessLevel);
      // Only adding answers a message, when the registration mail could not go out yet.
      if (!isEditing) setMailWarning(message);
      setHasSucceeded(true);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  });

  return (
    <Modal opened onClose={onClose} title={isEditing ? 'Edit User' : 'Add User'}>
      <form onSubmit={submitUser} noValidate aria-label={isEditing ? 'Edit User' : 'Add User'}>
        <Stack gap="md">
          <TextInput
            label="Username"
            type="email"
            required={!isEditing}
            readOnly={isEditing}
            data-autofocus={isEditing ? undefined : true}
            {...form.getInputProps('username')}
          />
          <NativeSelect
            label="Access Level"
            required
            data={
              values.accessLevel === ''
                ? [{ value: '', label: 'Choose a level' }, ...accessLevelOptions]
                : accessLevelOptions
            }
            {...form.getInputProps('accessLevel')}
          />
          {hasSucceeded && !mailWarning && (
            <SuccessNotice>
              {isEditing
                ? 'User updated successfully'
                : `User added successfully. An email has been sent to ${trimmedUsername} to set a password.`}
            </SuccessNotice>
          )}
          {hasSucceeded && mailWarning && (
            <Alert color="yellow" role="status">
              {mailWarning}
            </Alert>
          )}
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <FormActions
            onCancel={onClose}
            submitLabel="Save"
            isPending={isPending}
            isDisabled={!isValid || hasSucceeded}
          />
        </Stack>
      </form>
    </Modal>
  );
}
