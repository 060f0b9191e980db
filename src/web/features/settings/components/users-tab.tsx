import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { User } from '../../../../contracts/users';
import { describeAccessLevel } from '../../../../domain/access-level';
import { useDeleteUser, useSendPasswordReset, useUsers } from '../../../api/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { UserFormModal } from './user-form-modal';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'reset'; user: User };

/** Users of the account (admin only). `currentUsername` is the logged-in user, whose row offers no Delete. */
export function UsersTab({ currentUsername }: { currentUsername: string }) {
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const sendPasswordReset = useSendPasswordReset();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const closeDialog = () => setDialog(null);
  const isOwnRow = (user: User) => user.username.toLowerCase() === currentUsername.toLowerCase();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        <Button onClick={() => setDialog({ kind: 'add' })}>Add User</Button>
      </Group>
      {users.isPending && <Text>Loading...</Text>}
      <ErrorNotice text={users.error?.message} />
      {users.isSuccess && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Username</Table.Th>
              <Table.Th>Access Level</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>No users found</Table.Td>
              </Table.Tr>
            )}
            {users.data.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.username}</Table.Td>
                <Table.Td>{describeAccessLevel(user.access_level)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'edit', user })}>
                      Edit
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'reset', user })}>
                      Send Password Reset
                    </Button>
                    {!isOwnRow(user) && (
                      <Button size="xs" color="red" onClick={() => setDialog({ kind: 'delete', user })}>
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialog?.kind === 'add' && <UserFormModal user={null} onClose={closeDialog} />}
      {dialog?.kind === 'edit' && (
        <UserFormModal key={dialog.user.id} user={dialog.user} onClose={closeDialog} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete User"
          question={`Are you sure you want to delete the user ${dialog.user.username}? This action cannot be undone.`}
          confirmLabel="Delete"
          confirmColor="red"
          success={{ text: 'User deleted successfully', closeDelay: 'saved' }}
          isPending={deleteUser.isPending}
          runAction={() => deleteUser.mutateAsync(dialog.user.id)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'reset' && (
        <ConfirmDialog
          title="Send Password Reset"
          question={`Send a password reset email to ${dialog.user.username}?`}
          confirmLabel="Send"
          success={{
            text: `Email instructions successfully sent to ${dialog.user.username}`,
            closeDelay: 'sent',
          }}
          isPending={sendPasswordReset.isPending}
          runAction={() => sendPasswordReset.mutateAsync(dialog.user.id)}
          onClose={closeDialog}
        />
      )}
    </Stack>
  );
}
