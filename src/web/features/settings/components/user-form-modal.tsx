import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { useState, type FormEvent } from 'react';
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
  const [username, setUsername] = useState(user?.username ?? '');
  // A System Admin is not a choice in this form; editing one starts with no level chosen.
  const [accessLevel, setAccessLevel] = useState<string>(
    user ? (isAssignable(user.access_level) ? user.access_level : '') : 'normal',
  );
  const [isUsernameTouched, setIsUsernameTouched] = useState(false);
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  // A user added while the mail server is away: the mail is queued and sent later, which the admin should read.
  const [mailWarning, setMailWarning] = useState('');
  useCloseAfterSuccess(hasSucceeded && !mailWarning, 'saved', onClose);

  const trimmedUsername = username.trim();
  const isUsernameValid = isValidEmail(trimmedUsername);
  const isValid = isUsernameValid && isAssignable(accessLevel);
  const isPending = createUser.isPending || updateUser.isPending;

  function saveUser(level: AssignableAccessLevel): Promise<{ data: User; message: string }> {
    if (user) return updateUser.mutateAsync({ id: user.id, body: { access_level: level } });
    return createUser.mutateAsync({ username: trimmedUsername, access_level: level });
  }

  async function submitUser(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
  }

  const showUsernameHelp = !isEditing && (isUsernameTouched || username !== '') && !isUsernameValid;

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
            value={username}
            error={showUsernameHelp ? 'Username needs to be a valid email address.' : null}
            onChange={(e) => setUsername(e.currentTarget.value)}
            onBlur={() => setIsUsernameTouched(true)}
          />
          <NativeSelect
            label="Access Level"
            required
            value={accessLevel}
            data={
              accessLevel === ''
                ? [{ value: '', label: 'Choose a level' }, ...accessLevelOptions]
                : accessLevelOptions
            }
            onChange={(e) => setAccessLevel(e.currentTarget.value)}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid || hasSucceeded} loading={isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
