import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayPlan, DayPlanJob } from '../../../../../contracts/day-plans';
import { capacityMessage } from '../../../../../domain/day-plan-limits';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  isDisabled,
  logInAs,
  renderApp,
  stubApi,
  setTestClock,
  type ApiCall,
} from '../../../../test-utils';
import { buildSummary, buildTestPlan, testRounds } from '../plan-test-fixtures';

const jobId = '1f0e2d3c-4b5a-4968-8776-655443322110';
const date = '2026-11-24';

function buildJob(overrides: Partial<DayPlanJob> = {}): DayPlanJob {
  return { id: jobId, status: 'running', progress: 0, plan: null, message: null, ...overrides };
}

/** The day's API: Outer off, no plan applied, a job that answers `polls` in turn (the last one repeats). */
function stubPlannerApi(
  polls: DayPlanJob[] = [buildJob({ status: 'done', progress: 1, plan: buildTestPlan() })],
  extra: Parameters<typeof stubApi>[0] = {},
) {
  let poll = 0;
  return stubApi({
    'GET /api/rounds/days_off': () => buildEnvelope([{ round_id: 8, date }]),
    ...Object.fromEntries(
      testRounds.map((round) => [
        `GET /api/rounds/${String(round.id)}/visits/${date}`,
        () => buildEnvelope([]),
      ]),
    ),
    [`GET /api/day_plans/${date}`]: () => buildEnvelope(null),
    [`POST /api/day_plans/${date}/jobs`]: () => buildEnvelope(buildJob({ progress: 0.4 })),
    [`GET /api/day_plans/jobs/${jobId}`]: () => {
      const answer = polls[Math.min(poll, polls.length - 1)];
      poll += 1;
      return buildEnvelope(answer);
    },
    ...extra,
  });
}

/** Polls come every half second: on a busy machine a job's later answers can take a while to show. */
const afterPolls = { timeout: 10_000 };

const findCalls = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

async function openPlanner() {
  const view = renderApp('/rounds/plan');
  await screen.findByRole('checkbox', { name: 'Inner West out' });
  return view;
}

beforeEach(() => {
  // Monday 23 November 2026 in Sydney: the planner opens on Tuesday the 24th.
  setTestClock('2026-11-23T01:00:00Z');
  logInAs('coordinator@example.org', 'normal', buildAccount({ rounds: testRounds }));
});

