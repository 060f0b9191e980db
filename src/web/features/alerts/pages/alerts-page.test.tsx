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
    ...overrides,
  };
}

beforeEach(() => {
  // No rounds: times read in Sydney, the default zone.
  logInAs('office@example.org', 'normal', buildAccount());
});

describe('alerts page', { timeout: 20_000 }, () => {
  it('lists open alerts with the count in the menu, and resolves one with a required note', async () => {
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
    const table = await screen.findByRole('table', { name: 'Open alerts' });
    expect(within(table).getByText('Client 1')).toBeTruthy();
    expect(within(table).getByText('Not home')).toBeTruthy();
    expect(within(table).getByText('Concern')).toBeTruthy();
    expect(within(table).getByText('Seemed confused')).toBeTruthy();
    expect(within(table).getAllByText('23-11-2026 10:05')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: '0400 000 001' }).getAttribute('href')).toBe(
      'tel:0400000001',
    );
    expect((await screen.findAllByRole('link', { name: 'Alerts, 2 open' })).length).toBeGreaterThan(0);

    await user.click(within(table).getByRole('button', { name: 'Resolve Client 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Alert' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Say what was done.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(
      within(dialog).getByRole('textbox', { name: /What was done/ }),
      'Called her daughter: all fine',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ status: 'resolved', note: 'Called her daughter: all fine' });
    await waitFor(() => expect(screen.queryByText('Client 1')).toBeNull());
    expect((await screen.findAllByRole('link', { name: 'Alerts, 1 open' })).length).toBeGreaterThan(0);
  });

  it('shows the server refusal in the dialog, and says when there is nothing', async () => {
    stubApi({
      'GET /api/alerts': () => buildEnvelope([buildAlert(3)]),
      'PUT /api/alerts/3': () => buildErrorEnvelope(5, 'Alert not found'),
    });
    const { user } = renderApp('/alerts');
    await user.click(await screen.findByRole('button', { name: 'Resolve Client 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Alert' });
    await user.type(within(dialog).getByRole('textbox', { name: /What was done/ }), 'Done');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Alert not found')).toBeTruthy();

    stubApi({ 'GET /api/alerts': () => buildEnvelope([]) });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByText('Resolved'));
    expect(await screen.findByText('No resolved alerts yet.')).toBeTruthy();
  });
});
