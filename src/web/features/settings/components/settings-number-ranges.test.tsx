import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi } from '../../../test-utils';

// Numbers out of range stay as typed with an inline message: nothing is changed silently and nothing is sent.
describe('settings numbers out of range', { timeout: 15_000 }, () => {
  it('keeps a travel contingency of -5 with an inline error and does not save', async () => {
    const { calls } = stubApi({ 'GET /api/accounts/1': () => buildEnvelope(buildAccount()) });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/routes/');
    const section = await screen.findByRole('form', { name: 'Optimisation Preferences' });
    const contingency = within(section).getByRole('textbox', { name: /Travel Contingency/ });
    await user.clear(contingency);
    await user.type(contingency, '-5');
    await user.tab();
    expect((contingency as HTMLInputElement).value).toBe('-5');
    expect(within(section).getByText('Enter a whole number of minutes from 0 to 120.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('keeps 60 cycle weeks with an inline error and does not save', async () => {
    const { calls } = stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'GET /api/meals/labels': () => buildEnvelope([]),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/settings/meals/');
    const form = await screen.findByRole('form', { name: 'Menu Options' });
    const weeks = within(form).getByLabelText('Cycle Weeks');
    await user.clear(weeks);
    await user.type(weeks, '60');
    await user.tab();
    expect((weeks as HTMLInputElement).value).toBe('60');
    expect(within(form).getByText('Enter a whole number of weeks from 0 to 52.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
