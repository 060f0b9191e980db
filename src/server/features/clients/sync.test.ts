import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../contracts/clients';
import type { Tag } from '../../../contracts/source';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { clients } from '../../db/schema/clients';
import { demoClientTag } from '../../integrations/alayacare/simulator/demo-seed';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { createTestApp, testSecret, type TestApp } from '../../testing/test-app';
import { createAccountWithSimulator } from '../../testing/test-source';

let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let accountId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const setup = await createAccountWithSimulator(t);
  simulator = setup.simulator;
  token = setup.adminToken;
  accountId = setup.account.id;
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const taggedCount = () =>
  simulator.state.clients.filter((client) => client.tags.includes(demoClientTag)).length;

async function listAll(sync: boolean) {
  return t.call<Client[]>('GET', `/api/clients?page_size=100${sync ? '&sync=true' : ''}`, { token });
}

describe('client sync from the CRM', () => {
  it('lists the CRM tags for the settings', async () => {
    const tags = await t.call<Tag[]>('GET', '/api/tags', { token });
    expect(tags.body.data.map((tag) => tag.name)).toContain(demoClientTag);
    const visitTags = await t.call<Tag[]>('GET', '/api/visits/tags', { token });
    expect(visitTags.body.data.length).toBeGreaterThan(0);
    const codes = await t.call<{ id: string; name: string }[]>('GET', '/api/service_codes', { token });
    expect(codes.body.data.length).toBeGreaterThan(0);
    const premiums = await t.call<{ id: string; name: string }[]>('GET', '/api/premiums', { token });
    expect(premiums.body.data.length).toBeGreaterThan(0);
  });

  it('first lists nothing without sync, then the tagged clients with sync', async () => {
    const before = await listAll(false);
    expect(before.body.meta.record_total).toBe(0);
    const after = await listAll(true);
    expect(after.body.meta).toMatchObject({ error_code: 0, message: '', record_total: taggedCount() });
    const first = after.body.data[0]!;
    expect(first).toMatchObject({ round: '', round_id: null, labels: [] });
    expect(first.key).toMatch(/^\d+$/);
  });

  it('keeps product-maintained fields and updates CRM fields on the next sync', async () => {
    const [row] = await t.db.select().from(clients).where(eq(clients.accountId, accountId)).limit(1);
    await t.db
      .update(clients)
      .set({
        labels: ['Diabetic'],
        dietaryRequirements: 'No sugar',
        plan: 'Weekdays',
        planDow: [1, 1, 1, 1, 1, 0, 0],
      })
      .where(eq(clients.id, row!.id));
    const simClient = simulator.state.clients.find((client) => String(client.id) === row!.sourceId)!;
    simClient.phone = '02 9999 0000';
    await listAll(true);
    const [updated] = await t.db.select().from(clients).where(eq(clients.id, row!.id));
    expect(updated).toMatchObject({
      phone: '02 9999 0000',
      labels: ['Diabetic'],
      dietaryRequirements: 'No sugar',
      plan: 'Weekdays',
      planDow: [1, 1, 1, 1, 1, 0, 0],
    });
  });

  it('hides (never deletes) a client who loses the tag, and shows them again when it comes back', async () => {
    const simClient = simulator.state.clients.find((client) => client.tags.includes(demoClientTag))!;
    simClient.tags = simClient.tags.filter((tag) => tag !== demoClientTag);
    const after = await listAll(true);
    expect(after.body.data.map((client) => client.key)).not.toContain(String(simClient.id));
    const stored = await t.db
      .select()
      .from(clients)
      .where(eq(clients.sourceId, String(simClient.id)));
    expect(stored).toEqual([expect.objectContaining({ isHidden: true, accountId })]);
    simClient.tags.push(demoClientTag);
    const back = await listAll(true);
    expect(back.body.data.map((client) => client.key)).toContain(String(simClient.id));
  });

  it('two app servers syncing one account at once create no duplicates', async () => {
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', APP_SECRET: testSecret }),
      db: t.db,
      appSecret: testSecret,
      webRoot: null,
    });
    const { account, simulator: own } = await createAccountWithSimulator(t, { clients: 60 });
    await Promise.all([t.clientSync.syncClients(account.id), second.clientSync.syncClients(account.id)]);
    const rows = await t.db.select().from(clients).where(eq(clients.accountId, account.id));
    expect(rows).toHaveLength(
      own.state.clients.filter((client) => client.tags.includes(demoClientTag)).length,
    );
    expect(new Set(rows.map((row) => row.sourceId)).size).toBe(rows.length);
    await second.server.close();
    await own.close();
  });

  it('when the CRM is down, the stored list still comes back with a message saying what failed', async () => {
    simulator.faults.setFaults({ isDown: true });
    try {
      const result = await listAll(true);
      expect(result.body.meta.error_code).toBe(0);
      expect(result.body.meta.record_total).toBeGreaterThan(0);
      expect(result.body.meta.message).toMatch(/^The CRM could not .+/);
      const tags = await t.call('GET', '/api/tags', { token });
      expect(tags.status).toBe(502);
      expect(tags.body.meta.error_code).toBe(7);
    } finally {
      simulator.faults.resetFaults();
    }
    const recovered = await listAll(true);
    expect(recovered.body.meta.message).toBe('');
  });

  it('filters by name and round, pages, and refuses bad queries', async () => {
    const all = await listAll(false);
    const someone = all.body.data[3]!;
    const byName = await t.call<Client[]>(
      'GET',
      `/api/clients?filter=${encodeURIComponent(someone.name.slice(0, 6))}`,
      { token },
    );
    expect(byName.body.data.map((client) => client.client_id)).toContain(someone.client_id);
    const noRound = await t.call<Client[]>('GET', '/api/clients?filter_round=none&page=2', { token });
    expect(noRound.body.meta).toMatchObject({ page: 2, record_count: 10 });
    const bad = await t.call('GET', '/api/clients?filter_round=some&page=0&colour=red', { token });
    expect(bad.body.meta.error_code).toBe(2);
    expect((bad.body.meta.errors ?? []).map((error) => error.field)).toEqual(
      expect.arrayContaining(['filter_round', 'page', 'colour']),
    );
  });

  it('needs a login, an admin for the CRM lists, and an account with a CRM', async () => {
    expect((await t.call('GET', '/api/clients')).body.meta.error_code).toBe(3);
    const { user, admin } = await t.createAccount('No CRM');
    const userToken = await t.login(user.username);
    expect((await t.call('GET', '/api/tags', { token: userToken })).body.meta.error_code).toBe(4);
    const adminToken = await t.login(admin.username);
    const notSetUp = await t.call('GET', '/api/tags', { token: adminToken });
    expect(notSetUp.body.meta).toMatchObject({ error_code: 7 });
    expect(notSetUp.body.meta.message).toContain('Settings > CMS Integration');
    const otherList = await t.call<Client[]>('GET', '/api/clients?sync=true', { token: userToken });
    expect(otherList.body.meta.record_total).toBe(0);
  });
});
