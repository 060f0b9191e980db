import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session-store';
import {
  buildEnvelope,
  buildErrorEnvelope,
  isDisabled,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

describe('forgot page', () => {
  it('requests a reset and answers the same way whether or not the account exists', async () => {
    const { calls } = stubApi({ 'POST /api/users/forgot': () => buildEnvelope(null) });
    const { user } = renderApp('/forgot/');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Reset Password' });
    expect(isDisabled(button)).toBe(true);
    await user.type(screen.getByLabelText(/Username/), 'someone@example.org');
    await user.click(button);
    expect(
      await screen.findByText(
        'Thanks. If an account exists with that email address, an email has been sent to it with instructions to reset your password.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/users/forgot')?.body).toEqual({
      username: 'someone@example.org',
    });
  });

  it('shows the generic error, or the rate-limit message', async () => {
    let answer = buildErrorEnvelope(99, 'Internal error.');
    stubApi({ 'POST /api/users/forgot': () => answer });
    const { user } = renderApp('/forgot/');
    await user.type(await screen.findByLabelText(/Username/), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();

    answer = buildErrorEnvelope(8, 'Too many requests. Try again in 10 minutes.');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Too many requests. Try again in 10 minutes.')).toBeTruthy();
  });

  it('refuses when logged in', async () => {
    stubApi({});
    logInAs('bob@example.org', 'normal');
    renderApp('/forgot/');
    expect(await screen.findByText('You are already logged in.')).toBeTruthy();
  });
});

describe('logout page', () => {
  it('revokes the token, clears the session and says so', async () => {
    const { calls } = stubApi({ 'POST /api/users/logout': () => buildEnvelope(null) });
    logInAs('bob@example.org', 'normal');
    const jwt = getSession().jwt;
    renderApp('/logout/');
    expect(screen.getByText('Loging Out...')).toBeTruthy();
    expect(await screen.findByText('You are logged out.')).toBeTruthy();
    expect(getSession().isLoggedIn).toBe(false);
    const logoutCalls = calls.filter((call) => call.path === '/api/users/logout');
    expect(logoutCalls).toHaveLength(1);
    expect(logoutCalls[0]?.headers.get('Authorization')).toBe(`Bearer ${jwt ?? ''}`);
  });

  it('logs out even when the server call fails', async () => {
    stubApi({ 'POST /api/users/logout': () => new Response('nope', { status: 500 }) });
    logInAs('bob@example.org', 'normal');
    renderApp('/logout/');
    expect(await screen.findByText('You are logged out.')).toBeTruthy();
    expect(getSession().isLoggedIn).toBe(false);
  });
});
