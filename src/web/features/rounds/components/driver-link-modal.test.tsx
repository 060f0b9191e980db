import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DriverLinkStatus, VisitDriverOutcome } from '../../../../contracts/driver';
import { connectApiToSession } from '../../../app/api-session';
import { createQueryClient, Providers } from '../../../app/providers';
import { buildEnvelope, buildErrorEnvelope, logInAs, stubApi } from '../../../test-utils';
import { DriverLinkModal } from './driver-link-modal';
import { VisitOutcome } from './visit-outcome';

const round = { id: 7, name: 'Inner West', timezone: 'Australia/Sydney' };
const token = 'A'.repeat(43);

function renderModal() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <DriverLinkModal round={round} date="2026-11-23" onClose={() => {}} />
    </Providers>,
  );
  return user;
}

const inactive: DriverLinkStatus = { is_active: false, active_count: 0, created_at: null, expires_at: null };
const active: DriverLinkStatus = {
  is_active: true,
  active_count: 1,
  created_at: '2026-11-22T21:00:00Z',
  expires_at: '2026-11-24T13:00:00Z',
};

describe('driver link dialog', { timeout: 20_000 }, () => {
  it('creates a link, shows it with its QR code, copies it, and revokes after asking', async () => {
    let status = inactive;
    const { calls } = stubApi({
      'GET /api/rounds/7/driver_link': () => buildEnvelope(status),
      'POST /api/rounds/7/driver_link': () => {
        status = active;
        return buildEnvelope({ url: `/driver/${token}`, expires_at: '2026-11-24T13:00:00Z' });
      },
      'DELETE /api/rounds/7/driver_link': () => {
        status = inactive;
        return buildEnvelope({ revoked: 1 });
      },
    });
    const user = renderModal();
    expect(await screen.findByText('No working link for this day.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    const url = `${window.location.origin}/driver/${token}`;
    expect(await screen.findByRole('link', { name: url })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code of the driver link' })).toBeTruthy();
    expect(screen.getByText(/Works until 25-11-2026 00:00/)).toBeTruthy();
    expect(
      await screen.findByText('1 working link for this day; the newest works until 25-11-2026 00:00.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ date: '2026-11-23' });

    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(url);

    await user.click(screen.getByRole('button', { name: 'Revoke Links' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('1 link revoked.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: url })).toBeNull();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/rounds/7/driver_link');
  });

  it('checks the email address before sending a new link, and shows the server refusal', async () => {
    let answer: unknown = buildEnvelope({ url: `/driver/${token}`, expires_at: '2026-11-24T13:00:00Z' });
    const { calls } = stubApi({
      'GET /api/rounds/7/driver_link': () => buildEnvelope(inactive),
      'POST /api/rounds/7/driver_link/email': () => answer,
    });
    const user = renderModal();
    const form = await screen.findByRole('form', { name: 'Send the link by email' });
    const email = within(form).getByRole('textbox', { name: "Driver's email" });
    await user.type(email, 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Send by Email' }));
    expect(await within(form).findByText('Enter a valid email address.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(email);
    await user.type(email, ' driver@example.org ');
    await user.click(within(form).getByRole('button', { name: 'Send by Email' }));
    expect(await within(form).findByText('A new link was sent to driver@example.org.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      date: '2026-11-23',
      to: 'driver@example.org',
    });

    answer = buildErrorEnvelope(2, 'This run is over: a link for it would not work any more.');
    await user.click(within(form).getByRole('button', { name: 'Send by Email' }));
    expect(await within(form).findByText(/This run is over/)).toBeTruthy();
  });
});

describe('a visit outcome', () => {
  it('shows the outcome, its time in the round zone, the note, and a photo fetched with the login', async () => {
    const outcome: VisitDriverOutcome = {
      outcome: 'concern',
      note: 'Seemed unwell',
      recorded_at: '2026-11-22T23:05:00Z',
      photo_url: '/api/driver_photos/5b0a3f6e-4e4f-4a39-9d5e-3f1f7a0b1c2d',
    };
    connectApiToSession(() => {});
    logInAs('office@example.org', 'normal');
    // jsdom has no object URLs.
    const createObjectURL = vi.fn(() => 'blob:photo');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const { calls } = stubApi({
      'GET /api/driver_photos/5b0a3f6e-4e4f-4a39-9d5e-3f1f7a0b1c2d': () =>
        new Response('jpeg', {
          headers: { 'content-type': 'image/jpeg' },
        }),
    });
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <VisitOutcome outcome={outcome} clientName="Alice" timeZone="Australia/Sydney" />
      </Providers>,
    );
    expect(screen.getByText('Concern')).toBeTruthy();
    expect(screen.getByText('10:05')).toBeTruthy();
    expect(screen.getByText('Seemed unwell')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open photo: Alice, 23-11-2026 10:05' })).toBeTruthy(),
    );
    expect(calls[0]?.path).toBe('/api/driver_photos/5b0a3f6e-4e4f-4a39-9d5e-3f1f7a0b1c2d');
    expect(calls[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
