import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WelfareSettings } from '../../../../contracts/welfare';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi, type ApiCall } from '../../../test-utils';

const defaults: WelfareSettings = {
  steps: [
    { after_minutes: 0, action: 'call_client' },
    { after_minutes: 15, action: 'message_contacts' },
    { after_minutes: 15, action: 'call_contacts' },
    { after_minutes: 30, action: 'notify_managers' },
  ],
  check_outcomes: ['not_home'],
  managers: [],
};

beforeEach(() => {
  logInAs('admin@example.org', 'admin', buildAccount());
});

describe('Settings > Welfare checks', { timeout: 20_000 }, () => {
  it('refuses steps out of order, then saves the edited steps, outcomes and managers', async () => {
    const { calls } = stubApi({
      'GET /api/settings/welfare': () => buildEnvelope(defaults),
      'PUT /api/settings/welfare': (call: ApiCall) => {
        const body = call.body as WelfareSettings;
        const managers = body.managers.map((manager) => ({ ...manager, phone: '+61412345678' }));
        return buildEnvelope({ ...body, managers }, { message: 'Settings saved successfully' });
      },
    });
    const { user } = renderApp('/settings/welfare/');
    const steps = await screen.findByRole('table', { name: 'Steps' });
    const minutes = (step: number) =>
      within(steps).getByRole('textbox', { name: `Step ${String(step)} minutes` });
    await user.clear(minutes(2));
    await user.type(minutes(2), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A step cannot come before the one above it: use as many minutes or more.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(within(steps).getByRole('button', { name: 'Move step 2 down' }));
    await user.click(within(steps).getByRole('button', { name: 'Move step 3 down' }));
    await user.click(within(steps).getByRole('button', { name: 'Remove step 4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Refused' }));
    await user.click(screen.getByRole('button', { name: 'Add a manager' }));
    await user.type(screen.getByRole('textbox', { name: 'Manager 1 name' }), 'Mia Duty');
    await user.type(screen.getByRole('textbox', { name: 'Manager 1 phone' }), '0412 345 678');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      steps: [
        { after_minutes: 0, action: 'call_client' },
        { after_minutes: 15, action: 'call_contacts' },
        { after_minutes: 30, action: 'notify_managers' },
      ],
      check_outcomes: ['not_home', 'refused'],
      managers: [{ name: 'Mia Duty', email: '', phone: '0412 345 678' }],
    });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Manager 1 phone' })).toHaveProperty(
        'value',
        '+61412345678',
      ),
    );
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it("shows the server's field errors next to the fields", async () => {
    stubApi({
      'GET /api/settings/welfare': () =>
        buildEnvelope({ ...defaults, managers: [{ name: 'Mia', email: '', phone: '12' }] }),
      'PUT /api/settings/welfare': () => ({
        data: null,
        meta: {
          error_code: 2,
          message: 'Check the managers on duty.',
          errors: [{ field: 'managers.0.phone', message: '"12" is not a valid phone number.' }],
        },
      }),
    });
    const { user } = renderApp('/settings/welfare/');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('"12" is not a valid phone number.')).toBeTruthy();
    expect(screen.getByText('Check the managers on duty.')).toBeTruthy();
  });
});
