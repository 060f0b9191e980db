import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../contracts/accounts';
import type { RoundAutomationPreview, RoundAutomationRun } from '../../../../contracts/round-automation';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

const finishedRun: RoundAutomationRun = {
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

const runningRun: RoundAutomationRun = {
  ...finishedRun,
  status: 'running',
  finished_at: null,
  rounds: 2,
  days: 4,
  visits_changed: 3,
};

const preview: RoundAutomationPreview = {
  enabled: false,
  days_in_advance: 14,
  optimise_by: 'optimal',
  from: '2026-11-22',
  to: '2026-12-05',
  rounds: 2,
  days: 28,
  visits_changed: 12,
  changed_days: [
    { round_id: 1, round_name: 'Inner West', date: '2026-11-23', visits_changed: 7 },
    { round_id: 1, round_name: 'Inner West', date: '2026-11-24', visits_changed: 2 },
    { round_id: 2, round_name: 'St George', date: '2026-11-23', visits_changed: 3 },
  ],
  errors: ['St George 2026-11-30: The CRM did not answer. The visits shown are the ones stored.'],
};

function stubPlanningApi(runs: RoundAutomationRun[] = [], previewed: RoundAutomationPreview = preview) {
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
    'POST /api/route_automation/preview': () => buildEnvelope(previewed),
    'POST /api/route_automation/run': () => {
      currentRuns = [runningRun, ...currentRuns];
      return buildEnvelope(runningRun);
    },
  });
}

describe('settings routes tab', { timeout: 15_000 }, () => {
  it('saves the optimisation preferences and clears the banner after 3 s', async () => {
    const { calls } = stubPlanningApi();
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
    const balance = within(section).getByRole('combobox', { name: /Workload balance/ });
    expect(balance).toHaveProperty('value', 'some');
    await user.selectOptions(balance, 'Strong');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Settings saved successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      optimisation_preference_tm: 51,
      travel_contingency_mins: 4,
      workload_balance: 'strong',
    });
    await waitFor(() => expect(within(section).queryByText('Settings saved successfully')).toBeNull(), {
      timeout: 4000,
    });
  }, 15_000);

  it('shows the automation controls only when enabled and saves them', async () => {
    const { calls } = stubPlanningApi();
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

  it('lists a run with days left as partly failed, with those days', async () => {
    const pastMidnight =
      "Everyone 2026-11-20: This plan runs past midnight: 3 visits, from Ada Brown's on, would end after 23:58. Shorten the travel contingency or move stops to another round.";
    stubPlanningApi([{ ...finishedRun, status: 'partly_failed', errors: [pastMidnight] }]);
    logInAs('admin@example.org', 'admin');
    renderApp('/settings/routes/');
    const row = (await screen.findByRole('cell', { name: 'Partly failed' })).closest('tr');
    expect(row && within(row).getByText('1 error')).toBeTruthy();
    expect(row && within(row).getByText(pastMidnight)).toBeTruthy();
  });

  it('runs the automation now and lists the runs, with an empty state first', async () => {
    stubPlanningApi();
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/routes/');
    expect(await screen.findByText('No runs yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    // First what the run would do, and that the daily run is off; then the run once confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Run route automation now?' });
    expect(await within(dialog).findByText('Route automation is off')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Publishes new times for 12 visits on 3 days of 2 rounds (2 rounds and 28 days checked). The CRM gets the new times.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Optimise by Optimal: 22-11-2026 to 05-12-2026 (14 days in advance).'),
    ).toBeTruthy();
    const innerWest = within(dialog).getByRole('cell', { name: 'Inner West' }).closest('tr');
    expect(
      innerWest &&
        within(innerWest)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
    ).toEqual(['Inner West', '2', '9']);
    expect(within(dialog).getByText('1 day left as they are')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish 12 visits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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

  it("shows a run's start in the account's time zone, whatever the browser's", async () => {
    const zoneBefore = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      stubPlanningApi([finishedRun]);
      logInAs('admin@example.org', 'admin', buildAccount({ rounds: [] }));
      renderApp('/settings/routes/');
      // 10:00 UTC is 21:00 in Sydney (the account's zone without rounds; daylight time, UTC+11).
      expect(await screen.findByRole('cell', { name: '21-11-2026 21:00' })).toBeTruthy();
    } finally {
      process.env.TZ = zoneBefore;
    }
  });

  it('publishes nothing when Run now is cancelled, and offers no run when nothing would change', async () => {
    const { calls } = stubPlanningApi([], {
      ...preview,
      enabled: true,
      visits_changed: 0,
      changed_days: [],
      errors: [],
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/routes/');
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run route automation now?' });
    expect(
      await within(dialog).findByText(
        'Nothing to publish: 2 rounds and 28 days checked, every visit already has these times.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText('Route automation is off')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Publish/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.path === '/api/route_automation/run')).toEqual([]);
  });

  it('shows a failed preview and runs nothing', async () => {
    const { calls } = stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'GET /api/route_automation/runs': () => buildEnvelope([]),
      'POST /api/route_automation/preview': () => buildErrorEnvelope(4, 'Only admins may do this.'),
    });
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/routes/');
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run route automation now?' });
    expect(await within(dialog).findByText('Only admins may do this.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.path === '/api/route_automation/run')).toEqual([]);
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
