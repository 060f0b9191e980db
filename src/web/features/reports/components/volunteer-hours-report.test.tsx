import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VolunteerHoursReport } from '../../../../contracts/volunteer-hours';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi, type ApiCall } from '../../../test-utils';

const report = (month: string): VolunteerHoursReport => ({
  month,
  counted_to: '22-11-2026',
  drivers: [
    {
      driver: { id: 1, name: 'Margaret Driver', is_active: true },
      dates: ['02-11-2026', '09-11-2026'],
      days: 2,
      minutes: 190,
      hours: 3.2,
      km: 41.5,
    },
    {
      driver: { id: 2, name: 'Bob Gone', is_active: false },
      dates: ['03-11-2026'],
      days: 1,
      minutes: 60,
      hours: 1,
      km: 12,
    },
  ],
  totals: { days: 3, minutes: 250, hours: 4.2, km: 53.5 },
});

describe('Volunteer Hours report', () => {
  it('shows each driver with days, hours and km, changes month and downloads the CSV', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T22:00:00Z'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let shownMonth = '11-2026';
    const { calls } = stubApi({
      'GET /api/reports/volunteer_hours': () => buildEnvelope(report(shownMonth)),
      'POST /api/print/report': (call: ApiCall) =>
        buildEnvelope({ url: `/api/print/files/${(call.body as { format: string }).format}` }),
    });
    logInAs('office@example.org', 'normal', buildAccount());
    const { user } = renderApp('/reports/volunteer_hours/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Volunteer Hours' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Volunteer Hours, 11-2026' });
    expect(
      within(table).getByRole('row', { name: 'Margaret Driver 2 3.2 41.5 02-11-2026, 09-11-2026' }),
    ).toBeTruthy();
    expect(
      within(table).getByRole('row', { name: 'Bob Gone (inactive) 1 1.0 12.0 03-11-2026' }),
    ).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Total 3 4.2 53.5' })).toBeTruthy();

    shownMonth = '10-2026';
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '10-2026');
    await screen.findByRole('table', { name: 'Volunteer Hours, 10-2026' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.filter((call) => call.path === '/api/print/report').map((call) => call.body)).toEqual([
      { report: 'volunteer_hours', month: '10-2026', format: 'csv' },
    ]);
  }, 20_000);

  it('says so when no day of the month is over', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T22:00:00Z'));
    stubApi({
      'GET /api/reports/volunteer_hours': () =>
        buildEnvelope({ ...report('11-2026'), counted_to: null, drivers: [] }),
    });
    logInAs('office@example.org', 'normal', buildAccount());
    renderApp('/reports/volunteer_hours/');
    expect(await screen.findByText('No day of 11-2026 is over yet.')).toBeTruthy();
  });
});
