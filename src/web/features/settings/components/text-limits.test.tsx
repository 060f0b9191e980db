import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi } from '../../../test-utils';

// A name over the server's limit is refused inline before saving, so the server's own message never shows.
describe('label names over the limit', { timeout: 15_000 }, () => {
  it('says so in the Edit Label dialog and does not save', async () => {
    const { calls } = stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'GET /api/meals/labels': () => buildEnvelope([{ key: 'halal', name: 'Halal', colour: '#8bc34a' }]),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/settings/meals/');
    await user.click(await screen.findByRole('button', { name: 'Edit Halal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Label' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.click(name);
    await user.paste('h'.repeat(101));
    expect(within(dialog).getByText('Use at most 100 characters (this has 101).')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
