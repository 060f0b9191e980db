import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Visit } from '../../../../contracts/visits';
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
} from '../../../test-utils';
import { answerLegs, buildVisit, round } from './rounds-test-fixtures';

// Today is Monday 23 November 2026 in Sydney; the screen is asked for the 24th, so it shows the 23rd to the 26th.
const future = [
  buildVisit(1, 'Alice', '2026-11-24', '10:00', '10:20'),
  buildVisit(2, 'Bob', '2026-11-24', '10:30', '10:50'),
  buildVisit(3, 'Cara', '2026-11-24', '10:01', '10:16'),
];
const today = [
  buildVisit(4, 'Dan', '2026-11-23', '10:00', '10:20'),
  buildVisit(5, 'Eve', '2026-11-23', '10:30', '10:45'),
  buildVisit(6, 'Finn', '2026-11-23', '23:59', '23:59', 'completed'),
];

const legsSent = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path === '/api/maps/distances')
    .flatMap((call) => (call.body as { legs: unknown[] }).legs);

// Fetched from the CRM 5 minutes before "now" (01:00 UTC).
const refreshedMeta = { refreshed_at: '2026-11-23T00:55:00.000Z', is_refreshing: false };

function stubRoundsApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`GET /api/rounds/7/visits/2026-11-23`]: () => buildEnvelope(today, refreshedMeta),
    [`GET /api/rounds/7/visits/2026-11-24`]: () => buildEnvelope(future, refreshedMeta),
    [`GET /api/rounds/7/visits/2026-11-25`]: () =>
      buildEnvelope([], {
        message: 'AlayaCare failed. The visits shown are the ones stored.',
        refreshed_at: null,
        is_refreshing: false,
      }),
    [`GET /api/rounds/7/visits/2026-11-26`]: () => buildEnvelope([], refreshedMeta),
    'POST /api/maps/distances': answerLegs,
    ...extra,
  });
}

async function showRound(user: ReturnType<typeof renderApp>['user']) {
  const show = screen.getByRole('button', { name: 'Show' });
  expect(isDisabled(show)).toBe(true);
  expect(screen.getByText('Please select a round.')).toBeTruthy();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Round' }), 'Inner West');
  const date = screen.getByRole('textbox', { name: 'Date' });
  await user.clear(date);
  await user.type(date, '24-11-2026');
  await user.click(show);
}

function findPanel(title: string) {
  return screen.getByRole('region', { name: title });
}

beforeEach(() => {
  setTestClock('2026-11-23T01:00:00Z');
  logInAs('driver@example.org', 'normal', buildAccount({ rounds: [round], travel_contingency_mins: 2 }));
});

