import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildEnvelope,
  buildErrorEnvelope,
  isDisabled,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const confirmPath = '/confirm?username=new%40example.org&confirmCode=ABC123';

describe('confirm page', () => {
  it('prefills username and code from the query', async () => {
    stubApi({});
    renderApp(confirmPath);
    expect((await screen.findByLabelText<HTMLInputElement>(/Username/)).value).toBe('new@example.org');
    expect(screen.getByLabelText<HTMLInputElement>(/Confirmation code/).value).toBe('ABC123');
    expect(screen.getByText('Must be greater than 10 characters.')).toBeTruthy();
  });

  it('enables Save only when every field is valid, highlighting the invalid ones', async () => {
    stubApi({});
    const { user } = renderApp(confirmPath);
    const password = await screen.findByLabelText(/^Password/);
    const passwordConfirm = screen.getByLabelText(/^Confirm password/);
    expect(isDisabled(saveButton())).toBe(true);

    await user.type(password, '123456789');
    await user.type(passwordConfirm, '123456789');
    expect(isDisabled(saveButton())).toBe(true);
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.type(password, '0');
    expect(password.getAttribute('aria-invalid')).not.toBe('true');
    expect(passwordConfirm.getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(saveButton())).toBe(true);

    await user.type(passwordConfirm, '0');
    expect(passwordConfirm.getAttribute('aria-invalid')).not.toBe('true');
    expect(isDisabled(saveButton())).toBe(false);

    const code = screen.getByLabelText(/Confirmation code/);
    await user.clear(code);
    expect(isDisabled(saveButton())).toBe(true);
    await user.type(code, 'XYZ');
    const username = screen.getByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, 'not-an-email');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(saveButton())).toBe(true);
  });

  it('posts the form and shows the success text with a link to log in', async () => {
    const { calls } = stubApi({ 'POST /api/users/confirm': () => buildEnvelope(null) });
    const { user } = renderApp(confirmPath);
    await user.type(await screen.findByLabelText(/^Password/), 'long-enough-password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'long-enough-password');
    await user.click(saveButton());

    expect(
      await screen.findByText(
        'Your registration was successful. You can now log in with the username and password you entered.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Log In' }).getAttribute('href')).toBe('/login/');
    expect(calls.find((call) => call.path === '/api/users/confirm')?.body).toEqual({
      username: 'new@example.org',
      confirmCode: 'ABC123',
      password: 'long-enough-password',
      passwordConfirm: 'long-enough-password',
    });
  });

  it('shows the server message when confirming fails', async () => {
    stubApi({ 'POST /api/users/confirm': () => buildErrorEnvelope(2, 'The confirmation code has expired.') });
    const { user } = renderApp(confirmPath);
    await user.type(await screen.findByLabelText(/^Password/), 'long-enough-password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'long-enough-password');
    await user.click(saveButton());
    expect(await screen.findByText('The confirmation code has expired.')).toBeTruthy();
  });

  it('refuses when logged in', async () => {
    stubApi({});
    logInAs('bob@example.org', 'normal');
    renderApp(confirmPath);
    expect(await screen.findByText('You are already logged in.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
