import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Hold } from '../../../../contracts/holds';
import { createQueryClient, Providers } from '../../../app/providers';
import { buildAccount, buildEnvelope, logInAs, stubApi, setTestClock } from '../../../test-utils';
import { HoldStatus, HoldsPanel } from './holds-panel';

const over: Hold = { id: 1, from_date: '01-11-2026', to_date: '05-11-2026', reason: 'holiday', note: '' };
const running: Hold = {
  id: 2,
  from_date: '16-11-2026',
  to_date: '25-11-2026',
  reason: 'hospital',
  note: 'Knee',
};

beforeEach(() => {
  // Wednesday 18-11-2026 at 12:00 in Sydney, the timezone of an account without rounds.
  setTestClock('2026-11-18T01:00:00Z');
  logInAs('kitchen@example.org', 'normal', buildAccount({ rounds: [] }));
});

function renderPanel() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <HoldStatus clientId={7} />
      <HoldsPanel clientId={7} />
    </Providers>,
  );
  return user;
}

describe('the Holds panel', () => {
  it('says the client is on hold until when, and offers End Now only for a hold not over yet', async () => {
    const { calls } = stubApi({
      'GET /api/clients/7/holds': () => buildEnvelope([over, running]),
      'GET /api/clients/7/hold_visits': () => buildEnvelope({ is_cancel_code_set: true, visits: [] }),
      'DELETE /api/clients/7/holds/2': () => buildEnvelope({ hold: { ...running, to_date: '17-11-2026' } }),
    });
    const user = renderPanel();
    expect(await screen.findByText('On hold until 25-11-2026 (Hospital)')).toBeTruthy();
    const rows = within(screen.getByRole('region', { name: 'Holds' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FromToReasonNoteActions',
      '01-11-202605-11-2026HolidayChange',
      '16-11-202625-11-2026HospitalKneeChangeEnd Now',
    ]);
    await user.click(screen.getByRole('button', { name: 'End Now' }));
    const dialog = screen.getByRole('dialog', { name: 'End Hold' });
    await user.click(within(dialog).getByRole('button', { name: 'End Now' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('shows no status and says No holds. when there are none, and warns without a cancel code', async () => {
    stubApi({
      'GET /api/clients/7/holds': () => buildEnvelope([]),
      'GET /api/clients/7/hold_visits': () => buildEnvelope({ is_cancel_code_set: false, visits: [] }),
    });
    renderPanel();
    expect(await screen.findByText('No holds.')).toBeTruthy();
    expect(await screen.findByText(/^No cancel code is chosen in Settings > CMS Integration/)).toBeTruthy();
    expect(screen.queryByTestId('hold-status')).toBeNull();
  });
});
