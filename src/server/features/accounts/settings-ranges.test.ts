import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let adminToken = '';
let accountId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const { account, admin } = await t.createAccount('Settings Ranges');
  accountId = account.id;
  adminToken = await t.login(admin.username);
});
afterAll(async () => t.close());

const save = (body: object) =>
  t.call<Account>('PUT', `/api/accounts/${accountId}`, { token: adminToken, body });

// A number out of range is refused with code 2 and the stored value stays: never clamped, never made positive.
describe('PUT /api/accounts/:id settings numbers out of range', () => {
  it.each([
    ['travel contingency -5', { travel_contingency_mins: -5 }],
    ['travel contingency 121', { travel_contingency_mins: 121 }],
    ['cycle weeks 60', { menu_options: { custom_text: '', cycle_weeks: 60, cycle_start: null } }],
    ['cycle weeks -1', { menu_options: { custom_text: '', cycle_weeks: -1, cycle_start: null } }],
  ])('refuses %s', async (_name, body) => {
    const result = await save(body);
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    const stored = await t.call<Account>('GET', `/api/accounts/${accountId}`, { token: adminToken });
    expect(stored.body.data.travel_contingency_mins).toBe(2);
    expect(stored.body.data.menu_options.cycle_weeks).toBe(0);
  });

  it('saves the ends of the ranges', async () => {
    const result = await save({
      travel_contingency_mins: 120,
      menu_options: { custom_text: '', cycle_weeks: 52, cycle_start: null },
    });
    expect(result.body.data).toMatchObject({
      travel_contingency_mins: 120,
      menu_options: { cycle_weeks: 52 },
    });
  });
});
