import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SourceWrite } from '../../../../contracts/source-writes';
import { createQueryClient, Providers } from '../../../app/providers';
import { buildEnvelope, buildErrorEnvelope, stubApi } from '../../../test-utils';
import { OutcomeLists, VisitWriteStatus } from './visit-write-status';

function buildWrite(overrides: Partial<SourceWrite>): SourceWrite {
  return {
    id: 31,
    visit_id: 4,
    kind: 'visit_times',
    status: 'pending',
    attempts: 2,
    message: 'The CRM could not update the times of visit 9: it could not be reached.',
    client_name: 'Dan',
    date: '2026-11-24',
    created_at: '2026-11-23T01:00:00.000Z',
    next_attempt_at: '2026-11-23T01:05:00.000Z',
    ...overrides,
  };
}

function renderWithProviders(node: React.ReactNode) {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      {node}
    </Providers>,
  );
  return { user };
}

describe('a visit whose change the CRM has not confirmed', () => {
  it('shows that it waits for the CRM, and shows nothing for a visit without open changes', async () => {
    stubApi({ 'GET /api/source_writes': () => buildEnvelope([buildWrite({})]) });
    renderWithProviders(
      <>
        <VisitWriteStatus visitId={4} />
        <VisitWriteStatus visitId={5} />
      </>,
    );
    expect(await screen.findByText('Waiting for the CRM')).toBeTruthy();
    expect(screen.getAllByText('Waiting for the CRM')).toHaveLength(1);
    expect(screen.getByLabelText(/^Waiting for the CRM: The CRM could not update the times/)).toBeTruthy();
  });

  it('lets the user retry a refused change, or drop it after confirming', async () => {
    const refused = buildWrite({ status: 'failed', message: 'The CRM could not ...: Visit is locked.' });
    const { calls } = stubApi({
      'GET /api/source_writes': () => buildEnvelope([refused]),
      'POST /api/source_writes/31/retry': () =>
        buildEnvelope({ id: 31, status: 'failed', message: 'locked' }),
      'DELETE /api/source_writes/31': () =>
        buildErrorEnvelope(6, 'This change is being sent to the CRM right now.'),
    });
    const { user } = renderWithProviders(<VisitWriteStatus visitId={4} />);
    expect(await screen.findByText('Not in the CRM')).toBeTruthy();
    expect(screen.getByText('New times refused.')).toBeTruthy();
    expect(screen.getByText('The CRM could not ...: Visit is locked.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/source_writes/31/retry')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Drop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drop this change?' });
    expect(dialog.textContent).toContain('New times for Dan on 2026-11-24 will not be sent to the CRM.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const buttons = screen.getAllByRole('button', { name: 'Drop' });
    await user.click(buttons[buttons.length - 1]!);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This change is being sent to the CRM right now.',
    );
  });
});

describe('the outcomes of a publish or complete', () => {
  it('lists what waits for the CRM apart from what it refused', () => {
    renderWithProviders(
      <OutcomeLists
        outcomes={[
          { id: 1, is_done: false, status: 'pending', message: 'Alice: waiting for the CRM.' },
          { id: 2, is_done: false, status: 'failed', message: 'Bob: the visit is locked.' },
        ]}
      />,
    );
    expect(screen.getByText('Waiting for the care-management system')).toBeTruthy();
    expect(screen.getByText('Alice: waiting for the CRM.')).toBeTruthy();
    expect(screen.getByText('Refused by the care-management system')).toBeTruthy();
    expect(screen.getByText('Bob: the visit is locked.')).toBeTruthy();
  });
});
