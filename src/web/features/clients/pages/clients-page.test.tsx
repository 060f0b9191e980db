import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClientListItem } from '../../../../contracts/clients';
import { getFilters } from '../../../lib/session-store';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';
import { clientsFiltersKey, saveClientList } from '../client-filters-store';
import { testRounds } from '../client-test-fixtures';

/** The whole app renders in jsdom on a shared machine: allow more than the default 5 s. */
const slowTest = 20_000;

const labels = [
  { key: 'l1', name: 'Vegetarian', colour: '#22aa44' },
  { key: 'l2', name: 'Odd Colour', colour: 'not-a-colour' },
];
const stripDates = Array.from({ length: 14 }, (_, index) => `${String(16 + index).padStart(2, '0')}-11-2026`);

function buildClient(id: number, overrides: Partial<ClientListItem> = {}): ClientListItem {
  return {
    client_id: id,
    key: `k${String(id)}`,
    name: `Client ${String(id)}`,
    url: `https://crm.example/client/${String(id)}`,
    external_id: `HCM-${String(id)}`,
    external_status: 'active',
    phone: '02 9000 0000',
    address: 'Unit 4, 12 Booth Street',
    city: 'Annandale',
    state: 'NSW',
    zip: '2038',
    latitude: -33.88,
    longitude: 151.17,
    address_unplaced: false,
    round: 'Inner West',
    round_id: 11,
    labels: [],
    dietary_requirements: '',
    allergies: [],
    plan: 'Weekdays',
    plan_dow: [1, 1, 1, 1, 1, 0, 0],
    delivery_instructions: '',
    delivery_window: null,
    meal_strip: stripDates.map((date, index) => ({
      date,
      count: index === 0 ? 0 : 2,
      hold_reason: null,
      cancel_reason: null,
    })),
    ...overrides,
  };
}

function stubClientsApi(options: { total?: number; clients?: ClientListItem[]; syncMessage?: string } = {}) {
  const total = options.total ?? 3;
  const clients = options.clients ?? [
    buildClient(1, {
      labels: ['Vegetarian', 'Odd Colour'],
      dietary_requirements: 'No nuts',
      allergies: [],
      external_status: 'on_hold',
    }),
    buildClient(2, { external_id: '', url: '' }),
    buildClient(3, { address: '5 Main Road' }),
  ];
  return stubApi({
    'GET /api/meals/labels': () => buildEnvelope(labels),
    'GET /api/clients': (call) => {
      const url = new URL(call.path, 'http://localhost');
      expect(url.pathname).toBe('/api/clients');
      return buildEnvelope(clients, {
        record_total: total,
        record_count: clients.length,
        page: 1,
        page_max: Math.max(1, Math.ceil(total / 10)),
        message: options.syncMessage ?? '',
      });
    },
  });
}

function listCalls(calls: { method: string; path: string }[]) {
  return calls.filter((call) => call.path === '/api/clients');
}

