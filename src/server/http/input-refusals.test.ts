import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '../../contracts/envelope';
import { accounts, rounds } from '../db/schema/accounts';
import { clients } from '../db/schema/clients';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The inputs that once reached the database or the CRM: impossible dates on the rounds, print and publish routes,
 * and NUL characters in what the screens save. Each is refused with code 2 naming the field, before anything is
 * stored or sent; line breaks stay allowed where the form is a multi-line box.
 */
let t: TestApp;
let token = '';
let accountId = 0;
let roundId = 0;
let clientId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const { account, admin } = await t.createAccount('Refusals');
  accountId = account.id;
  token = await t.login(admin.username);
  const [round] = await t.db.insert(rounds).values({ accountId, name: 'Inner West' }).returning();
  const [client] = await t.db
    .insert(clients)
    .values({ accountId, sourceId: 'c1', name: 'Ann Lee' })
    .returning();
  roundId = round?.id ?? 0;
  clientId = client?.id ?? 0;
});
afterAll(async () => t.close());

const nul = 'Lamb\u0000pie';
const textMessage = 'Remove control characters (such as NUL) and broken characters.';
const isoMessage = 'Use a real date from 2000 to 2100 as YYYY-MM-DD.';

async function expectRefused(method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, field: FieldError) {
  const result = await t.call(method, url, { body, token });
  expect(result.status).toBe(400);
  expect(result.body.meta.error_code).toBe(2);
  expect(result.body.meta.errors).toContainEqual(field);
  expect(result.body.meta.message).toContain(field.field);
}

describe('impossible dates', () => {
  it.each(['2026-02-31', '9999-12-31', '0000-01-01', '2026-02-29'])(
    'GET rounds/{id}/visits/%s answers code 2',
    async (date) => {
      await expectRefused('GET', `/api/rounds/${String(roundId)}/visits/${date}`, undefined, {
        field: 'date',
        message: isoMessage,
      });
    },
  );

  it.each(['2026-02-31', '9999-12-31'])('POST print/round with %s answers code 2', async (date) => {
    const body = { round: roundId, date, format: 'driver', events: [] };
    await expectRefused('POST', '/api/print/round', body, { field: 'date', message: isoMessage });
  });

  it.each(['2026-02-31', '9999-12-31'])('PUT visits with %s answers code 2', async (date) => {
    const visit = {
      id: 1,
      date,
      start: '09:00',
      end: '09:30',
      timezone: 'Australia/Sydney',
      service_id: 's1',
    };
    await expectRefused('PUT', '/api/visits', [visit], { field: '0.date', message: isoMessage });
  });

  it('a menu cycle start of 31-02-2026 answers code 2', async () => {
    const body = { menu_options: { custom_text: '', cycle_weeks: 4, cycle_start: '31-02-2026' } };
    await expectRefused('PUT', `/api/accounts/${String(accountId)}`, body, {
      field: 'menu_options.cycle_start',
      message: 'Use a real date from 2000 to 2100 as DD-MM-YYYY.',
    });
  });

  it('asks for a login before it looks at the input', async () => {
    const result = await t.call('GET', `/api/rounds/${String(roundId)}/visits/2026-02-31`);
    expect(result.status).toBe(401);
    expect(result.body.meta.error_code).toBe(3);
  });
});

describe('NUL and other control characters', () => {
  it.each([
    ['a meal', 'PUT', '/api/meals/meals', { key: 'm1', description: nul }, 'description'],
    ['a label', 'PUT', '/api/meals/labels', { key: 'l1', name: nul, colour: '#aabbcc' }, 'name'],
    ['a category', 'PUT', '/api/meals/categories', { key: 'c1', name: nul }, 'name'],
    ['a new category', 'POST', '/api/meals/categories', { name: nul }, 'name'],
    ['a contact message', 'POST', '/api/contact', { message: 'Hello\u0001' }, 'message'],
  ] as const)('in %s answers code 2', async (_what, method, url, body, field) => {
    await expectRefused(method, url, body, { field, message: textMessage });
  });

  it('in a client detail or a meal choice comment answers code 2 and changes nothing', async () => {
    const details = {
      round: '',
      labels: [],
      dietary_requirements: 'No nuts\u0000',
      plan: '',
      plan_dow: [1, 1, 1, 1, 1, 0, 0],
      delivery_instructions: '',
    };
    const url = `/api/clients/${String(clientId)}`;
    await expectRefused('PUT', url, details, { field: 'dietary_requirements', message: textMessage });
    const choices = { meal_choices: { '02-03-2026': { m1: { quantity: 1, comment: nul } } } };
    await expectRefused('PUT', url, choices, {
      field: 'meal_choices.02-03-2026.m1.comment',
      message: textMessage,
    });
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client?.dietaryRequirements).toBe('');
  });

  it('in the account description answers code 2 and changes nothing', async () => {
    await expectRefused(
      'PUT',
      `/api/accounts/${String(accountId)}`,
      { description: nul },
      { field: 'description', message: textMessage },
    );
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.description).toBe('');
  });

  it('a lone surrogate answers code 2', async () => {
    await expectRefused(
      'PUT',
      `/api/accounts/${String(accountId)}`,
      { description: 'a\ud800' },
      {
        field: 'description',
        message: textMessage,
      },
    );
  });

  it('keeps line breaks and tabs in multi-line boxes', async () => {
    const details = {
      round: '',
      labels: [],
      dietary_requirements: 'No nuts\r\nNo dairy\tplease',
      plan: '',
      plan_dow: [1, 1, 1, 1, 1, 0, 0],
      delivery_instructions: 'Side gate\nKnock twice',
    };
    const result = await t.call('PUT', `/api/clients/${String(clientId)}`, { body: details, token });
    expect(result.body.meta.error_code).toBe(0);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client?.dietaryRequirements).toBe('No nuts\r\nNo dairy\tplease');
  });
});

describe('numbers no column holds', () => {
  it.each([2147483648, 1e308, 1.5])('a visit id of %d answers code 2', async (id) => {
    const result = await t.call('POST', '/api/visits/complete', { body: [id], token });
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    expect(result.body.meta.errors?.[0]?.field).toBe('0');
  });

  it.each(['2147483648', 'NaN', 'Infinity', '1e400'])(
    'a client id of %s in the path answers code 2',
    async (id) => {
      const result = await t.call('GET', `/api/clients/${id}`, { token });
      expect(result.status).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    },
  );
});
