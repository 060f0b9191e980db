import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HoldsReport } from '../../../../contracts/holds-report';
import { buildEnvelope, logInAs, renderApp, stubApi, type ApiCall, setTestClock } from '../../../test-utils';

// The report opens on the account's today: the test's own clock keeps it apart from the date typed below.
beforeEach(() => {
  setTestClock('2026-11-18T01:00:00Z');
});

const cid = {
  hold_id: 3,
  client_id: 30,
  client: 'Cid Cole',
  round: 'South',
  from_date: '12-11-2026',
  to_date: '20-11-2026',
  reason: 'holiday',
  note: 'Visiting family',
  return_date: '21-11-2026',
} as const;
const bob = {
  ...cid,
  hold_id: 2,
  client_id: 20,
  client: 'Bob Baker',
  round: 'No Round',
  from_date: '16-11-2026',
  to_date: null,
  reason: 'respite',
  note: '',
  return_date: null,
} as const;

const report: HoldsReport = {
  date: '18-11-2026',
  week_start: '16-11-2026',
  week_end: '22-11-2026',
  on_hold: [cid, bob],
  returning: [cid],
  upcoming: [],
};

function readRows(section: string): string[] {
  const region = screen.getByRole('region', { name: new RegExp(`^${section}`) });
  return within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent).join(' | '));
}

describe('holds report', () => {
  it("shows today's sections with their counts, the empty one's text, and prints for the date shown", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window);
    const { calls } = stubApi({
      'GET /api/reports/holds': () => buildEnvelope(report),
      'POST /api/print/report': () => buildEnvelope({ url: '/api/print/files/pdf' }),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/reports/holds/');
    expect(await screen.findByRole('heading', { name: 'Holds' })).toBeTruthy();
    expect(await screen.findByText('On 18-11-2026; this week: 16-11-2026 to 22-11-2026.')).toBeTruthy();
    expect(readRows('On hold')).toEqual([
      'Cid Cole | South | 12-11-2026 | 20-11-2026 | 21-11-2026 | Holiday | Visiting family',
      'Bob Baker | No Round | 16-11-2026 | Open-ended | Open-ended | Respite | ',
    ]);
    expect(readRows('Back this week')).toEqual([
      'Cid Cole | South | 12-11-2026 | 20-11-2026 | 21-11-2026 | Holiday | Visiting family',
    ]);
    expect(screen.getByRole('heading', { name: 'On hold 2 clients' })).toBeTruthy();
    expect(screen.getByText('No hold begins after this day.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Bob Baker' });
    expect(links[0]?.getAttribute('href')).toBe('/client/20/');

    const dateInput = screen.getByRole('textbox', { name: /Date/ });
    await user.clear(dateInput);
    await user.type(dateInput, '25-11-2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    // A new date is a new report (the answer here stays the same).
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/reports/holds')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/print/files/pdf', '_blank'));
    const printed = calls
      .filter((call: ApiCall) => call.path === '/api/print/report')
      .map((call) => call.body);
    expect(printed).toEqual([{ report: 'holds', date: '25-11-2026', format: 'pdf' }]);
  }, 20_000);
});
