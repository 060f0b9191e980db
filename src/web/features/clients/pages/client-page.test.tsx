import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClientDetail } from '../../../../contracts/clients';
import type { Meal, Schedule } from '../../../../contracts/meals';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';
import { saveClientList } from '../client-filters-store';
import { currentWeekId, listWeekDates } from '../meal-selection-model';

/** The screen renders a whole week's grid in jsdom and user-event types key by key: slower than most tests. */
const slowTest = 30_000;

const rounds = [
  { id: 11, name: 'Inner West', address: '', pickup_time: '09:00', timezone: 'Australia/Sydney' },
  { id: 12, name: 'North Shore', address: '', pickup_time: '09:00', timezone: 'Australia/Sydney' },
];
const labels = [
  { key: 'l1', name: 'Vegetarian', colour: '#22aa44' },
  { key: 'l2', name: 'Gluten Free', colour: '#ffaa00' },
];
const categories = [{ key: 'c1', name: 'Mains' }];

function buildMeal(key: string, description: string, mealLabels: string[]): Meal {
  return {
    key,
    description,
    ingredients: '',
    category: 'Mains',
    meal_state: 'Hot',
    labels: mealLabels,
    active_ind: true,
    status: 'active',
  };
}
const curry = buildMeal('m1', 'Vegetable Curry', ['Vegetarian']);
const roast = buildMeal('m2', 'Roast Chicken', []);
const weekId = currentWeekId();
const dates = listWeekDates(weekId);
const monday = dates[0] ?? '';

function buildClient(overrides: Partial<ClientDetail> = {}): ClientDetail {
  return {
    client_id: 7,
    key: 'k7',
    name: 'Dorothy Jackson',
    url: 'https://crm.example/client/7',
    external_id: 'HCM-7',
    external_status: 'active',
    phone: '0462 615 022',
    address: '104 Havelock Avenue',
    city: 'Coogee',
    state: 'NSW',
    zip: '2034',
    latitude: -33.92,
    longitude: 151.255,
    round: 'Inner West',
    round_id: 11,
    labels: ['Vegetarian'],
    dietary_requirements: 'No nuts',
    plan: 'Weekdays',
    plan_dow: [1, 1, 1, 1, 1, 0, 0],
    delivery_instructions: 'Side door',
    meal_choices: {
      [monday]: { m1: { quantity: 2, meal_state: 'Frozen', cook_deliver: 'Deliver Only', comment: '' } },
    },
    ...overrides,
  };
}

function buildSchedule(): Schedule {
  return {
    week_start: weekId,
    days: Object.fromEntries(dates.map((date) => [date, { Mains: [curry, roast] }])),
    cycle_week: null,
    source_week: null,
  };
}

function stubClientApi(put: (body: unknown) => unknown = () => buildEnvelope(buildClient())) {
  return stubApi({
    'GET /api/clients/7': () => buildEnvelope(buildClient()),
    'GET /api/clients/7/prev_next': () =>
      buildEnvelope({ prev_client: { client_id: 6, name: 'Anh Fraser' }, next_client: null }),
    'PUT /api/clients/7': (call) => put(call.body),
    'GET /api/meals/labels': () => buildEnvelope(labels),
    'GET /api/meals/meals': () => buildEnvelope({ meals: [curry, roast], categories, labels }),
    [`GET /api/meals/schedule/${weekId}`]: () => buildEnvelope(buildSchedule()),
  });
}

async function openClient() {
  logInAs('staff@example.org', 'normal', buildAccount({ rounds }));
  const view = renderApp('/client/7/');
  expect(screen.getByText('Loading...')).toBeTruthy();
  await screen.findByRole('heading', { name: 'Dorothy Jackson' });
  return view;
}