// Four panels of a whole round render per test: slow on a shared, busy machine.
describe('rounds screen', { timeout: 30_000 }, () => {
  it('shows four days from the day before, with totals, and moves by four days', async () => {
    const { calls } = stubRoundsApi({
      'GET /api/rounds/7/visits/2026-11-27': () => buildEnvelope([]),
      'GET /api/rounds/7/visits/2026-11-28': () => buildEnvelope([]),
      'GET /api/rounds/7/visits/2026-11-29': () => buildEnvelope([]),
      'GET /api/rounds/7/visits/2026-11-30': () => buildEnvelope([]),
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    for (const title of ['Mon 23 Nov', 'Tue 24 Nov', 'Wed 25 Nov', 'Thu 26 Nov']) {
      expect(findPanel(title)).toBeTruthy();
    }
    const panel = findPanel('Tue 24 Nov');
    // Four legs of 2.5 km and 5 minutes; first visit 10:00 less 5 and 2, last 10:16 plus 5 and 2.
    expect(await within(panel).findByText('10.0 km, 20 mins')).toBeTruthy();
    expect(within(panel).getByText('09:53 to 10:23')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Alice' }).getAttribute('href')).toBe('/client/10/');
    expect(within(findPanel('Wed 25 Nov')).getByText(/AlayaCare failed/)).toBeTruthy();
    expect(within(findPanel('Mon 23 Nov')).getByText('No time')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next 4 days' }));
    expect(await screen.findByRole('region', { name: 'Fri 27 Nov' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveProperty('value', '28-11-2026');

    // Back again, each day is read afresh: a publish (or another user) may have changed it.
    await user.click(screen.getByRole('button', { name: 'Previous 4 days' }));
    expect(await within(findPanel('Tue 24 Nov')).findByText('10.0 km, 20 mins')).toBeTruthy();
    const reads = calls.filter((call) => call.path === '/api/rounds/7/visits/2026-11-24');
    expect(reads).toHaveLength(2);
  });

  it('drives past a cancelled visit: no leg to it, and the totals leave it out', async () => {
    const { calls } = stubRoundsApi({
      'GET /api/rounds/7/visits/2026-11-26': () =>
        buildEnvelope([
          buildVisit(7, 'Gia', '2026-11-26', '10:00', '10:20'),
          buildVisit(8, 'Hal', '2026-11-26', '10:30', '10:50', 'cancelled'),
          buildVisit(9, 'Ivy', '2026-11-26', '11:00', '11:15'),
        ]),
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Thu 26 Nov');
    // Base to Gia, Gia to Ivy and Ivy home: three legs, not four.
    expect(await within(panel).findByText('7.5 km, 15 mins')).toBeTruthy();
    expect(within(panel).getAllByText('2.5 km, 5 min')).toHaveLength(3);
    expect(within(panel).getByText('09:53 to 11:22')).toBeTruthy();
    const legs = legsSent(calls);
    expect(legs).toContainEqual({ from: '7 Gia Street', to: '9 Ivy Street' });
    expect(JSON.stringify(legs)).not.toContain('Hal Street');
  });

  it('shows when each day was updated, asks for all travel in one call, and refreshes a day on request', async () => {
    let reads = 0;
    const { calls, fetchMock } = stubRoundsApi({
      'GET /api/rounds/7/visits/2026-11-24': () => {
        reads += 1;
        return reads === 1
          ? buildEnvelope(future, refreshedMeta)
          : buildEnvelope([buildVisit(1, 'Alice', '2026-11-24', '11:00', '11:20')], {
              refreshed_at: '2026-11-23T01:00:00.000Z',
              is_refreshing: false,
            });
      },
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Tue 24 Nov');
    expect(await within(panel).findByText('10.0 km, 20 mins')).toBeTruthy();
    expect(within(panel).getByText('Updated 5 minutes ago')).toBeTruthy();
    expect(within(findPanel('Wed 25 Nov')).getByText('Not yet updated from the CRM')).toBeTruthy();
    // A panel's travel rows come in one maps/distances call (panels shown together may share it).
    const travelCalls = calls.filter((call) => call.path === '/api/maps/distances');
    const panelCall = travelCalls.find((call) => JSON.stringify(call.body).includes('1 Alice Street'));
    expect((panelCall?.body as { legs: unknown[] }).legs).toEqual(
      expect.arrayContaining([
        { from: round.address, to: '1 Alice Street' },
        { from: '1 Alice Street', to: '2 Bob Street' },
        { from: '2 Bob Street', to: '3 Cara Street' },
        { from: '3 Cara Street', to: round.address },
      ]),
    );
    expect(legsSent(calls)).toHaveLength(8);

    await user.click(within(panel).getByRole('button', { name: 'Refresh' }));
    expect(await within(panel).findByText('Updated just now')).toBeTruthy();
    expect(within(panel).getByText('11:00-11:20')).toBeTruthy();
    expect(within(panel).queryByRole('link', { name: 'Bob' })).toBeNull();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.filter((url) => url.includes('/api/rounds/7/visits/2026-11-24?refresh=true'))).toHaveLength(
      1,
    );
  });

  it('shows what a background refresh brought, but never over unpublished changes', async () => {
    const reads = { '24': 0, '26': 0 };
    let releaseSecondRead: () => void = () => undefined;
    const isMoved = new Promise<void>((resolve) => {
      releaseSecondRead = resolve;
    });
    const refreshing = { ...refreshedMeta, is_refreshing: true };
    stubRoundsApi({
      'GET /api/rounds/7/visits/2026-11-26': () => {
        reads['26'] += 1;
        return reads['26'] === 1
          ? buildEnvelope([], refreshing)
          : buildEnvelope([buildVisit(7, 'Gia', '2026-11-26', '10:00', '10:20')], refreshedMeta);
      },
      'GET /api/rounds/7/visits/2026-11-24': async () => {
        reads['24'] += 1;
        if (reads['24'] === 1) return buildEnvelope(future, refreshing);
        // The CRM's answer comes only once the user has moved a visit.
        await isMoved;
        return buildEnvelope([buildVisit(1, 'Alice', '2026-11-24', '11:00', '11:20')], refreshedMeta);
      },
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    // The server said a refresh was under way: the panel asks again and shows what came.
    const lastPanel = findPanel('Thu 26 Nov');
    expect(await within(lastPanel).findByRole('link', { name: 'Gia' }, { timeout: 5_000 })).toBeTruthy();

    const panel = findPanel('Tue 24 Nov');
    await within(panel).findByText('10.0 km, 20 mins');
    await user.click(within(panel).getByRole('button', { name: 'Move Alice down' }));
    expect(await within(panel).findByText('10:27-10:47')).toBeTruthy();
    releaseSecondRead();
    expect(
      await within(panel).findByText(/The CRM has newer visits: Refresh shows them/, {}, { timeout: 5_000 }),
    ).toBeTruthy();
    // The unpublished order and times stay.
    expect(within(panel).getByText('10:27-10:47')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Bob' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('moves a visit down, retimes only what must move and publishes only the changed visits', async () => {
    const { calls } = stubRoundsApi({
      'PUT /api/visits': (call) =>
        buildEnvelope(
          (call.body as { id: number }[]).map((visit) => ({
            id: visit.id,
            is_done: true,
            status: 'done',
            message: '',
          })),
        ),
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Tue 24 Nov');
    await within(panel).findByText('10.0 km, 20 mins');
    expect(within(panel).queryByRole('button', { name: 'Publish' })).toBeNull();
    // Bob (10:30) below Cara: Cara takes Bob's 10:30, Bob follows her (10:45 + 5 + 2); Alice keeps 10:00.
    await user.click(within(panel).getByRole('button', { name: 'Move Bob down' }));
    expect(await within(panel).findByText('10:52-11:12')).toBeTruthy();
    expect(within(panel).getByText('10:30-10:45')).toBeTruthy();
    expect(within(panel).getByText('10:00-10:20')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Changes' });
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(dialog).getByRole('cell', { name: 'Bob' })).toBeTruthy();
    expect(within(dialog).queryByRole('cell', { name: 'Alice' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish Changes' })).toBeNull());
    const put = calls.find((call: ApiCall) => call.method === 'PUT');
    expect(put?.body).toEqual([
      {
        id: 3,
        date: '2026-11-24',
        start: '10:30',
        end: '10:45',
        timezone: 'Australia/Sydney',
        service_id: 's1',
      },
      {
        id: 2,
        date: '2026-11-24',
        start: '10:52',
        end: '11:12',
        timezone: 'Australia/Sydney',
        service_id: 's1',
      },
    ]);
    expect(within(panel).queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('lists per-visit publish failures and keeps the unpublished change', async () => {
    stubRoundsApi({
      'PUT /api/visits': () =>
        buildEnvelope(
          [
            { id: 2, is_done: true, status: 'done', message: '' },
            { id: 1, is_done: false, status: 'failed', message: 'Alice: the visit is locked.' },
          ],
          { message: '1 of 2 visits were not published: Alice: the visit is locked.' },
        ),
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Tue 24 Nov');
    await within(panel).findByText('10.0 km, 20 mins');
    await user.click(within(panel).getByRole('button', { name: 'Move Alice down' }));
    await user.click(await within(panel).findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(panel).findByText(/1 of 2 visits were not published/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('marks a round off in its day’s panel header, offers no Optimise there and names the day on the switch', async () => {
    stubRoundsApi({
      // The list is asked for one date at a time; only the 24th is off.
      'GET /api/rounds/days_off': () => buildEnvelope([{ round_id: 7, date: '2026-11-24' }]),
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const off = findPanel('Tue 24 Nov');
    expect(await within(off).findByText('Off')).toBeTruthy();
    await within(off).findByText('Alice');
    expect(within(off).queryByRole('button', { name: 'Optimise' })).toBeNull();
    expect(within(off).queryByRole('button', { name: 'Order' })).toBeNull();
    const out = findPanel('Wed 25 Nov');
    expect(within(out).queryByText('Off')).toBeNull();
    const offSwitch = screen.getByRole('switch', { name: 'Round off on Tue 24 Nov' });
    expect(offSwitch).toHaveProperty('checked', true);
    expect(screen.getByText('Off on 24-11-2026')).toBeTruthy();
  });

  it('optimises through the dialog, and Cancel aborts the call', async () => {
    const { calls, fetchMock } = stubRoundsApi({
      'POST /api/maps/optimise': (call) => {
        const body = call.body as { events: Visit[]; optimise_by: string };
        if (body.optimise_by === 'preferred') {
          return buildEnvelope(
            [future[2], future[0], future[1]].map((visit, index) => ({
              ...visit,
              start: `11:0${index}`,
              end: `11:1${index}`,
              travel_mins: 4,
              travel_kms: 1.5,
            })),
          );
        }
        return new Promise(() => {});
      },
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Tue 24 Nov');
    await within(panel).findByText('10.0 km, 20 mins');

    await user.click(within(panel).getByRole('button', { name: 'Optimise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Optimising the Round' });
    expect(within(dialog).getByText('Finding the best order for 3 visits...')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/maps/optimise')).toBe(true));
    const optimiseCall = calls.find((call) => call.path === '/api/maps/optimise');
    expect(optimiseCall?.body).toMatchObject({
      base_address: round.address,
      pickup_time: '09:00',
      optimise_by: 'optimal',
      round_id: 7,
    });
    expect((optimiseCall?.body as { events: unknown[] }).events[0]).toEqual({ ...future[0], travel_mins: 5 });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Optimising the Round' })).toBeNull());
    const optimiseFetch = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/maps/optimise'));
    expect(optimiseFetch?.[1]?.signal?.aborted).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Order' }));
    expect(await within(panel).findByText('11:00-11:10')).toBeTruthy();
    const names = within(panel)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/client/'))
      .map((link) => link.textContent);
    expect(names).toEqual(['Cara', 'Alice', 'Bob']);
    expect(within(panel).getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('completes the selected visits of today and shows the warnings', async () => {
    const { calls } = stubRoundsApi({
      'POST /api/visits/complete': () =>
        buildEnvelope(
          [
            { id: 4, is_done: true, status: 'done', message: '' },
            { id: 5, is_done: false, status: 'failed', message: 'Eve: refused.' },
          ],
          { message: '1 of 2 visits were not completed: Eve: refused.' },
        ),
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Mon 23 Nov');
    await within(panel).findByText('Dan');
    expect(within(panel).queryByRole('button', { name: 'Move Dan up' })).toBeNull();
    expect(within(panel).queryByRole('checkbox', { name: 'Complete Finn' })).toBeNull();
    const complete = within(panel).getByRole('button', { name: 'Complete' });
    expect(isDisabled(complete)).toBe(true);
    await user.click(within(panel).getByRole('button', { name: 'Select All' }));
    expect(within(panel).getByRole('checkbox', { name: 'Complete Dan' })).toHaveProperty('checked', true);
    expect(within(panel).getByRole('button', { name: 'Unselect All' })).toBeTruthy();
    await user.click(complete);
    const dialog = await screen.findByRole('dialog', { name: 'Complete Visits' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('1 of 2 visits were marked as completed.')).toBeTruthy();
    expect(within(dialog).getAllByText(/Eve: refused/).length).toBeGreaterThan(0);
    expect(calls.find((call) => call.path === '/api/visits/complete')?.body).toEqual([4, 5]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(panel).queryByRole('checkbox', { name: 'Complete Dan' })).toBeNull();
    expect(within(panel).getByRole('checkbox', { name: 'Complete Eve' })).toBeTruthy();
  });

  it("shows '?' with the server's message when travel fails, and a failed load does not stay on Loading...", async () => {
    stubRoundsApi({
      'POST /api/maps/distances': () => buildErrorEnvelope(9, 'The maps provider failed.'),
      'GET /api/rounds/7/visits/2026-11-26': () => buildErrorEnvelope(7, 'AlayaCare refused the request.'),
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Tue 24 Nov');
    expect((await within(panel).findAllByLabelText('The maps provider failed.')).length).toBe(4);
    expect(within(panel).getByText('0.0 km, 0 mins')).toBeTruthy();
    expect(await within(findPanel('Thu 26 Nov')).findByText('AlayaCare refused the request.')).toBeTruthy();
  });

  it('prints a sheet with the panel’s events and links the driving route through every stop', async () => {
    const open = vi.fn(() => ({ close: vi.fn() }));
    vi.stubGlobal('open', open);
    const { calls } = stubRoundsApi({
      'POST /api/print/round': () => buildEnvelope({ url: '/api/print/files/abc' }),
    });
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Tue 24 Nov');
    await within(panel).findByText('10.0 km, 20 mins');
    await user.click(within(panel).getByRole('button', { name: 'Print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print' });
    const route = new URL(
      within(dialog).getByRole('link', { name: 'Driving Route' }).getAttribute('href') ?? '',
    );
    expect(route.searchParams.get('origin')).toBe(round.address);
    expect(route.searchParams.get('destination')).toBe(round.address);
    expect(route.searchParams.get('waypoints')).toBe('1 Alice Street|2 Bob Street|3 Cara Street');
    await user.click(within(dialog).getByRole('button', { name: 'Driver Run Sheet' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/print/files/abc', '_blank'));
    expect(calls.find((call) => call.path === '/api/print/round')?.body).toEqual({
      round: 7,
      date: '2026-11-24',
      format: 'driver',
      events: future.map((visit) => ({
        id: visit.id,
        start: visit.start,
        end: visit.end,
        travel_mins: 5,
        travel_kms: 2.5,
      })),
      // The drive back to the base: the driver sheet's total counts it, like the panel's.
      return_travel: { mins: 5, kms: 2.5 },
      // A future day's run can have a driver link: the sheet prints a new one unless unticked.
      driver_link: true,
    });
  });
});
