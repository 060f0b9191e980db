import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RosterReminder } from '../../../../contracts/volunteer';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi } from '../../../test-utils';

const sent: RosterReminder[] = [
  {
    kind: 'unfilled_48h',
    date: '24-11-2026',
    round: { id: 1, name: 'North' },
    driver: null,
    recipients: ['office@example.org'],
    channels: ['mail'],
    sent_at: '2026-11-22T00:00:00.000Z',
  },
  {
    kind: 'driver_reminder',
    date: '24-11-2026',
    round: { id: 2, name: 'South' },
    driver: { id: 7, name: 'Margaret Lee' },
    recipients: ['margaret@example.org', '+61412345678'],
    channels: ['mail', 'sms'],
    sent_at: '2026-11-23T07:00:00.000Z',
  },
];

describe('Reminders sent on the Roster tab', () => {
  it('opens on tomorrow with an empty state, then lists what went to whom and how for a chosen day', async () => {
    // Monday 23-11-2026, 09:00 in Sydney.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-22T22:00:00Z'));
    let answer: RosterReminder[] = [];
    const { calls } = stubApi({
      'GET /api/roster': () => buildEnvelope({ slots: [] }),
      'GET /api/drivers': () => buildEnvelope([]),
      'GET /api/roster/reminders': () => buildEnvelope(answer),
    });
    logInAs('office@example.org', 'normal', buildAccount());
    const { user } = renderApp('/drivers/roster');
    const section = await screen.findByRole('region', { name: 'Reminders sent' });
    expect(await within(section).findByText('Nothing was sent about the rounds of 24-11-2026.')).toBeTruthy();

    answer = sent;
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Round day' }), '23-11-2026');
    const table = await within(section).findByRole('table', { name: 'Reminders sent about 23-11-2026' });
    expect(
      within(table).getByRole('row', {
        name: '23-11-2026 18:00 South Reminder to the driver Margaret Lee, margaret@example.org, +61412345678 Email, SMS',
      }),
    ).toBeTruthy();
    expect(
      within(table).getByRole('row', {
        name: '22-11-2026 11:00 North Unfilled, 48 hours before office@example.org Email',
      }),
    ).toBeTruthy();
    const asked = calls.filter((call) => call.path === '/api/roster/reminders');
    expect(asked.length).toBeGreaterThanOrEqual(2);
  }, 20_000);
});
