import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Random and hostile bodies against every endpoint: never a 500, always the envelope, and the database
 * unchanged. Every schema is strict, so a body with an unknown key or of the wrong shape is always invalid.
 */
let t: TestApp;
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp();
  const { admin } = await t.createAccount('Hostile');
  await t.createAccount('Bystander');
  adminToken = await t.login(admin.username);
});
afterAll(async () => t.close());

const tables = [
  'accounts',
  'rounds',
  'users',
  'confirm_codes',
  'revoked_tokens',
  'login_failures',
  'mail_outbox',
  'contact_messages',
  'audit_log',
  'clients',
  'client_meal_choices',
  'visits',
  'meal_categories',
  'print_files',
  'labels',
  'menu_items',
  'travel_cache',
  'route_automation_runs',
  'client_list_versions',
  'client_days',
];

async function snapshotDatabase(): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const result = (await t.db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
      ),
    )) as unknown as { rows: { digest: string }[] };
    parts.push(`${table}:${result.rows[0]?.digest ?? ''}`);
  }
  return parts.join(',');
}

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    '../../etc/passwd',
    '\u0000\u202e',
    'admin@x.test\r\nBcc: victim@x.test',
  ),
  fc.integer({ min: 1000, max: 200_000 }).map((length) => 'x'.repeat(length)),
);

const deepNesting = fc.integer({ min: 50, max: 500 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = { nested: value };
  return value;
});

const hostileValue = fc.oneof(fc.anything(), hostileString, deepNesting);

/** Always invalid: not an object, or an object with a key no schema knows. */
const hostileBody = fc.oneof(
  hostileString,
  fc.array(hostileValue, { maxLength: 5 }),
  fc.constantFrom(null, true, 0, -1, 1e308),
  fc
    .dictionary(
      fc.constantFrom('username', 'password', 'access_level', 'message', 'rounds', 'name', 'confirmCode'),
      hostileValue,
    )
    .map((fields) => ({ ...fields, __hostile_field: 'x' })),
);

const hostileId = fc.oneof(
  fc.constantFrom('0', '-1', 'abc', '1%20OR%201=1', '99999999999999', '%3Cscript%3E', '1.5', 'NaN'),
  fc.integer({ min: 1_000_000, max: 2_000_000_000 }).map(String),
);

describe('hostile input', () => {
  it('every endpoint answers the envelope, never a 500, and changes nothing', async () => {
    const before = await snapshotDatabase();
    expect(t.routes.length).toBeGreaterThan(10);
    for (const route of t.routes) {
      await fc.assert(
        fc.asyncProperty(hostileBody, hostileId, fc.boolean(), async (body, id, withToken) => {
          const url = route.url.replace(':id', id);
          const response = await t.server.inject({
            method: route.method,
            url,
            headers: {
              'content-type': 'application/json',
              ...(withToken ? { authorization: `Bearer ${adminToken}` } : {}),
            },
            payload: route.method === 'GET' ? undefined : JSON.stringify(body),
          });
          // 502 (code 7) is a CRM answer: this account has no CRM set up. Never a 500.
          expect(response.statusCode, `${route.method} ${url}`).not.toBe(500);
          const envelope = response.json() as {
            meta: { error_code: unknown; message: unknown };
            data: unknown;
          };
          expect(typeof envelope.meta.error_code).toBe('number');
          expect(envelope.meta.error_code).not.toBe(99);
          expect(typeof envelope.meta.message).toBe('string');
          expect(envelope).toHaveProperty('data');
          if (route.hasBody || url !== route.url) {
            // Hostile bodies and ids are always refused.
            expect(envelope.meta.error_code, `${route.method} ${url}`).not.toBe(0);
          }
        }),
        { numRuns: 25 },
      );
    }
    expect(await snapshotDatabase()).toBe(before);
  }, 240_000);
});
