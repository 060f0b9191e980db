import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../contracts/accounts';
import type { RouteAutomationRun } from '../../../../contracts/route-automation';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

const finishedRun: RouteAutomationRun = {
  id: 3,
  trigger: 'manual',
  status: 'succeeded',
  started_at: '2026-11-21T10:00:00Z',
  finished_at: '2026-11-21T10:00:05Z',
  rounds: 5,
  days: 14,
  visits_changed: 12,
  errors: [],
};

const runningRun: RouteAutomationRun = {
  ...finishedRun,
  status: 'running',
  finished_at: null,
  rounds: 2,
  days: 4,
  visits_changed: 3,
};

function stubRoutesApi(runs: RouteAutomationRun[] = []) {
  let account = buildAccount();
  let currentRuns = runs;
  return stubApi({
    'GET /api/accounts/1': () => buildEnvelope(account),
    'PUT /api/accounts/1': (call) => {
      account = { ...account, ...(call.body as Partial<Account>) };
      return buildEnvelope(account);
    },
    // The server answers 'Run now' with the run going; the list has it going once, then finished.
    'GET /api/route_automation/runs': () => {
      const answer = currentRuns;
      currentRuns = currentRuns.map((run) => (run.id === finishedRun.id ? finishedRun : run));
      return buildEnvelope(answer);
    },
    'POST /api/route_automation/run': () => {
      currentRuns = [runningRun, ...currentRuns];
      return buildEnvelope(runningRun);
    },
  });
}

describe('settings routes tab', { timeout: 15_000 }, () => {
  it('saves the optimisation preferences and clears the banner after 3 s', async () => {
    const { calls } = stubRoutesApi();
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/routes/');
    const section = await screen.findByRole('form', { name: 'Optimisation Preferences' });
    expect(within(section).getByText('Time 50%, Distance 50%')).toBeTruthy();
    const slider = within(section).getByRole('slider', { name: 'Time share' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(within(section).getByText('Time 51%, Distance 49%')).toBeTruthy();
    const contingency = within(section).getByRole('textbox', { name: /Travel Contingency/ });
    await user.clear(contingency);
    await user.type(contingency, '4');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Settings saved successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      optimisation_preference_tm: 51,
      travel_contingency_mins: 4,
    });
    await waitFor(() => expect(within(section).queryByText('Settings saved successfully')).toBeNull(), {
      timeout: 4000,
    });
  }, 15_000);

  it('shows the automation controls only when enabled and saves them', async () => {
    const { calls } = stubRoutesApi();
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/routes/');
    const section = await screen.findByRole('form', { name: 'Route Automation Preferences' });
    expect(within(section).queryByRole('slider', { name: 'Days in advance' })).toBeNull();
    await user.click(within(section).getByRole('switch', { name: /Enabled/ }));
    expect(within(section).getByText('Days in Advance: 14')).toBeTruthy();
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Optimise By' }), 'Preferred');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Settings saved successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      route_automation: { enabled: '1', days_in_advance: 14, optimise_by: 'preferred' },
    });
  });

  it('runs the automation now and lists the runs, with an empty state first', async () => {
    stubRoutesApi();
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/routes/');
    expect(await screen.findByText('No runs yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    // The run's progress so far, in the status line and in its row.
    expect(
      await screen.findByText(
        'Ordering and publishing the rounds... 4 days done. The run goes on if you leave this page.',
      ),
    ).toBeTruthy();
    const runningRow = (await screen.findByRole('cell', { name: 'Running' })).closest('tr');
    expect(runningRow && within(runningRow).getByRole('cell', { name: '3' })).toBeTruthy();
    // The list is read again every 2 s while a run is going.
    expect(
      await screen.findByText('Run succeeded: 5 rounds, 14 days, 12 visits changed.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/^Ordering and publishing the rounds/)).toBeNull();
    const row = (await screen.findByRole('cell', { name: 'Run now' })).closest('tr');
    expect(row && within(row).getByRole('cell', { name: '12' })).toBeTruthy();
  });

  it('shows a failed save in a dismissible notice', async () => {
    stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'GET /api/route_automation/runs': () => buildEnvelope([]),
      'PUT /api/accounts/1': () => buildErrorEnvelope(4, 'Only admins may change this.'),
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/routes/');
    const section = await screen.findByRole('form', { name: 'Optimisation Preferences' });
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Only admins may change this.')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Dismiss' }));
    expect(within(section).queryByText('Only admins may change this.')).toBeNull();
  });
});
