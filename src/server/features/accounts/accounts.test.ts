import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import { accounts } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const round = {
  name: 'Inner West',
  address: '1 King St, Newtown NSW',
  pickup_time: '09:30',
  timezone: 'Australia/Sydney',
};

describe('accounts API', () => {
  it('GET answers the own account without the CRM password', async () => {
    const { account, user } = await t.createAccount('Get Account');
    const token = await t.login(user.username);
    const result = await t.call<Account>('GET', `/api/accounts/${account.id}`, { token });
    expect(result.body.data).toMatchObject({
      id: account.id,
      name: 'Get Account',
      rounds: [],
      travel_contingency_mins: 2,
      optimisation_preference_tm: 50,
      route_automation: { enabled: '0', days_in_advance: 14, optimise_by: 'optimal' },
      has_source_password: false,
    });
  });

  it('PUT changes only the fields sent, keeps the CRM password write-only and audits', async () => {
    const { account, admin } = await t.createAccount('Partial');
    const token = await t.login(admin.username);
    await t.call('PUT', `/api/accounts/${account.id}`, {
      token,
      body: { description: 'Partial Meals', source_password: 's3cret' },
    });
    const result = await t.call<Account>('PUT', `/api/accounts/${account.id}`, {
      token,
      body: { travel_contingency_mins: 5, source_password: '', rounds: [round] },
    });
    expect(result.body.meta.message).toBe('Settings saved successfully');
    expect(result.body.data).toMatchObject({
      name: 'Partial',
      description: 'Partial Meals',
      travel_contingency_mins: 5,
    });
    expect(result.body.data.has_source_password).toBe(true);
    expect(JSON.stringify(result.body)).not.toContain('s3cret');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.sourcePasswordEncrypted).not.toContain('s3cret');
    expect(result.body.data.rounds).toEqual([expect.objectContaining(round)]);

    const roundId = result.body.data.rounds[0]!.id;
    const renamed = await t.call<Account>('PUT', `/api/accounts/${account.id}`, {
      token,
      body: { rounds: [{ ...round, id: roundId, name: '  Newtown  ' }] },
    });
    expect(renamed.body.data.rounds).toEqual([
      { ...round, id: roundId, name: 'Newtown', capacity: null, latest_return_time: null },
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(audits.map((entry) => entry.action)).toEqual([
      'account.update',
      'account.update',
      'account.update',
    ]);
    expect(JSON.stringify(audits)).not.toContain('s3cret');
  });

  it('a normal user may change menu options and preferred order only (code 4 otherwise)', async () => {
    const { account, user } = await t.createAccount('Normal Edit');
    const token = await t.login(user.username);
    const allowed = await t.call<Account>('PUT', `/api/accounts/${account.id}`, {
      token,
      body: { menu_options: { custom_text: 'Enjoy', cycle_weeks: 4, cycle_start: '02-11-2026' } },
    });
    expect(allowed.body.data.menu_options.cycle_weeks).toBe(4);
    const refused = await t.call('PUT', `/api/accounts/${account.id}`, { token, body: { rounds: [round] } });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.error_code).toBe(4);
  });

  it('validates (code 2) and changes nothing on bad input', async () => {
    const { account, admin } = await t.createAccount('Validate Account');
    const token = await t.login(admin.username);
    const bad = await t.call('PUT', `/api/accounts/${account.id}`, {
      token,
      body: {
        name: 'Renamed',
        optimisation_preference_tm: 140,
        route_automation: { enabled: '2' },
        colour: 'x',
      },
    });
    expect(bad.status).toBe(400);
    const fields = (bad.body.meta.errors ?? []).map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['optimisation_preference_tm', 'colour']));
    const duplicate = await t.call('PUT', `/api/accounts/${account.id}`, {
      token,
      body: { rounds: [round, round] },
    });
    expect(duplicate.body.meta.error_code).toBe(2);
    const unchanged = await t.call<Account>('GET', `/api/accounts/${account.id}`, { token });
    expect(unchanged.body.data.name).toBe('Validate Account');
    expect(unchanged.body.data.rounds).toEqual([]);
  });

  it('workload balance: some by default, an admin sets off or strong, anything else is refused', async () => {
    const { account, admin, user } = await t.createAccount('Balance');
    const { account: theirs } = await t.createAccount('Balance Others');
    const token = await t.login(admin.username);
    const path = `/api/accounts/${account.id}`;
    const fresh = await t.call<Account>('GET', path, { token });
    expect(fresh.body.data.workload_balance).toBe('some');
    const strong = await t.call<Account>('PUT', path, { token, body: { workload_balance: 'strong' } });
    expect(strong.status).toBe(200);
    expect(strong.body.data.workload_balance).toBe('strong');
    for (const value of ['Strong', 'medium', '', 2, null]) {
      const bad = await t.call('PUT', path, { token, body: { workload_balance: value } });
      expect(bad.status).toBe(400);
      expect(bad.body.meta.errors).toEqual([
        { field: 'workload_balance', message: 'Choose off, some or strong.' },
      ]);
    }
    const userToken = await t.login(user.username);
    const refused = await t.call('PUT', path, { token: userToken, body: { workload_balance: 'off' } });
    expect(refused.status).toBe(403);
    const anonymous = await t.call('PUT', path, { body: { workload_balance: 'off' } });
    expect(anonymous.status).toBe(401);
    const others = await t.call('PUT', `/api/accounts/${theirs.id}`, {
      token,
      body: { workload_balance: 'off' },
    });
    expect(others.status).toBe(404);
    const off = await t.call<Account>('PUT', path, { token, body: { workload_balance: 'off' } });
    expect(off.body.data.workload_balance).toBe('off');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, theirs.id));
    expect(row?.workloadBalance).toBe('some');
  });

  it('another account answers 404 and no token answers 401', async () => {
    const { admin } = await t.createAccount('Ours');
    const { account: theirs } = await t.createAccount('Others');
    const token = await t.login(admin.username);
    const get = await t.call('GET', `/api/accounts/${theirs.id}`, { token });
    expect(get.status).toBe(404);
    expect(get.body.meta.error_code).toBe(5);
    const put = await t.call('PUT', `/api/accounts/${theirs.id}`, { token, body: { description: 'x' } });
    expect(put.body.meta.error_code).toBe(5);
    const anonymous = await t.call('GET', `/api/accounts/${theirs.id}`);
    expect(anonymous.body.meta.error_code).toBe(3);
  });

  it('refuses a round id of another account', async () => {
    const { account, admin } = await t.createAccount('Round Owner');
    const { account: other, admin: otherAdmin } = await t.createAccount('Round Thief');
    const ownerToken = await t.login(admin.username);
    const created = await t.call<Account>('PUT', `/api/accounts/${account.id}`, {
      token: ownerToken,
      body: { rounds: [round] },
    });
    const theirRoundId = created.body.data.rounds[0]!.id;
    const thiefToken = await t.login(otherAdmin.username);
    const result = await t.call('PUT', `/api/accounts/${other.id}`, {
      token: thiefToken,
      body: { rounds: [{ ...round, id: theirRoundId }] },
    });
    expect(result.body.meta.error_code).toBe(2);
  });
});
