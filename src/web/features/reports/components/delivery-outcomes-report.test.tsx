import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryOutcomesReport } from '../../../../contracts/delivery-outcomes';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  isDisabled,
  logInAs,
  renderApp,
  stubApi,
  type ApiCall,
} from '../../../test-utils';

const counts = (delivered: number, notHome: number, concern = 0) => ({
  delivered,
  not_home: notHome,
  refused: 0,
  concern,
  other: 0,
});

const report: DeliveryOutcomesReport = {
  from: '28-10-2026',
  to: '24-11-2026',
  total: counts(2, 2, 1),
  rounds: [
    { round_id: 4, round: 'North', counts: counts(2, 2, 1) },
    { round_id: null, round: 'No Round', counts: counts(0, 0) },
  ],
  clients: [
    {
      id: 7,
      name: 'Zoe Zeller',
      phone: '0400 000 007',
      counts: counts(0, 2, 1),
      is_repeated: true,
      outcomes: [
        {
          visit_id: 70,
          date: '20-11-2026',
          round: 'North',
          outcome: 'not_home',
          note: 'No answer at the door',
          // 10:05 in Sydney.
          recorded_at: '2026-11-19T23:05:00Z',
        },
        {
          visit_id: 71,
          date: '23-11-2026',
          round: 'North',
          outcome: 'concern',
          note: 'Looked unwell',
          recorded_at: '2026-11-23T10:40:00+11:00',
        },
      ],
    },
    {
      id: 3,
      name: 'Alice Archer',
      phone: '',
      counts: counts(2, 0),
      is_repeated: false,
      outcomes: [
        {
          visit_id: 30,
          date: '23-11-2026',
          round: 'North',
          outcome: 'delivered',
          note: '',
          recorded_at: '2026-11-23T10:10:00+11:00',
        },
      ],
    },
  ],
};

const sydney = buildAccount({
  rounds: [
    {
      id: 4,
      name: 'North',
      address: '1 Base St',
      pickup_time: '09:00',
      timezone: 'Australia/Sydney',
      capacity: null,
      latest_return_time: null,
    },
  ],
});

/** Monday 24 November 2026, 09:00 in Sydney: the default range is the four weeks to that day. */
const nowMs = Date.parse('2026-11-23T22:00:00Z');

function readRows(name: RegExp) {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'))
        .map((cell) => cell.textContent)
        .join('|'),
    );
}

describe('Delivery Outcomes report', () => {
  it('shows the counts per round and each client with notes, repeated ones first; prints and downloads', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(nowMs);
    const close = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue({ close } as unknown as Window);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = stubApi({
      'POST /api/reports/delivery_outcomes': () => buildEnvelope(report),
      'POST /api/print/report': (call: ApiCall) =>
        buildEnvelope({ url: `/api/print/files/${(call.body as { format: string }).format}` }),
    });
    logInAs('office@example.org', 'normal', sydney);
    const { user } = renderApp('/reports/delivery_outcomes/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Delivery Outcomes' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^From/ })).toHaveProperty('value', '28-10-2026');
    expect(screen.getByRole('textbox', { name: /^To/ })).toHaveProperty('value', '24-11-2026');

    await screen.findByRole('table', { name: 'Delivery outcomes by round, 28-10-2026 to 24-11-2026' });
    expect(readRows(/by round/)).toEqual([
      'Round|Delivered|Not home|Refused|Concern|Other',
      'North|2|2|0|1|0',
      'No Round|0|0|0|0|0',
      'Total|2|2|0|1|0',
    ]);
    expect(readRows(/by client/)).toEqual([
      'Client|Date|Round|Outcome|Note',
      'Zoe Zeller0400 000 007Repeated not home or concern|20-11-2026 10:05|North|Not home|No answer at the door',
      '23-11-2026 10:40|North|Concern|Looked unwell',
      'Alice Archer|23-11-2026 10:10|North|Delivered|',
    ]);
    expect(screen.getByRole('link', { name: 'Zoe Zeller' }).getAttribute('href')).toBe('/client/7/');
    expect(calls.find((call) => call.path === '/api/reports/delivery_outcomes')?.body).toEqual({
      from: '28-10-2026',
      to: '24-11-2026',
    });

    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/print/files/pdf', '_blank'));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.filter((call) => call.path === '/api/print/report').map((call) => call.body)).toEqual([
      { report: 'delivery_outcomes', from: '28-10-2026', to: '24-11-2026', format: 'pdf' },
      { report: 'delivery_outcomes', from: '28-10-2026', to: '24-11-2026', format: 'csv' },
    ]);
  }, 20_000);

  it('checks the range before asking, hides the old report, and shows the empty and failed answers', async () => {
    const { calls } = stubApi({
      'POST /api/reports/delivery_outcomes': (call: ApiCall) =>
        (call.body as { from: string }).from === '01-01-2020'
          ? buildErrorEnvelope(99, 'The report failed.')
          : buildEnvelope({ ...report, rounds: [], clients: [], total: counts(0, 0) }),
    });
    logInAs('office@example.org', 'normal', sydney);
    const { user } = renderApp('/reports/delivery_outcomes/');
    expect(await screen.findByText('No outcomes recorded in these dates')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    const from = screen.getByRole('textbox', { name: /^From/ });
    const to = screen.getByRole('textbox', { name: /^To/ });
    await user.clear(from);
    await user.type(from, '30-11-2026');
    await user.clear(to);
    await user.type(to, '01-11-2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();
    expect(screen.queryByText('No outcomes recorded in these dates')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/reports/delivery_outcomes')).toHaveLength(1);

    await user.clear(from);
    await user.type(from, '01-01-2020');
    await user.clear(to);
    await user.type(to, '31-01-2020');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The report failed.')).toBeTruthy();
    expect(screen.queryByText('The end date must not be before the start date.')).toBeNull();
    expect(isDisabled(screen.getByRole('button', { name: 'Download CSV' }))).toBe(true);
  }, 20_000);
});
