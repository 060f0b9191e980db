import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  DeliveryByCategoryReport,
  KitchenDayReport,
  KitchenWeekReport,
  MealChoicesReport,
  PackingListReport,
} from '../../../../contracts/reports';
import { getAccountToday } from '../../../../domain/today';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { addDays } from '../../../../domain/zoned-time';
import { getFilters } from '../../../lib/session-store';
import {
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
  type ApiCall,
} from '../../../test-utils';

const week = [
  '23-11-2026',
  '24-11-2026',
  '25-11-2026',
  '26-11-2026',
  '27-11-2026',
  '28-11-2026',
  '29-11-2026',
];

function buildMealChoices(): MealChoicesReport {
  const dates = Array.from({ length: 28 }, (_, index) => `${String(index + 1).padStart(2, '0')}-02-2027`);
  const days = (count: number) =>
    dates.map((date, index) => ({ date, planned: index % 7 < 5, cnt: count, held: false }));
  return {
    start_date: '01-02-2027',
    dates,
    clients: [
      { id: 1, name: 'Alice Archer', score: 8, days: days(1) },
      { id: 2, name: 'Bob Brown', score: 20, days: days(0) },
      { id: 3, name: 'Cy Cole', score: 0, days: days(1) },
    ],
  };
}

const kitchenWeek: KitchenWeekReport = {
  week_start: '23-11-2026',
  dates: week,
  Clients: { days: [3, 2, 0, 0, 0, 0, 0], Total: 4 },
  MealCount: { days: [5, 2, 0, 0, 0, 0, 0], Total: 7 },
  Categories: [
    {
      key: 'main',
      name: 'Main',
      days: [5, 2, 0, 0, 0, 0, 0],
      Total: 7,
      Meals: [{ key: 'roast', description: 'Roast Chicken', days: [5, 2, 0, 0, 0, 0, 0], Total: 7 }],
    },
  ],
};

function readRowNames(): string[] {
  const table = screen.getByRole('table', { name: 'Client meal choices' });
  return within(table)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('reports home', () => {
  it('asks for a report and syncs the meal visits once, noting only a failure', async () => {
    const { calls } = stubApi({
      'PUT /api/clients/meals_sync': () =>
        buildEnvelope(
          { visits: 0, updated: 0, failed: 0, pending: 0 },
          { message: 'No meal category has a premium: choose them in Settings > CMS Integration.' },
        ),
    });
    logInAs('kitchen@example.org', 'normal');
    const { router } = renderApp('/reports/');
    expect(await screen.findByText('Please select a report from the menu.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reports/home/');
    expect(await screen.findByText(/^Meal visits sync: No meal category has a premium/)).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/clients/meals_sync')).toHaveLength(1);
    const menu = screen.getByRole('navigation', { name: 'Reports' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Client Meal Choices',
      'Kitchen Prep By Week',
      'Kitchen Prep By Day',
      'Packing List',
      'Delivered By Client',
      'Delivered By Category',
      'Holds',
      'Delivery Outcomes',
      'Welfare checks',
      'Funder Monthly',
      'Volunteer Hours',
    ]);
  });

  it('says nothing when the sync succeeds', async () => {
    const { calls } = stubApi({
      'PUT /api/clients/meals_sync': () => buildEnvelope({ visits: 3, updated: 1, failed: 0, pending: 0 }),
    });
    logInAs('kitchen@example.org', 'normal');
    renderApp('/reports/home/');
    expect(await screen.findByText('Please select a report from the menu.')).toBeTruthy();
    // The sync was asked and its answer handled (the pending promises flushed): no note came of it.
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('PUT /api/clients/meals_sync'),
    );
    await act(async () => {});
    expect(screen.queryByText(/Meal visits sync/)).toBeNull();
  });
});

describe('client meal choices', () => {
  it('shows Loading..., then sorts by name or by score (worst first)', async () => {
    stubApi({ 'GET /api/reports/meal_choices': () => buildEnvelope(buildMealChoices()) });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/reports/client_meal_choices/');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Client meal choices' })).toBeTruthy();
    expect(readRowNames()).toEqual(['Alice Archer', 'Bob Brown', 'Cy Cole']);
    expect(screen.getByRole('link', { name: 'Bob Brown' }).getAttribute('href')).toBe('/client/2/');
    expect(screen.getByRole('img', { name: 'Score 20' })).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Score' }));
    expect(readRowNames()).toEqual(['Bob Brown', 'Alice Archer', 'Cy Cole']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(readRowNames()).toEqual(['Alice Archer', 'Bob Brown', 'Cy Cole']);
    await user.click(screen.getByRole('button', { name: 'Score' }));
    expect(readRowNames()).toEqual(['Bob Brown', 'Alice Archer', 'Cy Cole']);
  });

  it('shows a load error in a dismissible red notice instead of Loading...', async () => {
    stubApi({ 'GET /api/reports/meal_choices': () => buildErrorEnvelope(99, 'The report failed.') });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/reports/client_meal_choices/');
    expect(await screen.findByText('The report failed.')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('The report failed.')).toBeNull();
  });
});

