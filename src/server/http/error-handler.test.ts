import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The last line of defence behind the contracts: a value the database refuses as data is the caller's mistake
 * (code 2, with a clear message), while any other database fault stays an internal error (code 99).
 */
let t: TestApp;
const statements: Record<string, SQL> = {
  nul: sql`select ${'a\u0000b'}::text as value`,
  'datetime-overflow': sql`select ${'2026-02-31'}::date as value`,
  'numeric-overflow': sql`select ${'2147483648'}::int4 as value`,
  'bad-integer-text': sql`select ${'twelve'}::int4 as value`,
  'missing-table': sql`select * from no_such_table`,
};

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (server) => {
        server.get<{ Params: { name: string } }>('/api/test-db/:name', async (request) => {
          await t.db.execute(statements[request.params.name] ?? sql`select 1`);
          return { meta: { error_code: 0, message: '' }, data: null };
        });
      },
    },
  );
});
afterAll(async () => t.close());

describe('database errors caused by input', () => {
  it.each([
    ['nul', 'The request holds a character that cannot be stored, such as NUL. Remove it and try again.'],
    ['datetime-overflow', 'A date or time in the request is not a real one or is out of range.'],
    ['numeric-overflow', 'A number in the request is out of range.'],
    ['bad-integer-text', 'A value in the request cannot be stored. Check it and try again.'],
  ])('%s answers code 2', async (name, message) => {
    const result = await t.call('GET', `/api/test-db/${name}`);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ meta: { error_code: 2, message }, data: null });
  });

  it('any other database fault stays code 99, without details', async () => {
    const result = await t.call('GET', '/api/test-db/missing-table');
    expect(result.status).toBe(500);
    expect(result.body).toEqual({
      meta: { error_code: 99, message: 'Internal error. Please try again later.' },
      data: null,
    });
  });
});

describe("the router's own refusals", () => {
  it('a path segment longer than the router allows answers the envelope', async () => {
    const result = await t.call('GET', `/api/clients/${'9'.repeat(300)}`);
    expect(result.status).toBe(414);
    expect(result.body).toEqual({
      meta: { error_code: 2, message: 'A part of the address is too long.' },
      data: null,
    });
  });

  it('a malformed percent-encoding answers the envelope', async () => {
    const result = await t.call('GET', '/api/clients/%E0%A4%A');
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      meta: { error_code: 2, message: 'The address is not valid.' },
      data: null,
    });
  });
});
