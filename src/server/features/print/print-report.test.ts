import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintLink } from '../../../contracts/print';
import { extractPdfPages } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixtureClock, seedOtherAccountOrder, seedReportFixture } from '../../testing/reports-fixture';

let t: TestApp;
let token = '';
let otherToken = '';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Report Files');
  token = await t.login(user.username);
  await seedReportFixture(t.db, account.id);
  const other = await t.createAccount('Other Files');
  otherToken = await t.login(other.user.username);
  await seedOtherAccountOrder(t.db, other.account.id);
});
afterAll(async () => t.close());

const all = { mains: true, desserts: true, '': true };

async function printReport(body: unknown, withToken = token) {
  const result = await t.call<PrintLink>('POST', '/api/print/report', { token: withToken, body });
  expect(result.body.meta).toMatchObject({ error_code: 0 });
  return t.server.inject({ method: 'GET', url: result.body.data.url });
}

async function fetchPdfPages(body: Record<string, unknown>, name: string) {
  const file = await printReport({ ...body, format: 'pdf' });
  expect(file.headers['content-type']).toBe('application/pdf');
  // Kept for looking at: pdftoppm -png -r 60 -f 1 -l 1 /tmp/mealrounds-report-<name>.pdf /tmp/out
  await writeFile(`/tmp/mealrounds-report-${name}.pdf`, file.rawPayload);
  return extractPdfPages(file.rawPayload);
}

async function fetchCsv(body: Record<string, unknown>) {
  const file = await printReport({ ...body, format: 'csv' });
  expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
  expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return file.rawPayload.subarray(3).toString('utf8').split('\r\n');
}