describe('kitchen prep by week', () => {
  it('shows the rows, snaps the date to Monday, prints and downloads CSV', async () => {
    const close = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue({ close } as unknown as Window);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = stubApi({
      'GET /api/reports/kitchen_prep/week': () => buildEnvelope(kitchenWeek),
      'POST /api/print/report': (call: ApiCall) =>
        buildEnvelope({ url: `/api/print/files/${(call.body as { format: string }).format}` }),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/reports/kitchen_prep_week/');
    const table = await screen.findByRole('table', { name: 'Kitchen prep for the week of 23-11-2026' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/^Meal.*Total$/),
      'Clients32000004',
      'Total Meals52000007',
      'Main52000007',
      'Roast Chicken52000007',
    ]);

    const dateInput = screen.getByRole('textbox', { name: /Week of/ });
    await user.clear(dateInput);
    await user.type(dateInput, '26-11-2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(dateInput).toHaveProperty('value', '23-11-2026');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/print/files/pdf', '_blank'));
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const printCalls = calls.filter((call) => call.path === '/api/print/report').map((call) => call.body);
    expect(printCalls).toEqual([
      { report: 'kitchen_prep_by_week', date: '23-11-2026', format: 'pdf' },
      { report: 'kitchen_prep_by_week', date: '23-11-2026', format: 'csv' },
    ]);
    // Many typed keys and three calls: slow on a loaded machine.
  }, 20_000);
});

