import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Driver } from '../../../../contracts/drivers';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi } from '../../../test-utils';

const margaret: Driver = {
  id: 7,
  name: 'Margaret Lee',
  phone: '+61412345678',
  email: 'margaret@example.org',
  notes: '',
  round_ids: [],
  is_active: true,
};

describe('personal link actions on the Drivers list', () => {
  it('sends a new link after saying the earlier one stops, shows how it went, then revokes it', async () => {
    let isActive = false;
    const { calls } = stubApi({
      'GET /api/drivers': () => buildEnvelope([margaret]),
      'GET /api/drivers/7/link': () => buildEnvelope({ is_active: isActive, created_at: null }),
      'POST /api/drivers/7/link': () => {
        isActive = true;
        return buildEnvelope({ url: '/volunteer/abc' }, { message: 'Link mailed to margaret@example.org.' });
      },
      'DELETE /api/drivers/7/link': () => {
        isActive = false;
        return buildEnvelope({ revoked: 1 });
      },
    });
    logInAs('office@example.org', 'normal', buildAccount());
    const { user } = renderApp('/drivers/');
    const row = await screen.findByRole('row', { name: /Margaret Lee/ });
    expect(within(row).queryByRole('button', { name: /Revoke link/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: /Send personal link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Personal Link' });
    expect(within(dialog).getByText(/Any link sent to them before stops working/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send Link' }));
    expect(await within(dialog).findByText('Link mailed to margaret@example.org.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(await within(row).findByRole('button', { name: /Revoke link/ }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke Personal Link' });
    await user.click(within(revoke).getByRole('button', { name: 'Revoke Link' }));
    await waitFor(() => expect(within(row).queryByRole('button', { name: /Revoke link/ })).toBeNull());
    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual(['POST /api/drivers/7/link', 'DELETE /api/drivers/7/link']);
  }, 20_000);
});