describe('POST /api/print/report as PDF', () => {
  it('kitchen prep by week: one landscape page, the Clients and Total Meals rows, categories and meals', async () => {
    const pages = await fetchPdfPages({ report: 'kitchen_prep_by_week', date: '07-12-2026' }, 'week');
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    expect(text).toContain('Week of 07-12-2026 to 13-12-2026');
    expect(text).toMatch(/Clients\s+4\s+2\s+1\s+0\s+0\s+0\s+0\s+4/);
    expect(text).toMatch(/Total Meals\s+8\s+2\s+3\s+0\s+0\s+0\s+0\s+13/);
    expect(text).toMatch(/Mains\s+4\s+2\s+3\s+0\s+0\s+0\s+0\s+9/);
    expect(text).toMatch(/Baked Fish\s+1\s+1\s+3\s+5/);
    expect(text).toMatch(/Pumpkin Soup\s+1\s+1/);
  });

  it('kitchen prep by day: a page per day of the week, or just the days asked for', async () => {
    const week = await fetchPdfPages({ report: 'kitchen_prep_by_day', date: '07-12-2026' }, 'day');
    expect(week).toHaveLength(7);
    expect(week[0]).toContain('Monday 07-12-2026');
    expect(week[0]).toMatch(/Mains\s+Roast Chicken\s+3/);
    expect(week[0]).toMatch(/Total\s+8/);
    expect(week[6]).toContain('Sunday 13-12-2026');
    const one = await fetchPdfPages({ report: 'kitchen_prep_by_day', days: ['09-12-2026'] }, 'one-day');
    expect(one).toHaveLength(1);
    expect(one[0]).toContain('Wednesday 09-12-2026');
    expect(one[0]).toMatch(/Baked Fish\s+3/);
  });

  it('client meal choices: clients with their score and 28 days, sorted by score when asked', async () => {
    const pages = await fetchPdfPages(
      { report: 'client_meal_choices', date: '07-12-2026', sort: 'score' },
      'meal-choices',
    );
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    const order = ['Alice Archer', 'Bob Baker', 'Carol Cook', 'Dan Dunn'].map((name) => text.indexOf(name));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toMatch(/Alice Archer\s+17 ##---\s+3\s+1\s+1\s+0/);
  });

  it('packing list: rounds, meals and clients with totals', async () => {
    const pages = await fetchPdfPages(
      { report: 'packing_list', date: '07-12-2026', categories: all },
      'packing',
    );
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    expect(text).toMatch(/Categories: Mains, Desserts, Other/);
    expect(text.indexOf('East')).toBeLessThan(text.indexOf('North'));
    expect(text.indexOf('North')).toBeLessThan(text.indexOf('No Round'));
    expect(text).toMatch(/Roast Chicken\s+Alice Archer\s+Extra gravy\s+No nuts\s+2/);
    expect(text).toMatch(/North total\s+5/);
    expect(text).toMatch(/Total\s+8/);
  });

  it('packing list with nothing ticked says so', async () => {
    const pages = await fetchPdfPages(
      { report: 'packing_list', date: '07-12-2026', categories: {} },
      'empty',
    );
    expect(pages[0]).toContain('No data for selected date');
    expect(pages[0]).toContain('Categories: none');
  });

  it('packing list names only the ticked categories', async () => {
    const pages = await fetchPdfPages(
      { report: 'packing_list', date: '07-12-2026', categories: { mains: false, desserts: true, '': true } },
      'some',
    );
    expect(pages[0]).toMatch(/Categories: Desserts, Other/);
  });

  it('delivered by client and by category: the month in two halves, ordered:delivered', async () => {
    const clients = await fetchPdfPages(
      { report: 'delivered_by_client', date: '07-12-2026' },
      'delivered-client',
    );
    expect(clients).toHaveLength(2);
    expect(clients[0]).toMatch(/Alice Archer\s+2:2\s+3:3\s+1:0\s+6:5/);
    expect(clients[0]).toMatch(/Total\s+3:2\s+8:5\s+2:0\s+3:0\s+16:7/);
    expect(clients[1]).toMatch(/Alice Archer\s+6:5/);
    const categories = await fetchPdfPages(
      { report: 'delivered_by_category', date: '07-12-2026' },
      'delivered-category',
    );
    expect(categories).toHaveLength(2);
    expect(categories[0]).toMatch(/Mains\s+3:2\s+4:3\s+2:0\s+3:0\s+12:5/);
  });
});

describe('POST /api/print/report as CSV', () => {
  it('kitchen prep by week', async () => {
    const lines = await fetchCsv({ report: 'kitchen_prep_by_week', date: '07-12-2026' });
    expect(lines[0]).toBe(
      'Category,Meal,07-12-2026,08-12-2026,09-12-2026,10-12-2026,11-12-2026,12-12-2026,13-12-2026,Total',
    );
    expect(lines[1]).toBe('Clients,,4,2,1,0,0,0,0,4');
    expect(lines[2]).toBe('Total Meals,,8,2,3,0,0,0,0,13');
    expect(lines[3]).toBe('Mains,Baked Fish,1,1,3,0,0,0,0,5');
    expect(lines.at(-1)).toBe('');
  });

  it('kitchen prep by day, for chosen days', async () => {
    const lines = await fetchCsv({
      report: 'kitchen_prep_by_day',
      date: '07-12-2026',
      days: ['07-12-2026', '08-12-2026'],
    });
    expect(lines).toEqual([
      'Date,Category,Meal,Count',
      '07-12-2026,Mains,Baked Fish,1',
      '07-12-2026,Mains,Roast Chicken,3',
      '07-12-2026,Desserts,Apple Crumble,3',
      '07-12-2026,Other,Pumpkin Soup,1',
      '07-12-2026,Total,,8',
      '08-12-2026,Mains,Baked Fish,1',
      '08-12-2026,Mains,Roast Chicken,1',
      '08-12-2026,Total,,2',
      '',
    ]);
  });

  it('client meal choices', async () => {
    const lines = await fetchCsv({ report: 'client_meal_choices', date: '07-12-2026' });
    expect(lines[0]?.split(',').slice(0, 6)).toEqual([
      'Client',
      'Client ID',
      'Score',
      'Plan',
      '07-12-2026',
      '08-12-2026',
    ]);
    expect(lines[1]).toMatch(/^Alice Archer,\d+,17,Mon Tue Wed Thu Fri,3,1,1,0,/);
    expect(lines[2]).toMatch(/^Bob Baker,\d+,6,Mon Wed,2,0,3,/);
  });

  it('packing list, quoting text with commas and quotes', async () => {
    const lines = await fetchCsv({ report: 'packing_list', date: '07-12-2026', categories: all });
    expect(lines[0]).toBe('Round,Category,Meal,Client,Client ID,Note,Dietary Requirements,Quantity');
    expect(lines).toContainEqual(
      expect.stringMatching(/^North,Mains,Roast Chicken,Alice Archer,\d+,Extra gravy,No nuts,2$/),
    );
    expect(lines).toContain('North,,Total,,,,,5');
    expect(lines.at(-2)).toBe('All rounds,,Total,,,,,8');
  });

  it('delivered by client and by category: ordered, delivered and held columns per day', async () => {
    const clients = await fetchCsv({ report: 'delivered_by_client', date: '07-12-2026' });
    const header = clients[0]?.split(',') ?? [];
    expect(header.slice(0, 5)).toEqual([
      'Client',
      'Client ID',
      '01-12-2026 ordered',
      '01-12-2026 delivered',
      '01-12-2026 held',
    ]);
    expect(header.slice(-3)).toEqual(['Total ordered', 'Total delivered', 'Total held']);
    expect(header).toHaveLength(2 + 31 * 3 + 3);
    expect(clients[1]?.split(',').slice(-3)).toEqual(['6', '5', '0']);
    expect(clients.at(-2)?.split(',').slice(-3)).toEqual(['16', '7', '0']);
    const categories = await fetchCsv({ report: 'delivered_by_category', date: '07-12-2026' });
    expect(categories[1]?.startsWith('Mains,3,2,0,0,0,0,')).toBe(true);
  });

  it('shows another account only its own data', async () => {
    const result = await t.call<PrintLink>('POST', '/api/print/report', {
      token: otherToken,
      body: { report: 'packing_list', format: 'csv', date: '07-12-2026', categories: all },
    });
    const file = await t.server.inject({ method: 'GET', url: result.body.data.url });
    const text = file.rawPayload.toString('utf8');
    expect(text).toContain('Zed Zulu');
    expect(text).not.toContain('Alice');
  });
});

describe('POST /api/print/report validation', () => {
  it.each([
    { title: 'an unknown report', body: { report: 'sales', format: 'pdf' } },
    { title: 'an unknown format', body: { report: 'kitchen_prep_by_week', format: 'xlsx' } },
    { title: 'a bad date', body: { report: 'kitchen_prep_by_week', format: 'pdf', date: '2026-12-07' } },
    {
      title: 'days of another week',
      body: { report: 'kitchen_prep_by_day', format: 'pdf', date: '07-12-2026', days: ['14-12-2026'] },
    },
    { title: 'a packing list without categories', body: { report: 'packing_list', format: 'csv' } },
    {
      title: 'a field of another report',
      body: { report: 'delivered_by_client', format: 'csv', sort: 'name' },
    },
  ])('refuses $title with code 2', async ({ body }) => {
    const result = await t.call('POST', '/api/print/report', { token, body });
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
  });

  it('answers 401 without a login', async () => {
    const result = await t.call('POST', '/api/print/report', {
      body: { report: 'kitchen_prep_by_week', format: 'pdf' },
    });
    expect(result.status).toBe(401);
  });
});