describe('clients list', () => {
  it(
    'shows Loading..., then the rows with every column, and syncs once after the first load',
    async () => {
      const { fetchMock, calls } = stubClientsApi();
      logInAs('staff@example.org', 'normal', buildAccount({ rounds: testRounds }));
      renderApp('/clients');
      expect(screen.getByRole('heading', { name: 'Clients' })).toBeTruthy();
      expect(screen.getByText('Loading...')).toBeTruthy();
      const table = await screen.findByRole('table', { name: 'Clients' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
      expect(headers).toEqual([
        'Client',
        'Status',
        'Location',
        'Phone',
        'Round',
        'Dietary Requirements',
        'Meal Choices',
        'Plan',
        'Actions',
      ]);
      await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
      const urls = fetchMock.mock.calls
        .map(([input]) => String(input))
        .filter((url) => url.startsWith('/api/clients'));
      expect(urls[0]).toBe('/api/clients?page=1&filter=&filter_round=all');
      expect(urls[1]).toBe('/api/clients?page=1&filter=&filter_round=all&sync=true');

      const rows = within(table).getAllByRole('row').slice(1);
      const first = rows[0] as HTMLElement;
      expect(within(first).getByText('HCM-1', { exact: false })).toBeTruthy();
      const sourceLink = within(first).getByRole('link', { name: 'Open Client 1 in the CRM' });
      expect(sourceLink.getAttribute('href')).toBe('https://crm.example/client/1');
      expect(sourceLink.getAttribute('target')).toBe('_blank');
      expect(sourceLink.getAttribute('rel')).toContain('noopener');
      expect(within(first).getByText('On Hold')).toBeTruthy();
      // The whole address: the first line, then the rest and the suburb (nothing dropped at the comma).
      const address = within(first).getByRole('link', { name: 'Unit 4 12 Booth Street, Annandale NSW 2038' });
      expect(address.getAttribute('href')).toBe(
        'https://www.google.com/maps/search/?api=1&query=Unit%204%2C%2012%20Booth%20Street%2C%20Annandale%2C%20NSW%2C%202038',
      );
      // Label tags in their colours; an unreadable colour falls back to #cccccc on this screen.
      const tags = within(first).getAllByTestId('meal-label-tag');
      expect(tags.map((tag) => tag.style.backgroundColor)).toEqual([
        'rgb(34, 170, 68)',
        'rgb(204, 204, 204)',
      ]);
      expect(within(first).getByText('No nuts')).toBeTruthy();
      // The strip: 14 days, a planned Monday without meals marked missing.
      const strip = within(first).getAllByRole('listitem');
      expect(strip).toHaveLength(14);
      expect(strip[0]?.getAttribute('aria-label')).toBe('Mon 16-11-2026: 0 meals, missing');
      expect(strip[0]?.dataset.missing).toBe('true');
      expect(strip[5]?.getAttribute('aria-label')).toBe('Sat 21-11-2026: 2 meals');
      expect(
        within(first).getByText('Delivery days: Monday, Tuesday, Wednesday, Thursday, Friday'),
      ).toBeTruthy();
      expect(within(first).getByRole('link', { name: 'Edit Client 1' }).getAttribute('href')).toBe(
        '/client/1/',
      );
      // No Edit without an external id; an address without a comma shows the locality below.
      expect(within(rows[1] as HTMLElement).queryByRole('link', { name: /Edit/ })).toBeNull();
      expect(within(rows[1] as HTMLElement).queryByRole('link', { name: /in the CRM/ })).toBeNull();
      expect(
        within(rows[2] as HTMLElement).getByRole('link', { name: '5 Main Road Annandale NSW 2038' }),
      ).toBeTruthy();
      expect(screen.getByText('Showing 1-3 of 3 clients')).toBeTruthy();
    },
    slowTest,
  );

  it(
    'searches with the filters, saves them and restores them (and the page) on return',
    async () => {
      const { fetchMock } = stubClientsApi({ total: 160 });
      logInAs('staff@example.org', 'normal', buildAccount({ rounds: testRounds }));
      const { user, unmount } = renderApp('/clients');
      await screen.findByRole('table', { name: 'Clients' });
      const roundSelect = screen.getByRole('combobox', { name: 'Round' });
      expect(
        within(roundSelect)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Rounds', 'No Round', 'Inner West', 'North Shore']);
      expect(screen.getByPlaceholderText('{name}')).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'smith');
      await user.selectOptions(roundSelect, '12');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Meal Choices' }), 'missing');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
          '/api/clients?page=1&filter=smith&filter_round=12&missing_meals=true',
        ),
      );
      await user.click(screen.getByRole('button', { name: 'Page 3' }));
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
          '/api/clients?page=3&filter=smith&filter_round=12&missing_meals=true',
        ),
      );
      expect(getFilters(clientsFiltersKey)).toEqual({
        filter: 'smith',
        filter_round: '12',
        missing_meals: 'missing',
        on_hold: 'all',
        page: 3,
      });
      unmount();

      renderApp('/clients');
      await screen.findByRole('table', { name: 'Clients' });
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'smith');
      expect(screen.getByRole('combobox', { name: 'Round' })).toHaveProperty('value', '12');
      expect(screen.getByRole('combobox', { name: 'Meal Choices' })).toHaveProperty('value', 'missing');
      expect((await screen.findByRole('button', { name: 'Page 3' })).getAttribute('aria-current')).toBe(
        'page',
      );
    },
    slowTest,
  );

  it(
    'pages with Previous, Next and the first and last page links around a 7-number window',
    async () => {
      stubClientsApi({ total: 160 });
      saveClientList({ filter: '', filter_round: 'all', missing_meals: 'all', page: 8 });
      logInAs('staff@example.org', 'normal', buildAccount({ rounds: testRounds }));
      const { user } = renderApp('/clients');
      const nav = await screen.findByRole('navigation', { name: 'Clients pages' });
      const names = () =>
        within(nav)
          .getAllByRole('button')
          .map((button) => button.getAttribute('aria-label') ?? button.textContent);
      expect(names()).toEqual([
        'Previous',
        'Page 1',
        'Page 5',
        'Page 6',
        'Page 7',
        'Page 8',
        'Page 9',
        'Page 10',
        'Page 11',
        'Page 16',
        'Next',
      ]);
      expect(within(nav).getAllByText('…')).toHaveLength(2);
      await user.click(within(nav).getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(getFilters(clientsFiltersKey)).toMatchObject({ page: 9 }));
      await user.click(within(nav).getByRole('button', { name: 'Page 16' }));
      await waitFor(() => expect(names().at(-2)).toBe('Page 16'));
      expect(within(nav).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    },
    slowTest,
  );

  it(
    "names the CRM's On Hold status apart from the holds kept here",
    async () => {
      stubClientsApi();
      logInAs('staff@example.org', 'normal');
      renderApp('/clients');
      const table = await screen.findByRole('table', { name: 'Clients' });
      const tag = await within(table).findByText('On Hold');
      expect(tag.closest('[title]')?.getAttribute('title')).toBe('Status in the CRM: On Hold');
      const holds = screen.getByRole('combobox', { name: 'Holds' });
      const options = within(holds)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(options).toEqual(['All Clients', 'Paused (hold)']);
    },
    slowTest,
  );

  it(
    'names no CRM in the status tooltip of an account that keeps its clients here',
    async () => {
      stubClientsApi();
      logInAs('staff@example.org', 'normal', buildAccount({ rounds: testRounds, source_system: 'none' }));
      renderApp('/clients');
      const table = await screen.findByRole('table', { name: 'Clients' });
      const tag = await within(table).findByText('On Hold');
      expect(tag.closest('[title]')?.getAttribute('title')).toBe('Status: On Hold');
      expect(within(table).getAllByText('Active')[0]?.closest('[title]')?.getAttribute('title')).toBe(
        'Status: Active',
      );
    },
    slowTest,
  );

  it(
    'says No clients found for an empty list',
    async () => {
      stubClientsApi({ total: 0, clients: [] });
      logInAs('staff@example.org', 'normal');
      renderApp('/clients');
      expect(await screen.findByText('No clients found')).toBeTruthy();
      expect(screen.getByText('Showing 0-0 of 0 clients')).toBeTruthy();
    },
    slowTest,
  );

  it(
    "shows a failed sync's message as a dismissible notice and keeps the list",
    async () => {
      const stub = stubClientsApi();
      let listCallCount = 0;
      stubApi({
        'GET /api/meals/labels': () => buildEnvelope(labels),
        'GET /api/clients': async (call) => {
          listCallCount += 1;
          if (listCallCount === 2) return buildErrorEnvelope(7, 'The CRM refused the sync: bad key.');
          const first = (await stub.fetchMock(`http://localhost${call.path}`)) as Response;
          return (await first.json()) as unknown;
        },
      });
      logInAs('staff@example.org', 'normal');
      const { user } = renderApp('/clients');
      expect(await screen.findByText('The CRM refused the sync: bad key.')).toBeTruthy();
      expect(screen.getByText('Client 1')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByText('The CRM refused the sync: bad key.')).toBeNull();
    },
    slowTest,
  );
});
