import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../contracts/accounts';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi } from '../../../test-utils';

describe('settings: volunteer drivers', { timeout: 15_000 }, () => {
  it('any user sets the give-back cutoff; out of range is flagged and not sent', async () => {
    let account = buildAccount({});
    const { calls } = stubApi({
      'GET /api/accounts/1': () => buildEnvelope(account),
      'PUT /api/accounts/1': (call) => {
        account = { ...account, ...(call.body as Partial<Account>) };
        return buildEnvelope(account);
      },
    });
    logInAs('user@example.org', 'normal');
    const { user } = renderApp('/settings/rounds/');
    const form = await screen.findByRole('form', { name: 'Volunteer Drivers' });
    const cutoff = within(form).getByRole('textbox', { name: /Give-back Cutoff/ });
    expect(cutoff).toHaveProperty('value', '24');
    await user.clear(cutoff);
    await user.type(cutoff, '200');
    expect(within(form).getByRole('button', { name: 'Save Cutoff' })).toHaveProperty('disabled', true);
    await user.clear(cutoff);
    await user.type(cutoff, '12');
    await user.click(within(form).getByRole('button', { name: 'Save Cutoff' }));
    expect(await within(form).findByText('Settings saved successfully')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { release_cutoff_hours: 12 },
    ]);
  });
});
