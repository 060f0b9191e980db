import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WelfareReport } from '../../../../contracts/welfare';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi, type ApiCall } from '../../../test-utils';
import { listRecentMonths } from './welfare-report';

const report = (month: string): WelfareReport => ({
  month,
  opened: 3,
  resolved: 2,
  open: 1,
  median_minutes_to_resolve: 17.5,
  worst_minutes_to_resolve: 25,
  outcomes: { safe: 1, hospital: 1, away: 0, family: 0, emergency_services: 0, other: 0 },
});

describe('listRecentMonths', () => {
  it.each([
    { today: '2026-11-23', first: '11-2026', last: '12-2025' },
    { today: '2027-01-01', first: '01-2027', last: '02-2026' },
  ])('from $today: $first down to $last', ({ today, first, last }) => {
    const months = listRecentMonths(today);
    expect(months).toHaveLength(12);
    expect([months[0], months.at(-1)]).toEqual([first, last]);
  });
});

describe('Welfare checks report', () => {
  it('shows the month figures, changes month, prints and downloads', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T22:00:00Z'));
    const close = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue({ close } as unknown as Window);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // The stub sees no query string: it answers the month the test has just chosen.
    let shownMonth = '11-2026';
    const { calls } = stubApi({
      'GET /api/reports/welfare': () => buildEnvelope(report(shownMonth)),
      'POST /api/print/report': (call: ApiCall) =>
        buildEnvelope({ url: `/api/print/files/${(call.body as { format: string }).format}` }),
    });
    logInAs('office@example.org', 'normal', buildAccount());
    const { user } = renderApp('/reports/welfare/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Welfare checks' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Welfare checks, 11-2026' });
    expect(within(table).getByRole('row', { name: 'Median time to resolution 17.5 min' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Outcome: In hospital 1' })).toBeTruthy();

    shownMonth = '10-2026';
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '10-2026');
    await screen.findByRole('table', { name: 'Welfare checks, 10-2026' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/print/files/pdf', '_blank'));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.filter((call) => call.path === '/api/print/report').map((call) => call.body)).toEqual([
      { report: 'welfare', month: '10-2026', format: 'pdf' },
      { report: 'welfare', month: '10-2026', format: 'csv' },
    ]);
  }, 20_000);
});
