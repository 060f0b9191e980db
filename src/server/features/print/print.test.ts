import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuPrintBody, PrintLink } from '../../../contracts/print';
import { printFiles } from '../../db/schema/print';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let clock = new Date('2026-03-04T01:00:00Z');
let token = '';
let otherToken = '';
let accountId = 0;

const menu: MenuPrintBody = {
  week_start: '02-03-2026',
  items: {
    '02-03-2026': {
      Mains: [{ key: 'roast', description: 'Roast Chicken', labels: ['gf'] }],
      Desserts: [{ key: 'crumble', description: 'Apple Crumble', labels: [] }],
    },
    '08-03-2026': { Mains: [{ key: 'fish', description: 'Baked Fish', labels: ['gf', 'df'] }] },
  },
  categories: [
    { key: 'mains', name: 'Mains' },
    { key: 'desserts', name: 'Desserts' },
  ],
  labels: [
    { key: 'gf', name: 'Gluten Free', colour: '#cccccc' },
    { key: 'df', name: 'Dairy Free', colour: '#dddddd' },
  ],
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const { account, user } = await t.createAccount('Print Meals');
  accountId = account.id;
  token = await t.login(user.username);
  const other = await t.createAccount('Other Meals');
  otherToken = await t.login(other.user.username);
  const saved = await t.call('PUT', `/api/accounts/${account.id}`, {
    token,
    body: { menu_options: { custom_text: 'Order by Thursday noon', cycle_weeks: 0, cycle_start: null } },
  });
  expect(saved.body.meta.error_code).toBe(0);
});
afterAll(async () => t.close());

async function printMenu(body: unknown, withToken = token) {
  return t.call<PrintLink>('POST', '/api/print/menu', { token: withToken, body });
}

function getFile(url: string) {
  return t.server.inject({ method: 'GET', url });
}

describe('POST /api/print/menu', () => {
  it('renders the weekly menu and answers a link that opens the PDF without a login', async () => {
    const result = await printMenu(menu);

    expect(result.status).toBe(200);
    expect(result.body.meta.error_code).toBe(0);
    expect(result.body.data.url).toMatch(/^\/api\/print\/files\/[\w-]{43}$/);
    const file = await getFile(result.body.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="weekly-menu-02-03-2026.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await extractPdfText(file.rawPayload);
    for (const expected of [
      'Weekly Menu',
      'Order by Thursday noon',
      'Roast Chicken',
      'Gluten Free',
      'Apple Crumble',
      'Baked Fish',
      'Monday',
      '02-03-2026',
      'Sunday',
      '08-03-2026',
      'Mains',
      'Desserts',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('stores the file for the account and user that printed it, expiring in 10 minutes', async () => {
    const result = await printMenu(menu);
    const id = result.body.data.url.split('/').at(-1) ?? '';

    const [row] = await t.db.select().from(printFiles).where(eq(printFiles.id, id));

    expect(row?.accountId).toBe(accountId);
    expect(row?.expiresAt.getTime()).toBe(clock.getTime() + 10 * 60 * 1000);
  });

  it("prints another account's own menu text, never this account's", async () => {
    const result = await printMenu(menu, otherToken);

    const text = await extractPdfText((await getFile(result.body.data.url)).rawPayload);
    expect(text).toContain('Roast Chicken');
    expect(text).not.toContain('Order by Thursday noon');
  });

  it('answers 401 (code 3) without a login and stores nothing', async () => {
    const before = (await t.db.select({ id: printFiles.id }).from(printFiles)).length;

    const result = await t.call('POST', '/api/print/menu', { body: menu });

    expect(result.status).toBe(401);
    expect(result.body.meta.error_code).toBe(3);
    expect((await t.db.select({ id: printFiles.id }).from(printFiles)).length).toBe(before);
  });

  it.each([
    { title: 'an unknown field', body: { ...menu, extra: 1 }, field: 'extra' },
    {
      title: 'a week that is not DD-MM-YYYY',
      body: { ...menu, week_start: '2026-03-02' },
      field: 'week_start',
    },
    { title: 'a day that does not exist', body: { ...menu, week_start: '31-02-2026' }, field: 'week_start' },
    { title: 'a missing list of labels', body: { ...menu, labels: undefined }, field: 'labels' },
    {
      title: 'too many meals in a cell',
      body: {
        ...menu,
        items: {
          '02-03-2026': {
            Mains: Array.from({ length: 51 }, () => ({ key: 'a', description: 'A', labels: [] })),
          },
        },
      },
      field: 'items.02-03-2026.Mains',
    },
    {
      title: 'an unknown field in a meal',
      body: {
        ...menu,
        items: { '02-03-2026': { Mains: [{ key: 'a', description: 'A', labels: [], price: 3 }] } },
      },
      field: 'items.02-03-2026.Mains.0.price',
    },
  ])('refuses $title with code 2', async ({ body, field }) => {
    const result = await printMenu(body);

    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    expect(result.body.meta.errors?.map((error) => error.field)).toContain(field);
  });
});

describe('GET /api/print/files/:token', () => {
  it('answers the 404 envelope for an unknown or ill-formed token', async () => {
    for (const url of ['/api/print/files/' + 'A'.repeat(43), '/api/print/files/nope']) {
      const response = await getFile(url);
      expect(response.statusCode).toBe(404);
      expect((response.json() as { meta: { error_code: number } }).meta.error_code).toBe(5);
    }
  });

  it('stops working after 10 minutes, and the expired file is deleted at the next print', async () => {
    const started = clock;
    const { url } = (await printMenu(menu)).body.data;
    const id = url.split('/').at(-1) ?? '';

    clock = new Date(started.getTime() + 10 * 60 * 1000 - 1);
    expect((await getFile(url)).statusCode).toBe(200);
    clock = new Date(started.getTime() + 10 * 60 * 1000);
    const expired = await getFile(url);
    expect(expired.statusCode).toBe(404);
    expect((expired.json() as { meta: { error_code: number } }).meta.error_code).toBe(5);

    await printMenu(menu);
    expect(await t.db.select().from(printFiles).where(eq(printFiles.id, id))).toEqual([]);
    clock = started;
  });
});
