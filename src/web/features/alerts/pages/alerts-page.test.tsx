import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../../../contracts/alerts';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

function buildAlert(id: number, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    status: 'open',
    visit_id: 100 + id,
    date: '2026-11-23',
    round: { id: 7, name: 'Inner West' },
    client: { id: 10 * id, name: `Client ${String(id)}`, phone: '0400 000 00' + String(id) },
    outcome: 'not_home',
    note: 'Knocked twice, no answer',
    recorded_at: '2026-11-22T23:05:00Z',
    photo_url: null,
    created_at: '2026-11-22T23:05:01Z',
    resolved_at: null,
    resolved_by: null,
    resolution_note: '',
    resolution_outcome: null,
    clock_started_at: '2026-11-22T23:05:01Z',
    step: 0,
    next_step_at: '2026-11-22T23:20:01Z',
    is_overdue: false,
    steps: [
      { after_minutes: 0, action: 'call_client', due_at: '2026-11-22T23:05:01Z', state: 'due' },
      { after_minutes: 15, action: 'message_contacts', due_at: '2026-11-22T23:20:01Z', state: 'upcoming' },
    ],
    attempts: [],
    contacts: [],
    ...overrides,
  };
}

beforeEach(() => {
  // No rounds: times read in Sydney, the default zone.
  logInAs('office@example.org', 'normal', buildAccount());
});

describe('alerts page', { timeout: 20_000 }, () => {
  it('lists open checks with the count in the menu, and resolves one with a required outcome and note', async () => {
    let open = [buildAlert(1), buildAlert(2, { outcome: 'concern', note: 'Seemed confused' })];
    const { calls } = stubApi({
      'GET /api/alerts': () => buildEnvelope(open),
      'GET /api/alerts/count': () => buildEnvelope({ open: open.length }),
      'PUT /api/alerts/1': () => {
        open = open.filter((alert) => alert.id !== 1);
        return buildEnvelope(buildAlert(1, { status: 'resolved' }));
      },
    });
    const { user } = renderApp('/alerts');
    const card = await screen.findByRole('region', { name: 'Client 1' });
    expect(within(card).getByText('Not home')).toBeTruthy();
    expect(within(card).getByText('Due now: Call the client')).toBeTruthy();
    expect(within(card).getByText('No attempts yet.')).toBeTruthy();
    expect(within(card).getByText(/recorded 23-11-2026 10:05/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Call Client 1: 0400 000 001' }).getAttribute('href')).toBe(
      'tel:0400000001',
    );
    const second = screen.getByRole('region', { name: 'Client 2' });
    expect(within(second).getByText('Concern')).toBeTruthy();
    expect(within(second).getByText("Driver's note: Seemed confused")).toBeTruthy();
    expect((await screen.findAllByRole('link', { name: 'Welfare checks, 2 open' })).length).toBeGreaterThan(
      0,
    );

    await user.click(within(card).getByRole('button', { name: 'Resolve Client 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Alert' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Say what was done.')).toBeTruthy();
    expect(within(dialog).getByText('Choose what was found.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /What was found/ }), 'family');

    await user.type(
      within(dialog).getByRole('textbox', { name: /What was done/ }),
      'Called her daughter: all fine',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      status: 'resolved',
      outcome: 'family',
      note: 'Called her daughter: all fine',
    });
    await waitFor(() => expect(screen.queryByText('Client 1')).toBeNull());
    expect((await screen.findAllByRole('link', { name: 'Welfare checks, 1 open' })).length).toBeGreaterThan(
      0,
    );
  });

  it('records an attempt with the form, refusing an empty "who"', async () => {
    const { calls } = stubApi({
      'GET /api/alerts': () => buildEnvelope([buildAlert(4)]),
      'POST /api/alerts/4/attempts': () => buildEnvelope(buildAlert(4)),
    });
    const { user } = renderApp('/alerts');
    await user.click(await screen.findByRole('button', { name: 'Record an attempt for Client 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record an attempt' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Who was tried/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('Say who was tried.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Who was tried/ }), 'Client 4');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Result' }), 'no_answer');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      channel: 'phone',
      to: 'Client 4',
      result: 'no_answer',
      note: '',
    });
  });

  it('shows the server refusal in the dialog, and says when there is nothing', async () => {
    stubApi({
      'GET /api/alerts': () => buildEnvelope([buildAlert(3)]),
      'PUT /api/alerts/3': () => buildErrorEnvelope(5, 'Alert not found'),
    });
    const { user } = renderApp('/alerts');
    await user.click(await screen.findByRole('button', { name: 'Resolve Client 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Alert' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /What was found/ }), 'safe');
    await user.type(within(dialog).getByRole('textbox', { name: /What was done/ }), 'Done');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Alert not found')).toBeTruthy();

    stubApi({ 'GET /api/alerts': () => buildEnvelope([]) });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByText('Resolved'));
    expect(await screen.findByText('No resolved checks yet.')).toBeTruthy();
  });
});
