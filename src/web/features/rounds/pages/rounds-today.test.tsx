import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Visit } from '../../../../contracts/visits';
import {
  buildAccount,
  buildEnvelope,
  isDisabled,
  logInAs,
  renderApp,
  stubApi,
  setTestClock,
} from '../../../test-utils';
import { nothingChangedText } from '../panel-model';
import { unpublishedChangesText } from '../use-unpublished-guard';
import { answerLegs, buildVisit, round } from './rounds-test-fixtures';

// Now is 12:00 on Monday 23 November 2026 in Sydney: Dan's visit (10:00) is under way, Gus and Hana are to come.
const today = [
  buildVisit(4, 'Dan', '2026-11-23', '10:00', '10:20'),
  buildVisit(5, 'Gus', '2026-11-23', '13:00', '13:15'),
  buildVisit(6, 'Hana', '2026-11-23', '14:00', '14:10'),
];
const tomorrow = [
  buildVisit(1, 'Alice', '2026-11-24', '10:00', '10:20'),
  buildVisit(2, 'Bob', '2026-11-24', '10:30', '10:50'),
];
const meta = { refreshed_at: '2026-11-23T00:55:00.000Z', is_refreshing: false };

function stubRoundsApi(tomorrowVisits: Visit[] = tomorrow) {
  const days: Record<string, Visit[]> = { '2026-11-23': today, '2026-11-24': tomorrowVisits };
  const handlers: Parameters<typeof stubApi>[0] = {
    'POST /api/maps/distances': answerLegs,
    // As the server answers when every start has passed: each visit kept, with the travel of its leg.
    'POST /api/maps/optimise': (call) =>
      buildEnvelope(
        (call.body as { events: Visit[] }).events.map((visit) => ({
          ...visit,
          travel_mins: 5,
          travel_kms: 2.5,
        })),
      ),
  };
  for (let day = 22; day <= 30; day += 1) {
    const date = `2026-11-${day}`;
    handlers[`GET /api/rounds/7/visits/${date}`] = () => buildEnvelope(days[date] ?? [], meta);
  }
  return stubApi(handlers);
}

async function showRound(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Round' }), 'Inner West');
  const date = screen.getByRole('textbox', { name: 'Date' });
  await user.clear(date);
  await user.type(date, '24-11-2026');
  await user.click(screen.getByRole('button', { name: 'Show' }));
}

const findPanel = (title: string) => screen.getByRole('region', { name: title });

beforeEach(() => {
  setTestClock('2026-11-23T01:00:00Z');
  logInAs('driver@example.org', 'normal', buildAccount({ rounds: [round], travel_contingency_mins: 2 }));
});

