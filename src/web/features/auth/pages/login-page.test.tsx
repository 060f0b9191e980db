import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session-store';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  buildJwt,
  isDisabled,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

const loginButton = () => screen.getByRole('button', { name: 'Log in' });

describe('login page', () => {
  it('keeps Log in disabled until both fields are valid, and shows errors only for non-empty fields', async () => {
    stubApi({});
    const { user } = renderApp('/login/');
    const username = await screen.findByLabelText('Username');
    const password = screen.getByLabelText('Password');

    expect(isDisabled(loginButton())).toBe(true);
    expect(screen.queryByText('Username needs to be a valid email.')).toBeNull();
    expect(screen.queryByText('Password needs to be 6 or more letters.')).toBeNull();

    await user.type(username, 'bob');
    expect(screen.getByText('Username needs to be a valid email.')).toBeTruthy();
    expect(screen.queryByText('Password needs to be 6 or more letters.')).toBeNull();
    expect(isDisabled(loginButton())).toBe(true);

    await user.clear(username);
    expect(screen.queryByText('Username needs to be a valid email.')).toBeNull();

    await user.type(username, 'bob@example.org');
    await user.type(password, '12345');
    expect(screen.queryByText('Username needs to be a valid email.')).toBeNull();
    const passwordError = screen.getByText('Password needs to be 6 or more letters.');
    // The message is announced with the field, not just painted under it.
    expect(password.getAttribute('aria-describedby')).toContain(passwordError.id);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(loginButton())).toBe(true);

    await user.type(password, '6');
    expect(screen.queryByText('Password needs to be 6 or more letters.')).toBeNull();
    expect(isDisabled(loginButton())).toBe(false);
  });

  it('reaches the show-password button with Tab, and it shows and hides the password', async () => {
    stubApi({});
    const { user } = renderApp('/login/');
    const password = await screen.findByLabelText<HTMLInputElement>('Password');
    await user.click(password);
    await user.keyboard('secret-password');
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.keyboard(' ');
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Enter}');
    expect(password.type).toBe('password');
  });

  it('re-checks validity on its 500 ms timer, catching values filled without key presses', async () => {
    stubApi({});
    renderApp('/login/');
    const username = await screen.findByLabelText<HTMLInputElement>('Username');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    // What browser autofill does: the value changes with no keyboard or change event.
    username.value = 'autofill@example.org';
    password.value = 'secret-password';
    expect(isDisabled(loginButton())).toBe(true);
    await waitFor(() => expect(isDisabled(loginButton())).toBe(false), { timeout: 1500 });
  });

  it('shows the server message in one sentence when logging in fails', async () => {
    const { calls } = stubApi({
      'POST /api/users/login': () => buildErrorEnvelope(3, 'Invalid username or password.'),
    });
    const { user } = renderApp('/login/');
    await user.type(await screen.findByLabelText('Username'), 'bob@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(loginButton());

    expect(
      await screen.findByText(
        'There was an error logging you in: Invalid username or password. Please try again or contact us for assistance.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/users/login')?.body).toEqual({
      username: 'bob@example.org',
      password: 'wrong-password',
    });
    expect(getSession().isLoggedIn).toBe(false);
  });

  it('shows the unknown error text when the answer cannot be used', async () => {
    stubApi({ 'POST /api/users/login': () => buildEnvelope({ jwt: 'garbage', account: buildAccount() }) });
    const { user } = renderApp('/login/');
    await user.type(await screen.findByLabelText('Username'), 'bob@example.org');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(loginButton());
    expect(
      await screen.findByText('Unknown error. Please try again or contact us for assistance.'),
    ).toBeTruthy();
  });

  it('stores the session and goes to /clients on success', async () => {
    const jwt = buildJwt({ username: 'bob@example.org', access_level: 'normal' });
    stubApi({ 'POST /api/users/login': () => buildEnvelope({ jwt, account: buildAccount() }) });
    const { user, router } = renderApp('/login/');
    await user.type(await screen.findByLabelText('Username'), 'bob@example.org');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(loginButton());

    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/clients');
    expect(getSession()).toMatchObject({ isLoggedIn: true, jwt, user: { username: 'bob@example.org' } });
  });

  it('sends a logged-out visitor of an app route to login and back there afterwards', async () => {
    const jwt = buildJwt({ username: 'bob@example.org', access_level: 'normal' });
    stubApi({ 'POST /api/users/login': () => buildEnvelope({ jwt, account: buildAccount() }) });
    const { user, router } = renderApp('/meals');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/');
    expect(router.state.location.search).toBe('?next=%2Fmeals');

    await user.type(screen.getByLabelText('Username'), 'bob@example.org');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(loginButton());
    expect(await screen.findByRole('heading', { name: 'Meals' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/meals');
  });

  it('says so instead of showing the form when already logged in', async () => {
    stubApi({});
    logInAs('bob@example.org', 'normal');
    renderApp('/login/');
    expect(await screen.findByText('You are already logged in.')).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});