describe('plan day screen', { timeout: 30_000 }, () => {
  it('opens on the next delivery day the server names (here the Friday after two days without deliveries)', async () => {
    const friday = '2026-11-27';
    stubApi({
      'GET /api/reports/next_delivery_day': () => buildEnvelope({ date: friday }),
      'GET /api/rounds/days_off': () => buildEnvelope([]),
      ...Object.fromEntries(
        testRounds.map((round) => [
          `GET /api/rounds/${String(round.id)}/visits/${friday}`,
          () => buildEnvelope([]),
        ]),
      ),
      [`GET /api/day_plans/${friday}`]: () => buildEnvelope(null),
    });
    renderApp('/rounds/plan');
    expect(await screen.findByText(/^Spreads 27-11-2026's visits/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveProperty('value', '27-11-2026');
  });

  it('plans tomorrow with the rounds out, shows the comparison, the moved stops and why a visit is not placed, then applies', async () => {
    const { calls } = stubPlannerApi(
      [buildJob({ progress: 0.6 }), buildJob({ status: 'done', progress: 1, plan: buildTestPlan() })],
      { [`PUT /api/day_plans/${date}`]: () => buildEnvelope(null, { message: 'Plan applied.' }) },
    );
    const { user } = await openPlanner();
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveProperty('value', '24-11-2026');
    // Pre-ticked from the days off, at each round's capacity.
    expect(screen.getByRole('checkbox', { name: 'Outer out' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'East out' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: 'Capacity of East' })).toHaveProperty('value', '40');
    await user.clear(screen.getByRole('textbox', { name: 'Capacity of East' }));
    await user.type(screen.getByRole('textbox', { name: 'Capacity of East' }), '12');

    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText(/^Planning\.\.\. (40|60)%$/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Planning progress' })).toBeTruthy();
    expect(findCalls(calls, 'POST', `/api/day_plans/${date}/jobs`)[0]?.body).toEqual({
      rounds: [
        { id: 7, capacity: null },
        { id: 9, capacity: 12 },
      ],
      pins: [],
    });

    expect(
      await screen.findByText('2 stops move from their usual round.', undefined, afterPolls),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: /^Before: each visit on its usual round/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent.trim()));
    expect(rows).toContainEqual(['Inner West', 'Before', '1', '2', '5.3', '31', '09:30', '09:30', '0', '-']);
    expect(rows).toContainEqual(['After', '2', '4', '9.5', '48', '09:30', '09:55', '0', '0']);
    expect(rows).toContainEqual(['Outer Off', 'Before', '3', '6', '20.0', '80', '09:20', '10:40', '1', '-']);
    expect(rows).toContainEqual(['After', '0', '0', '0.0', '0', '-', '-', '0', '1']);
    expect(rows).toContainEqual(['Total', 'Before', '5', '10', '29.3', '136', '09:20', '10:40', '1', '-']);
    expect(rows).toContainEqual(['After', '4', '8', '17.5', '89', '09:30', '10:05', '0', '1']);
    const innerWest = screen.getByRole('region', { name: 'Stops of Inner West' });
    expect(within(innerWest).getByText('Moved from Outer')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Visits not placed' })).getByText('No capacity left'),
    ).toBeTruthy();
    const map = screen.getByRole('group', { name: 'Map of the plan for 24-11-2026: 2 routes, 3 stops' });
    expect(map.querySelectorAll('.route-stop-marker')).toHaveLength(3);
    expect(map.querySelectorAll('.route-stop-marker-marked')).toHaveLength(1);
    expect(screen.getByText('1 stop has no known map position and is not drawn.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply Plan' });
    expect(
      within(dialog).getByText('Apply this plan for 24-11-2026? 2 stops move from their usual round.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const applied = await screen.findByRole('status', { name: 'Plan applied for 24-11-2026' });
    expect(applied.textContent).toContain(
      '2 stops moved. Plan applied. The times go to the CRM through the outbox',
    );
    expect(findCalls(calls, 'PUT', `/api/day_plans/${date}`)[0]?.body).toEqual({
      routes: [
        { round_id: 7, visit_ids: [1, 2] },
        { round_id: 9, visit_ids: [3, 4] },
      ],
    });
    // The day's assignment is read again after applying.
    await waitFor(() => expect(findCalls(calls, 'GET', `/api/day_plans/${date}`)).toHaveLength(2));
  });

  it('checks the capacities and wants a round out before planning', async () => {
    const { calls } = stubPlannerApi();
    const { user } = await openPlanner();
    await user.type(screen.getByRole('textbox', { name: 'Capacity of Inner West' }), '0');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText(capacityMessage)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Inner West out' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Round Not Out' })).getByRole('button', {
        name: 'Only This Plan',
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'East out' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Round Not Out' })).getByRole('button', {
        name: 'Only This Plan',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText('Tick at least one round that is out.')).toBeTruthy();
    expect(findCalls(calls, 'POST', `/api/day_plans/${date}/jobs`)).toHaveLength(0);
    expect(findCalls(calls, 'PUT', '/api/rounds/7/days_off/2026-11-24')).toHaveLength(0);
  });

  it('marks a round off for the day when unticked and the coordinator says so', async () => {
    const { calls } = stubPlannerApi([], {
      'PUT /api/rounds/9/days_off/2026-11-24': () => buildEnvelope({ round_id: 9, date, is_off: true }),
    });
    const { user } = await openPlanner();
    await user.click(screen.getByRole('checkbox', { name: 'East out' }));
    const dialog = screen.getByRole('dialog', { name: 'Round Not Out' });
    expect(within(dialog).getByText(/^Mark East off on 24-11-2026/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Mark Off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'East out' })).toHaveProperty('checked', false);
    expect(findCalls(calls, 'PUT', '/api/rounds/9/days_off/2026-11-24')[0]?.body).toEqual({ is_off: true });
  });

  it('moves a stop by hand, which waits for a re-plan that keeps it there', async () => {
    const { calls } = stubPlannerApi();
    const { user } = await openPlanner();
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Round for Alice' }, afterPolls),
      'East',
    );
    const east = screen.getByRole('region', { name: 'Stops of East' });
    expect(within(east).getByText('Placed by hand')).toBeTruthy();
    expect(within(east).getByText('Moved from Inner West')).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Apply' }))).toBe(true);
    expect(screen.getByText(/^Stops were moved by hand: Re-plan/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Re-plan' }));
    await waitFor(() => expect(findCalls(calls, 'POST', `/api/day_plans/${date}/jobs`)).toHaveLength(2));
    expect(findCalls(calls, 'POST', `/api/day_plans/${date}/jobs`)[1]?.body).toMatchObject({
      pins: [{ visit_id: 1, round_id: 9 }],
    });
  });

  it('says which round runs past midnight, in words, and offers no Apply until the plan fits the day', async () => {
    const pastMidnight =
      "This plan runs past midnight: 2 visits, from Cara's on, would end after 23:58. Shorten the travel contingency or move stops to another round.";
    const plan: DayPlan = {
      ...buildTestPlan(),
      routes: buildTestPlan().routes.map((route) =>
        route.round_id === 9 ? { ...route, past_midnight: pastMidnight } : route,
      ),
    };
    stubPlannerApi([buildJob({ status: 'done', progress: 1, plan })]);
    const { user } = await openPlanner();
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    const alert = await screen.findByText(pastMidnight, undefined, afterPolls);
    expect(alert.closest('[role="alert"]')?.textContent).toContain('East');
    expect(screen.getAllByText(/This plan runs past midnight/)).toHaveLength(1);
    expect(isDisabled(screen.getByRole('button', { name: 'Apply' }))).toBe(true);
  });

  it('cancels a plan being worked out', async () => {
    const { calls } = stubPlannerApi([buildJob({ progress: 0.2 })], {
      [`DELETE /api/day_plans/jobs/${jobId}`]: () =>
        buildEnvelope(buildJob({ status: 'cancelled', progress: 0.2 })),
    });
    const { user } = await openPlanner();
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Planning was cancelled.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(findCalls(calls, 'DELETE', `/api/day_plans/jobs/${jobId}`)).toHaveLength(1);
  });

  it('says why a day could not be planned (the CRM down)', async () => {
    stubPlannerApi([], {
      [`POST /api/day_plans/${date}/jobs`]: () =>
        buildErrorEnvelope(7, 'AlayaCare failed. The visits could not be read.'),
    });
    const { user } = await openPlanner();
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText('AlayaCare failed. The visits could not be read.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Plan' })).toBeTruthy();
  });

  it("reads every round's day before planning, and says when the CRM could not be reached", async () => {
    let answerSource: () => void = () => {};
    const { calls } = stubPlannerApi(undefined, {
      [`GET /api/rounds/8/visits/${date}`]: () =>
        new Promise((resolve) => {
          answerSource = () =>
            resolve(
              buildEnvelope([], { message: 'AlayaCare failed. The visits shown are the ones stored.' }),
            );
        }),
    });
    const { user } = await openPlanner();
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    // A day never read waits for the CRM before the plan starts.
    expect(await screen.findByText("Reading the day's visits...")).toBeTruthy();
    expect(findCalls(calls, 'POST', `/api/day_plans/${date}/jobs`)).toHaveLength(0);
    answerSource();
    const warning = await screen.findByText('AlayaCare failed. The visits shown are the ones stored.');
    expect(warning.closest('[role="alert"]')?.textContent).toContain('The plan uses the visits stored');
    expect(
      calls.filter((call) => call.path.startsWith('/api/rounds/') && call.path.includes('/visits/')),
    ).toHaveLength(3);
    expect(
      await screen.findByText('2 stops move from their usual round.', undefined, afterPolls),
    ).toBeTruthy();
  });

  it('shows a failed job in words', async () => {
    stubPlannerApi([buildJob({ status: 'failed', message: 'The maps provider did not answer.' })]);
    const { user } = await openPlanner();
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText('The maps provider did not answer.', undefined, afterPolls)).toBeTruthy();
  });

  it('says when there is nothing to plan', async () => {
    const plan: DayPlan = {
      ...buildTestPlan(),
      routes: buildTestPlan().routes.map((route) => ({ ...route, before: buildSummary(), stops: [] })),
      unassigned: [],
    };
    stubPlannerApi([buildJob({ status: 'done', progress: 1, plan })]);
    const { user } = await openPlanner();
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(
      await screen.findByText('No visits on 24-11-2026: there is nothing to plan.', undefined, afterPolls),
    ).toBeTruthy();
  });

  it('shows a plan already applied for the day, and undoes it after a confirmation', async () => {
    let isApplied = true;
    const { calls } = stubPlannerApi([], {
      [`GET /api/day_plans/${date}`]: () =>
        buildEnvelope(
          isApplied
            ? {
                date,
                applied_at: '2026-11-23T00:30:00.000Z',
                routes: [{ round_id: 7, visit_ids: [1, 2] }],
                moved: 3,
              }
            : null,
        ),
      [`DELETE /api/day_plans/${date}`]: () => {
        isApplied = false;
        return buildEnvelope(null, { message: 'Every visit is back on its usual round.' });
      },
    });
    const { user } = await openPlanner();
    expect(await screen.findByText('A plan is applied for 24-11-2026')).toBeTruthy();
    expect(screen.getByText(/^3 stops ride another round than their own/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo plan for this day' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo Plan' });
    expect(
      within(dialog).getByText(
        'Undo the plan for 24-11-2026? Every visit goes back to its usual round, and a round marked off whose visits the plan carried goes back out.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Undo Plan' }));
    expect(await screen.findByText(/^Every visit is back on its usual round\./)).toBeTruthy();
    expect(screen.queryByText('A plan is applied for 24-11-2026')).toBeNull();
    expect(findCalls(calls, 'DELETE', `/api/day_plans/${date}`)).toHaveLength(1);
  });

  it('asks before leaving a plan that is not applied', async () => {
    stubPlannerApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, router } = await openPlanner();
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    await screen.findByText('2 stops move from their usual round.', undefined, afterPolls);
    await user.click(screen.getByRole('link', { name: 'Back to Rounds' }));
    expect(confirm).toHaveBeenCalledWith('The plan is not applied. Leave it without applying?');
    expect(router.state.location.pathname).toBe('/rounds/plan');
  });

  it('plans only days after today, and asks before another date drops a plan not applied', async () => {
    const { calls } = stubPlannerApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await openPlanner();
    const dateBox = screen.getByRole('textbox', { name: 'Date' });
    await user.clear(dateBox);
    await user.type(dateBox, '23-11-2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Only days after today can be planned.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Plan' }));
    await screen.findByText('2 stops move from their usual round.', undefined, afterPolls);
    await user.clear(dateBox);
    await user.type(dateBox, '25-11-2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(confirm).toHaveBeenCalledWith('The plan is not applied. Leave it without applying?');
    expect(screen.getByText('2 stops move from their usual round.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/day_plans/2026-11-25')).toBe(false);
  });
});