describe('rounds screen: today and unpublished changes', { timeout: 30_000 }, () => {
  it('plans today’s visits still to come and completes today, keeping the visit under way in place', async () => {
    stubRoundsApi();
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Mon 23 Nov');
    await within(panel).findByText('10.0 km, 20 mins');
    for (const name of ['Optimise', 'Order', 'Complete', 'Select All']) {
      expect(within(panel).getByRole('button', { name })).toBeTruthy();
    }
    // Dan's visit is under way: it does not move, and nothing moves above it.
    expect(within(panel).queryByRole('button', { name: 'Move Dan down' })).toBeNull();
    expect(isDisabled(within(panel).getByRole('button', { name: 'Move Gus up' }))).toBe(true);
    // Hana before Gus: she takes his 13:00; he follows her (13:10 + 5 + 2); Dan keeps 10:00.
    await user.click(within(panel).getByRole('button', { name: 'Move Gus down' }));
    expect(await within(panel).findByText('13:17-13:32')).toBeTruthy();
    expect(within(panel).getByText('13:00-13:10')).toBeTruthy();
    expect(within(panel).getByText('10:00-10:20')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('asks before other days replace unpublished changes, and keeps them when told to', async () => {
    stubRoundsApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderApp('/rounds');
    await showRound(user);
    // Nothing unpublished: no question.
    await user.click(screen.getByRole('button', { name: 'Next 4 days' }));
    expect(await screen.findByRole('region', { name: 'Fri 27 Nov' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Previous 4 days' }));

    const panel = await screen.findByRole('region', { name: 'Tue 24 Nov' });
    await within(panel).findByText('7.5 km, 15 mins');
    await user.click(within(panel).getByRole('button', { name: 'Move Alice down' }));
    await within(panel).findByRole('button', { name: 'Publish' });

    await user.click(screen.getByRole('button', { name: 'Next 4 days' }));
    expect(confirm).toHaveBeenLastCalledWith(unpublishedChangesText);
    expect(screen.queryByRole('region', { name: 'Fri 27 Nov' })).toBeNull();
    expect(within(findPanel('Tue 24 Nov')).getByRole('button', { name: 'Publish' })).toBeTruthy();

    // Another date through the form: asked, refused, the form shows the days still on screen.
    const date = screen.getByRole('textbox', { name: 'Date' });
    await user.clear(date);
    await user.type(date, '01-12-2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(date).toHaveProperty('value', '24-11-2026');

    // Leaving the screen through the menu: asked, refused, still here.
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    expect(confirm).toHaveBeenCalledTimes(3);
    expect(findPanel('Tue 24 Nov')).toBeTruthy();

    // Closing or reloading the tab: the browser's own prompt.
    const unload = new Event('beforeunload', { cancelable: true });
    fireEvent(window, unload);
    expect(unload.defaultPrevented).toBe(true);

    // Told to go: the next days show and nothing is held any more.
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Next 4 days' }));
    expect(await screen.findByRole('region', { name: 'Fri 27 Nov' })).toBeTruthy();
    const later = new Event('beforeunload', { cancelable: true });
    fireEvent(window, later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('leaves nothing to publish when Order on today keeps every visit, and keeps the legs and totals', async () => {
    // 15:00: every one of today's visits has started.
    setTestClock('2026-11-23T04:00:00Z');
    stubRoundsApi();
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = findPanel('Mon 23 Nov');
    await within(panel).findByText('10.0 km, 20 mins');
    await user.click(within(panel).getByRole('button', { name: 'Order' }));
    expect(await within(panel).findByText(nothingChangedText)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(panel).getByText('10.0 km, 20 mins')).toBeTruthy();
    expect(within(panel).getAllByText('2.5 km, 5 min')).toHaveLength(4);
  });

  it('says in Publish Changes why a visit nobody moved changes', async () => {
    // Cy's stored 10:52 cannot be driven once Alice follows Bob: she ends 10:47, then 5 min travel and 2 min.
    stubRoundsApi([...tomorrow, buildVisit(3, 'Cy', '2026-11-24', '10:52', '11:00')]);
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = await screen.findByRole('region', { name: 'Tue 24 Nov' });
    await within(panel).findByText('10.0 km, 20 mins');
    await user.click(within(panel).getByRole('button', { name: 'Move Alice down' }));
    await user.click(await within(panel).findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Changes' });
    const rowOf = (name: string) => within(dialog).getByRole('cell', { name }).closest('tr');
    const cy = rowOf('Cy');
    expect(cy && within(cy).getByText('10:54-11:02')).toBeTruthy();
    expect(
      cy &&
        within(cy).getByText(
          "Stored time 10:52 cannot be driven: the driver arrives 10:54 at the earliest, after Alice's visit ending 10:47 (5 min travel, 2 min contingency).",
        ),
    ).toBeTruthy();
    // Alice and Bob were moved by hand: no reason is needed.
    const alice = rowOf('Alice');
    expect(alice && within(alice).queryByText(/cannot be driven/)).toBeNull();
  });

  it('refuses a move that would run past midnight, in words', async () => {
    stubRoundsApi([
      buildVisit(1, 'Alice', '2026-11-24', '23:30', '23:45'),
      buildVisit(2, 'Bob', '2026-11-24', '23:50', '23:58'),
    ]);
    const { user } = renderApp('/rounds');
    await showRound(user);
    const panel = await screen.findByRole('region', { name: 'Tue 24 Nov' });
    await within(panel).findByText('7.5 km, 15 mins');
    await user.click(within(panel).getByRole('button', { name: 'Move Bob up' }));
    expect(
      await within(panel).findByText(
        "This plan runs past midnight: Alice's visit would end after 23:58. Shorten the travel contingency or move stops to another round.",
      ),
    ).toBeTruthy();
    expect(within(panel).getByText('23:30-23:45')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Publish' })).toBeNull();
  });
});
