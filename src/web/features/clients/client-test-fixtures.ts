import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { ClientDetail } from '../../../contracts/clients';
import type { Meal, Schedule } from '../../../contracts/meals';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi } from '../../test-utils';
import { currentWeekId } from '../../lib/calendar';
import { listWeekDates } from './meal-selection-model';

// Shared by the client screen's tests: a client, the week's menu and the calls the screen makes.

/** The screen renders a whole week's grid in jsdom and user-event types key by key: slower than most tests. */
export const slowTest = 30_000;

/** Two rounds of the test account. */
export const testRounds = [
  {
    id: 11,
    name: 'Inner West',
    address: '',
    pickup_time: '09:00',
    timezone: 'Australia/Sydney',
    capacity: null,
    latest_return_time: null,
  },
  {
    id: 12,
    name: 'North Shore',
    address: '',
    pickup_time: '09:00',
    timezone: 'Australia/Sydney',
    capacity: null,
    latest_return_time: null,
  },
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
    allergens: [],
    reheating_instructions: '',
    active_ind: true,
    status: 'active',
  };
}
const curry = buildMeal('m1', 'Vegetable Curry', ['Vegetarian']);
const roast = buildMeal('m2', 'Roast Chicken', []);
export const weekId = currentWeekId();
export const dates = listWeekDates(weekId);
const monday = dates[0] ?? '';

export function buildClient(overrides: Partial<ClientDetail> = {}): ClientDetail {
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
    address_unplaced: false,
    round: 'Inner West',
    round_id: 11,
    labels: ['Vegetarian'],
    dietary_requirements: 'No nuts',
    allergies: [],
    plan: 'Weekdays',
    plan_dow: [1, 1, 1, 1, 1, 0, 0],
    delivery_instructions: 'Side door',
    delivery_window: null,
    wants_notices: false,
    meal_choices: {
      [monday]: { m1: { quantity: 2, meal_state: 'Frozen', cook_deliver: 'Deliver Only', comment: '' } },
    },
    day_states: dates.map((date) => ({ date, hold_reason: null, cancel_reason: null })),
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

export function stubClientApi(
  put: (body: unknown) => unknown = () => buildEnvelope(buildClient()),
  client: ClientDetail = buildClient(),
) {
  return stubApi({
    'GET /api/clients/7': () => buildEnvelope(client),
    'GET /api/clients/7/prev_next': () =>
      buildEnvelope({ prev_client: { client_id: 6, name: 'Anh Fraser' }, next_client: null }),
    'PUT /api/clients/7': (call) => put(call.body),
    'GET /api/meals/labels': () => buildEnvelope(labels),
    'GET /api/meals/meals': () => buildEnvelope({ meals: [curry, roast], categories, labels }),
    [`GET /api/meals/schedule/${weekId}`]: () => buildEnvelope(buildSchedule()),
  });
}

export async function openClient() {
  logInAs('staff@example.org', 'normal', buildAccount({ rounds: testRounds }));
  const view = renderApp('/client/7/');
  expect(screen.getByText('Loading...')).toBeTruthy();
  await screen.findByRole('heading', { name: 'Dorothy Jackson' });
  return view;
}
