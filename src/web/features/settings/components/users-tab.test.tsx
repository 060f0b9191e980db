import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../contracts/users';
import {
  buildEnvelope,
  buildErrorEnvelope,
  isDisabled,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

function buildUser(id: number, username: string, accessLevel: User['access_level']): User {
  return { id, username, access_level: accessLevel, account_id: 1, is_confirmed: true };
}

const users = [
  buildUser(1, 'admin@example.org', 'admin'),
  buildUser(2, 'kitchen@example.org', 'normal'),
  buildUser(3, 'owner@example.org', 'sys_admin'),
];

async function findRow(username: string) {
  const cell = await screen.findByRole('cell', { name: username });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

describe('settings users tab', () => {
  it('lists users with their access level and hides Delete on the logged-in user row', async () => {
    stubApi({ 'GET /api/users': () => buildEnvelope(users) });
    logInAs('admin@example.org', 'admin');
    renderApp('/settings/users/');

    const ownRow = await findRow('admin@example.org');
    expect(within(ownRow).getByText('Admin')).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: 'Send Password Reset' })).toBeTruthy();
    expect(within(ownRow).queryByRole('button', { name: 'Delete' })).toBeNull();

    const otherRow = await findRow('kitchen@example.org');
    expect(within(otherRow).getByText('User')).toBeTruthy();
    expect(within(otherRow).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(await findRow('owner@example.org')).getByText('System Admin')).toBeTruthy();
  });

  it('shows Loading... then No users found for an empty list', async () => {
    stubApi({ 'GET /api/users': () => buildEnvelope([]) });
    logInAs('admin@example.org', 'admin');
    renderApp('/settings/users/');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('asks before deleting, deletes, refreshes the list and closes after a second', async () => {
    let current = users;
    const { calls } = stubApi({
      'GET /api/users': () => buildEnvelope(current),
      'DELETE /api/users/2': () => {
        current = users.filter((user) => user.id !== 2);
        return buildEnvelope(null);
      },
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/users/');
    await user.click(within(await findRow('kitchen@example.org')).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete the user kitchen@example.org? This action cannot be undone.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('User deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'kitchen@example.org' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
  });

  it('shows the server message in a dismissible notice when deleting fails', async () => {
    stubApi({
      'GET /api/users': () => buildEnvelope(users),
      'DELETE /api/users/2': () => buildErrorEnvelope(6, 'The last admin cannot be deleted.'),
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/users/');
    await user.click(within(await findRow('kitchen@example.org')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('The last admin cannot be deleted.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByText('The last admin cannot be deleted.')).toBeNull();
  });

  it('sends a password reset after confirming', async () => {
    const { calls } = stubApi({
      'GET /api/users': () => buildEnvelope(users),
      'POST /api/users/2/reset': () => buildEnvelope({ username: 'kitchen@example.org' }),
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/users/');
    await user.click(
      within(await findRow('kitchen@example.org')).getByRole('button', { name: 'Send Password Reset' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send a password reset email to kitchen@example.org?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText('Email instructions successfully sent to kitchen@example.org'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/users/2/reset')).toHaveLength(1);
  });

  it('adds a user: Save waits for a valid email, then posts username and access level', async () => {
    const { calls } = stubApi({
      'GET /api/users': () => buildEnvelope(users),
      'POST /api/users': () => buildEnvelope(buildUser(4, 'driver@example.org', 'admin')),
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/users/');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(isDisabled(save)).toBe(true);

    await user.type(within(dialog).getByLabelText(/Username/), 'driver');
    expect(within(dialog).getByText('Username needs to be a valid email address.')).toBeTruthy();
    expect(isDisabled(save)).toBe(true);

    await user.type(within(dialog).getByLabelText(/Username/), '@example.org');
    await user.selectOptions(within(dialog).getByLabelText(/Access Level/), 'Admin');
    expect(isDisabled(save)).toBe(false);
    await user.click(save);
    expect(await within(dialog).findByText(/User added successfully/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/users')?.body).toEqual({
      username: 'driver@example.org',
      access_level: 'admin',
    });
  });

  it('says so and stays open when the registration mail could not go out yet', async () => {
    const late =
      'User added. The registration email to driver@example.org could not be sent yet (connection refused); it will be sent again automatically.';
    stubApi({
      'GET /api/users': () => buildEnvelope(users),
      'POST /api/users': () => buildEnvelope(buildUser(4, 'driver@example.org', 'normal'), { message: late }),
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/users/');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Username/), 'driver@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(late)).toBeTruthy();
    expect(within(dialog).queryByText(/User added successfully/)).toBeNull();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('edits only the access level, with the username read-only', async () => {
    const { calls } = stubApi({
      'GET /api/users': () => buildEnvelope(users),
      'PUT /api/users/2': () => buildEnvelope(buildUser(2, 'kitchen@example.org', 'admin')),
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/users/');
    await user.click(within(await findRow('kitchen@example.org')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Username/).readOnly).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText(/Access Level/), 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('User updated successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ access_level: 'admin' });
  });

  it('hides admin-only items from a normal user and opens the Rounds tab', async () => {
    const { calls } = stubApi({});
    logInAs('kitchen@example.org', 'normal');
    const { router } = renderApp('/settings/');
    expect(await screen.findByRole('heading', { name: 'Rounds' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings/rounds/');
    const menu = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(menu).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'CMS Integration' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Routes' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Meals' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/users')).toBe(false);
  });
});