describe('packing list', () => {
  const emptyList: PackingListReport = { date: '02-02-2099', rounds: [], total: 0 };
  const list: PackingListReport = {
    date: '22-11-2026',
    total: 3,
    rounds: [
      {
        round_id: null,
        round: 'No Round',
        total: 3,
        meals: [
          {
            key: 'roast',
            description: 'Roast Chicken',
            category_key: 'main',
            category_name: 'Main',
            total: 3,
            entries: [
              {
                client: 'Alice Archer',
                client_id: 1,
                note: 'No gravy',
                dietary_requirements: 'Soft',
                quantity: 3,
                allergen_clash: [],
              },
            ],
          },
        ],
      },
    ],
  };

  it('opens on the next delivery day the server names, and on tomorrow when it cannot be read', async () => {
    const { calls } = stubApi({
      'GET /api/meals/categories': () => buildEnvelope([{ key: 'main', name: 'Main' }]),
      'GET /api/reports/next_delivery_day': () => buildEnvelope({ date: '2026-11-23' }),
      'POST /api/reports/packing_list': () => buildEnvelope(list),
    });
    logInAs('kitchen@example.org', 'normal');
    const first = renderApp('/reports/packing_list/');
    expect(await screen.findByRole('heading', { name: 'No Round' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Date/ })).toHaveProperty('value', '23-11-2026');
    expect(calls.find((call) => call.path === '/api/reports/packing_list')?.body).toMatchObject({
      date: '23-11-2026',
    });
    first.unmount();

    const fallback = stubApi({
      'GET /api/meals/categories': () => buildEnvelope([{ key: 'main', name: 'Main' }]),
      'POST /api/reports/packing_list': () => buildEnvelope(list),
    });
    renderApp('/reports/packing_list/');
    expect(await screen.findByRole('heading', { name: 'No Round' })).toBeTruthy();
    const tomorrow = formatDayMonthYear(addDays(getAccountToday([]), 1));
    expect(fallback.calls.find((call) => call.path === '/api/reports/packing_list')?.body).toMatchObject({
      date: tomorrow,
    });
  });

  it('ticks every category, saves the ticks, and shows rounds or No data for selected date', async () => {
    const { calls } = stubApi({
      'GET /api/meals/categories': () => buildEnvelope([{ key: 'main', name: 'Main' }]),
      'POST /api/reports/packing_list': (call: ApiCall) =>
        buildEnvelope((call.body as { date: string }).date === '02-02-2099' ? emptyList : list),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/reports/packing_list/');
    expect(await screen.findByRole('heading', { name: 'No Round' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alice Archer' }).getAttribute('href')).toBe('/client/1/');
    expect(screen.getByText('Total for No Round')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/reports/packing_list')?.body).toMatchObject({
      categories: { main: true, '': true },
    });

    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(getFilters('packingList')).toEqual({ main: true, '': false });
    const dateInput = screen.getByRole('textbox', { name: /Date/ });
    await user.clear(dateInput);
    await user.type(dateInput, '02-02-2099');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No data for selected date')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/reports/packing_list').at(-1)?.body).toEqual({
      date: '02-02-2099',
      categories: { main: true, '': false },
    });
  }, 20_000);

  it('shows one message per state: a date error alone, then no category ticked', async () => {
    const { calls } = stubApi({
      'GET /api/meals/categories': () => buildEnvelope([{ key: 'main', name: 'Main' }]),
      'POST /api/reports/packing_list': () => buildEnvelope(emptyList),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/reports/packing_list/');
    expect(await screen.findByText('No data for selected date')).toBeTruthy();
    const dateInput = screen.getByRole('textbox', { name: /Date/ });
    await user.clear(dateInput);
    await user.type(dateInput, '31-02-2099');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Please enter a date as DD-MM-YYYY.')).toBeTruthy();
    expect(screen.queryByText('No data for selected date')).toBeNull();

    await user.clear(dateInput);
    await user.type(dateInput, '02-02-2099');
    await user.click(screen.getByRole('checkbox', { name: 'Main' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Tick at least one meal category, then press Show.')).toBeTruthy();
    expect(screen.queryByText('Please enter a date as DD-MM-YYYY.')).toBeNull();
    expect(screen.queryByText('No data for selected date')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/reports/packing_list').at(-1)?.body).toEqual({
      date: '02-02-2099',
      categories: { main: false, '': false },
    });
  }, 20_000);
});

describe('kitchen prep by day', () => {
  it("lists a day's open allergen clashes to resolve under the day", async () => {
    const report: KitchenDayReport = {
      week_start: '23-11-2026',
      days: week.map((date, index) => ({
        date,
        date_display: `Day ${date}`,
        meals: [],
        total: 0,
        allergen_overrides: [],
        allergen_clashes:
          index === 0
            ? [
                {
                  client_id: 7,
                  client: 'Alice Archer',
                  date,
                  meal_key: 'roast',
                  meal: 'Roast Chicken',
                  allergens: ['milk', 'egg'],
                },
              ]
            : [],
      })),
    };
    stubApi({ 'GET /api/reports/kitchen_prep/day': () => buildEnvelope(report) });
    logInAs('kitchen@example.org', 'normal');
    renderApp('/reports/kitchen_prep_day/');
    const section = await screen.findByRole('region', { name: 'Allergy clashes on Day 23-11-2026' });
    expect(within(section).getByRole('heading', { name: 'Allergy clashes to resolve' })).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Alice Archer' }).getAttribute('href')).toBe(
      '/client/7/',
    );
    expect(within(section).getByText('milk and egg')).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Allergy clashes to resolve' })).toHaveLength(1);
  });
});

describe('delivered by category', () => {
  it('colours a past month’s ordered:delivered cells green when equal, red when not, blank when empty, Held on hold', async () => {
    const dates = ['01-11-2020', '02-11-2020', '03-11-2020', '04-11-2020'];
    const report: DeliveryByCategoryReport = {
      month_start: '01-11-2020',
      dates,
      categories: [
        {
          key: 'main',
          name: 'Main',
          days: [
            [2, 2],
            [3, 1],
            [0, 0],
            [0, 0],
          ],
          total: [5, 3],
          held: [0, 0, 0, 2],
          held_total: 2,
        },
      ],
      total: {
        days: [
          [2, 2],
          [3, 1],
          [0, 0],
          [0, 0],
        ],
        total: [5, 3],
        held: [0, 0, 0, 2],
        held_total: 2,
      },
    };
    stubApi({ 'POST /api/reports/delivery_by_category': () => buildEnvelope(report) });
    logInAs('kitchen@example.org', 'normal');
    renderApp('/reports/delivered_by_category/');
    const table = await screen.findByRole('table', { name: 'Delivered By Category, November 2020' });
    const mainRow = within(table).getByRole('row', { name: /^Main/ });
    const cells = Array.from(mainRow.querySelectorAll('td')).map((cell) => [
      cell.textContent,
      cell.getAttribute('data-state'),
    ]);
    expect(cells).toEqual([
      ['2:2', 'equal'],
      ['3:1', 'different'],
      ['', 'empty'],
      ['Held', 'held'],
      ['5:3', 'different'],
    ]);
    expect(screen.getByText(/^Held: meals chosen for a day the client was on hold/)).toBeTruthy();
    expect(within(table).getByRole('row', { name: /^Total/ })).toBeTruthy();
  });

  it('shows the days not over yet neutral, never red, and keeps the name and Total columns fixed', async () => {
    const dates = ['01-11-2099', '02-11-2099'];
    const days: [number, number][] = [
      [3, 0],
      [2, 2],
    ];
    const report: DeliveryByCategoryReport = {
      month_start: '01-11-2099',
      dates,
      categories: [{ key: 'main', name: 'Main', days, total: [5, 2], held: [0, 0], held_total: 0 }],
      total: { days, total: [5, 2], held: [0, 0], held_total: 0 },
    };
    stubApi({ 'POST /api/reports/delivery_by_category': () => buildEnvelope(report) });
    logInAs('kitchen@example.org', 'normal');
    renderApp('/reports/delivered_by_category/');
    const table = await screen.findByRole('table', { name: 'Delivered By Category, November 2099' });
    const mainRow = within(table).getByRole('row', { name: /^Main/ });
    const cells = Array.from(mainRow.querySelectorAll('td'));
    expect(cells.map((cell) => [cell.textContent, cell.getAttribute('data-state')])).toEqual([
      ['3:0', 'pending'],
      ['2:2', 'equal'],
      ['5:2', 'pending'],
    ]);
    expect(cells.at(-1)?.className).toMatch(/stickyEnd/);
    expect(within(table).getByRole('columnheader', { name: 'Total' }).className).toMatch(/stickyEnd/);
  });
});