describe('client screen', () => {
  it(
    'shows the CRM block, the neighbours with the saved filters, and the map',
    async () => {
      saveClientList({ filter: 'jack', filter_round: '11', missing_meals: 'missing', page: 2 });
      const { fetchMock } = stubClientApi();
      await openClient();
      const crm = screen.getByRole('region', { name: 'Maintained in the CRM' });
      expect(within(crm).getByRole('link', { name: 'Dorothy Jackson' }).getAttribute('href')).toBe(
        'https://crm.example/client/7',
      );
      expect(within(crm).getByText('0462 615 022')).toBeTruthy();
      expect(
        within(crm)
          .getByRole('link', { name: /104 Havelock Avenue/ })
          .getAttribute('href'),
      ).toContain('https://www.google.com/maps/search/?api=1&query=104%20Havelock%20Avenue%2C%20Coogee');
      const previous = await screen.findByRole('link', { name: 'Previous client: Anh Fraser' });
      expect(previous.getAttribute('href')).toBe('/client/6/');
      expect(previous.textContent).toContain('Anh Fraser');
      expect(screen.queryByRole('link', { name: /Next client/ })).toBeNull();
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        '/api/clients/7/prev_next?page=2&filter=jack&filter_round=11&missing_meals=true',
      );
      expect(screen.getByRole('img', { name: 'Map of 104 Havelock Avenue, Coogee' })).toBeTruthy();
      const tiles = screen.getAllByTestId('map-tile');
      expect(tiles.length).toBeGreaterThanOrEqual(6);
      expect(tiles[0]?.getAttribute('src')).toMatch(
        /^https:\/\/tile\.openstreetmap\.org\/16\/\d+\/\d+\.png$/,
      );
      expect(screen.getByText('OpenStreetMap')).toBeTruthy();
    },
    slowTest,
  );

  it(
    'edits round, labels (a duplicate is ignored), notes and plan, and saves them',
    async () => {
      const { calls } = stubClientApi();
      const { user } = await openClient();
      const details = screen.getByRole('region', { name: 'Client Details' });
      await user.selectOptions(within(details).getByRole('combobox', { name: 'Round' }), 'North Shore');
      const addLabel = within(details).getByRole('combobox', { name: 'Dietary Labels' });
      // Vegetarian is already on the client: it is not offered again.
      expect(
        within(addLabel)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Add a label...', 'Gluten Free']);
      await user.selectOptions(addLabel, 'Gluten Free');
      expect(within(details).getByRole('button', { name: 'Remove label Gluten Free' })).toBeTruthy();
      await user.click(within(details).getByRole('button', { name: 'Remove label Vegetarian' }));
      await user.clear(within(details).getByRole('textbox', { name: 'Dietary Notes' }));
      await user.type(within(details).getByRole('textbox', { name: 'Dietary Notes' }), 'Soft food');
      await user.click(within(details).getByRole('checkbox', { name: 'Friday' }));
      await user.click(within(details).getByRole('checkbox', { name: 'Saturday' }));
      await user.clear(within(details).getByRole('textbox', { name: 'Plan name' }));
      await user.type(within(details).getByRole('textbox', { name: 'Plan name' }), 'Custom');
      await user.click(within(details).getByRole('button', { name: 'Save' }));
      expect(await within(details).findByText('Client updated successfully.')).toBeTruthy();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        round: 'North Shore',
        labels: ['Gluten Free'],
        dietary_requirements: 'Soft food',
        plan: 'Custom',
        plan_dow: [1, 1, 1, 1, 0, 1, 0],
        delivery_instructions: 'Side door',
      });
      // The banner clears after 3 s.
      await waitFor(() => expect(within(details).queryByText('Client updated successfully.')).toBeNull(), {
        timeout: 4000,
      });
    },
    slowTest,
  );

  it(
    "shows a failed save's message in a dismissible red notice",
    async () => {
      stubClientApi(() => buildErrorEnvelope(2, 'Round is not a round of this account.'));
      const { user } = await openClient();
      const details = screen.getByRole('region', { name: 'Client Details' });
      await user.click(within(details).getByRole('button', { name: 'Save and Close' }));
      expect(await within(details).findByText('Round is not a round of this account.')).toBeTruthy();
      await user.click(within(details).getByRole('button', { name: 'Dismiss' }));
      expect(within(details).queryByText('Round is not a round of this account.')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Dorothy Jackson' })).toBeTruthy();
    },
    slowTest,
  );

  it(
    'Save and Close goes back to the clients list after a successful save',
    async () => {
      stubClientApi();
      const { user, router } = await openClient();
      const details = screen.getByRole('region', { name: 'Client Details' });
      await user.click(within(details).getByRole('button', { name: 'Save and Close' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    },
    slowTest,
  );
});

describe('client menu selection', () => {
  it(
    'shows the week as cards: green when chosen and suitable, pink when unsuitable, white otherwise',
    async () => {
      stubClientApi();
      await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      expect(within(section).getByRole('textbox', { name: /Week of/ })).toHaveProperty('value', weekId);
      const curryMonday = await within(section).findByRole('group', { name: 'Vegetable Curry on Monday' });
      expect(curryMonday.dataset.colour).toBe('green');
      expect(within(curryMonday).getByRole('checkbox', { name: 'Vegetable Curry' })).toHaveProperty(
        'checked',
        true,
      );
      expect(within(curryMonday).getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '2');
      expect(within(curryMonday).getByRole('button', { name: 'Frozen' })).toBeTruthy();
      expect(within(curryMonday).getByRole('button', { name: 'Deliver Only' })).toBeTruthy();
      const roastMonday = within(section).getByRole('group', { name: 'Roast Chicken on Monday' });
      expect(roastMonday.dataset.colour).toBe('white');
      expect(roastMonday.dataset.suitable).toBe('false');
      expect(within(section).getByRole('group', { name: 'Label colours' })).toBeTruthy();
    },
    slowTest,
  );

  it(
    'ticks, cycles, comments and saves all seven dates of the week',
    async () => {
      const { calls } = stubClientApi();
      const { user } = await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      const roastTuesday = await within(section).findByRole('group', { name: 'Roast Chicken on Tuesday' });
      const quantity = within(roastTuesday).getByRole('textbox', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '0');
      await user.click(within(roastTuesday).getByRole('checkbox', { name: 'Roast Chicken' }));
      // Ticked at 0: reset to 1. An unsuitable meal for a Vegetarian client: pink.
      expect(quantity).toHaveProperty('value', '1');
      expect(roastTuesday.dataset.colour).toBe('pink');
      await user.click(within(roastTuesday).getByRole('button', { name: 'Hot' }));
      expect(within(roastTuesday).getByRole('button', { name: 'Fresh' })).toBeTruthy();
      await user.click(within(roastTuesday).getByRole('button', { name: 'Cook & Deliver' }));
      expect(within(roastTuesday).getByRole('button', { name: 'Prepare Only' })).toBeTruthy();
      await user.click(within(roastTuesday).getByRole('button', { name: 'Comment' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByPlaceholderText('Type your comment here...'), 'Cut small');
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      // Untick Monday's curry: it leaves Monday's choices.
      const curryMonday = within(section).getByRole('group', { name: 'Vegetable Curry on Monday' });
      await user.click(within(curryMonday).getByRole('checkbox', { name: 'Vegetable Curry' }));
      expect(curryMonday.dataset.colour).toBe('white');
      expect(within(section).getByText('Unsaved changes')).toBeTruthy();

      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(await within(section).findByText('Client meal choices updated successfully.')).toBeTruthy();
      const put = calls.find((call) => call.method === 'PUT');
      const expected = Object.fromEntries(dates.map((date) => [date, {}]));
      expected[dates[1] ?? ''] = {
        m2: { quantity: 1, meal_state: 'Fresh', cook_deliver: 'Prepare Only', comment: 'Cut small' },
      };
      expect(put?.body).toEqual({ meal_choices: expected });
      expect(within(section).queryByText('Unsaved changes')).toBeNull();
    },
    slowTest,
  );

  it(
    'flags an unusable quantity and does not send it',
    async () => {
      const { calls } = stubClientApi();
      const { user } = await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      const curryMonday = await within(section).findByRole('group', { name: 'Vegetable Curry on Monday' });
      const quantity = within(curryMonday).getByRole('textbox', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '120');
      expect(quantity.getAttribute('aria-invalid')).toBe('true');
      expect(within(curryMonday).getByText('Quantity must be 1 to 99.')).toBeTruthy();
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(
        await within(section).findByText('Please give every ticked meal a quantity from 1 to 99.'),
      ).toBeTruthy();
      expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    },
    slowTest,
  );

  it(
    'asks before showing another week over unsaved ticks, and keeps them when told to stay',
    async () => {
      const { fetchMock } = stubClientApi();
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const { user } = await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      const roastMonday = await within(section).findByRole('group', { name: 'Roast Chicken on Monday' });
      await user.click(within(roastMonday).getByRole('checkbox', { name: 'Roast Chicken' }));
      const dateInput = within(section).getByRole('textbox', { name: /Week of/ });
      await user.clear(dateInput);
      await user.type(dateInput, '01-01-2030');
      await user.click(within(section).getByRole('button', { name: 'Show' }));
      expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave them without saving?');
      expect(dateInput).toHaveProperty('value', weekId);
      expect(within(roastMonday).getByRole('checkbox', { name: 'Roast Chicken' })).toHaveProperty(
        'checked',
        true,
      );
      expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(
        '/api/clients/7?week=31-12-2029',
      );

      // Leaving by a link asks too.
      await user.click(screen.getByRole('link', { name: 'Previous client: Anh Fraser' }));
      expect(confirm).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('heading', { name: 'Dorothy Jackson' })).toBeTruthy();

      // Agreeing shows the other week (a Wednesday snaps to its Monday).
      confirm.mockReturnValue(true);
      await user.clear(dateInput);
      await user.type(dateInput, '02-01-2030');
      await user.click(within(section).getByRole('button', { name: 'Show' }));
      expect(dateInput).toHaveProperty('value', '31-12-2029');
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
          '/api/clients/7?week=31-12-2029',
        ),
      );
    },
    slowTest,
  );
});
