import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { DeliveryByClientReport } from '../../../contracts/reports';
import type { CancelCode } from '../../../contracts/source';
import type { Visit, VisitOutcome } from '../../../contracts/visits';
import { clients } from '../../db/schema/clients';
import { driverOutcomes } from '../../db/schema/driver';
import { clientMealChoices, meals } from '../../db/schema/meals';
import { createNoSourceAccount } from '../../testing/no-source-account';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sourceSwitchMessage } from '../accounts/service';

/*
 * An account without a CRM end to end: MealRounds makes the visits from the plans, and the rounds screen,
 * publish, complete, holds and reports work as with a CRM. Wednesday 18-11-2026, 12:00 in Sydney.
 */
let clock = new Date('2026-11-18T01:00:00Z');
let t: TestApp;
let setup: Awaited<ReturnType<typeof createNoSourceAccount>>;
let northId = 0;
let aliceId = 0;
let bobId = 0;

const mondayWednesday = [1, 0, 1, 0, 0, 0, 0];
const weekdays = [1, 1, 1, 1, 1, 0, 0];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  setup = await createNoSourceAccount(t, {
    rounds: [{ name: 'North', pickup_time: '10:00', timezone: 'Australia/Sydney' }],
    clients: [
      { name: 'Alice Nguyen', round: 'North', planDow: mondayWednesday },
      { name: 'Bob Smith', round: 'North', planDow: weekdays },
    ],
  });
  northId = setup.roundIds.get('North') ?? 0;
  [aliceId = 0, bobId = 0] = setup.clientIds;
});
afterAll(async () => t.close());

async function readDay(date: string): Promise<Visit[]> {
  const result = await t.call<Visit[]>('GET', `/api/rounds/${String(northId)}/visits/${date}`, {
    token: setup.token,
  });
  expect(result.body.meta.error_code).toBe(0);
  return result.body.data;
}
const summarise = (visits: Visit[]) =>
  visits
    .map((visit) => `${visit.client.name} ${visit.start}-${visit.end} ${visit.status}`)
    .sort((a, b) => a.localeCompare(b));

function savePlan(clientId: number, planDow: number[], round = 'North') {
  return t.call('PUT', `/api/clients/${String(clientId)}`, {
    token: setup.token,
    body: {
      round,
      labels: [],
      dietary_requirements: '',
      plan: '',
      plan_dow: planDow,
      delivery_instructions: '',
    },
  });
}

describe('visits made from the plans', () => {
  it('shows the plan days’ visits on the rounds screen, in consecutive 10-minute slots from the pickup time', async () => {
    expect(summarise(await readDay('2026-11-18'))).toEqual([
      'Alice Nguyen 10:00-10:10 scheduled',
      'Bob Smith 10:10-10:20 scheduled',
    ]);
    expect(summarise(await readDay('2026-11-19'))).toEqual(['Bob Smith 10:00-10:10 scheduled']);
    expect(await readDay('2026-11-22')).toEqual([]);
  });

  it('reaches the horizon (4 weeks from today) and no further; the past gets nothing', async () => {
    expect(summarise(await readDay('2026-12-14'))).toHaveLength(2);
    expect(await readDay('2026-12-21')).toEqual([]);
    expect(await readDay('2026-11-16')).toEqual([]);
  });

  it('follows a new plan: the day it leaves is cancelled (kept), the new day gets a visit', async () => {
    expect((await savePlan(aliceId, [0, 0, 0, 1, 0, 0, 0])).body.meta.error_code).toBe(0);
    expect(summarise(await readDay('2026-11-18'))).toEqual([
      'Alice Nguyen 10:00-10:10 cancelled',
      'Bob Smith 10:00-10:10 scheduled',
    ]);
    expect(summarise(await readDay('2026-11-19'))).toEqual([
      'Alice Nguyen 10:00-10:10 scheduled',
      'Bob Smith 10:10-10:20 scheduled',
    ]);
    // And back: the cancelled visit is put back rather than a second one made.
    await savePlan(aliceId, mondayWednesday);
    expect(summarise(await readDay('2026-11-18'))).toEqual([
      'Alice Nguyen 10:00-10:10 scheduled',
      'Bob Smith 10:10-10:20 scheduled',
    ]);
  });

  it('moves the planned times when the round’s pickup time changes', async () => {
    const result = await t.call<Account>('PUT', `/api/accounts/${String(setup.account.id)}`, {
      token: setup.adminToken,
      body: {
        rounds: [
          {
            id: northId,
            name: 'North',
            address: '1 King St, Newtown NSW 2042',
            pickup_time: '09:00',
            timezone: 'Australia/Sydney',
          },
        ],
      },
    });
    expect(result.body.meta.error_code).toBe(0);
    expect(summarise(await readDay('2026-11-25'))).toEqual([
      'Alice Nguyen 09:00-09:10 scheduled',
      'Bob Smith 09:10-09:20 scheduled',
    ]);
  });

  it('publish has nothing to send: done at once, and the plan then keeps the published times', async () => {
    const bob = (await readDay('2026-11-25')).find((visit) => visit.client.id === bobId);
    if (!bob) throw new Error('no visit');
    const published = await t.call<VisitOutcome[]>('PUT', '/api/visits', {
      token: setup.token,
      body: [
        {
          id: bob.id,
          date: '2026-11-25',
          start: '11:30',
          end: '11:40',
          timezone: 'Australia/Sydney',
          service_id: '',
        },
      ],
    });
    expect(published.body.data).toEqual([{ id: bob.id, is_done: true, status: 'done', message: '' }]);
    await savePlan(aliceId, [0, 0, 1, 1, 0, 0, 0]);
    expect(summarise(await readDay('2026-11-25'))).toEqual([
      'Alice Nguyen 09:00-09:10 scheduled',
      'Bob Smith 11:30-11:40 scheduled',
    ]);
  });

  it('complete is done at once, and a completed visit is never touched by the plan again', async () => {
    const visits = await readDay('2026-11-18');
    const completed = await t.call<VisitOutcome[]>('POST', '/api/visits/complete', {
      token: setup.token,
      body: visits.map((visit) => visit.id),
    });
    expect(completed.body.data.map((outcome) => outcome.status)).toEqual(['done', 'done']);
    await savePlan(bobId, [0, 0, 0, 0, 0, 0, 0]);
    expect(summarise(await readDay('2026-11-18'))).toEqual([
      'Alice Nguyen 09:00-09:10 completed',
      'Bob Smith 09:10-09:20 completed',
    ]);
    expect(summarise(await readDay('2026-11-19'))).toEqual([
      'Alice Nguyen 09:00-09:10 scheduled',
      'Bob Smith 09:10-09:20 cancelled',
    ]);
    await savePlan(bobId, weekdays);
    await savePlan(aliceId, mondayWednesday);
  });

  it('a visit with a driver’s outcome is never touched by the plan', async () => {
    const [friday] = await readDay('2026-11-20');
    if (!friday) throw new Error('no visit');
    await t.db.insert(driverOutcomes).values({
      accountId: setup.account.id,
      clientUuid: randomUUID(),
      visitId: friday.id,
      outcome: 'not_home',
      recordedAt: clock,
    });
    await savePlan(bobId, [1, 1, 1, 1, 0, 0, 0]);
    expect(summarise(await readDay('2026-11-20'))).toEqual(['Bob Smith 09:00-09:10 scheduled']);
    expect(summarise(await readDay('2026-11-27'))).toEqual(['Bob Smith 09:00-09:10 cancelled']);
    await savePlan(bobId, weekdays);
  });

  it('the reports count the deliveries', async () => {
    const [meal] = await t.db
      .insert(meals)
      .values({ accountId: setup.account.id, key: 'soup', description: 'Pumpkin Soup', mealState: 'Hot' })
      .returning();
    await t.db.insert(clientMealChoices).values([
      {
        accountId: setup.account.id,
        clientId: aliceId,
        date: '2026-11-18',
        mealId: meal?.id ?? 0,
        quantity: 2,
      },
      {
        accountId: setup.account.id,
        clientId: bobId,
        date: '2026-11-18',
        mealId: meal?.id ?? 0,
        quantity: 1,
      },
    ]);
    const report = await t.call<DeliveryByClientReport>('POST', '/api/reports/delivery_by_client', {
      token: setup.token,
      body: { date: '18-11-2026' },
    });
    // The 18th of the month: both visits completed, so all three portions ordered were delivered.
    expect(report.body.data.total.days[17]).toEqual([3, 3]);
  });

  it('a hold cancels its days’ visits with MealRounds’ own code, and its end puts them back', async () => {
    const hold = await t.call<{ id: number }>('POST', `/api/clients/${String(bobId)}/holds`, {
      token: setup.token,
      body: { from_date: '23-11-2026', to_date: '24-11-2026', reason: 'holiday' },
    });
    expect(hold.body.meta.error_code).toBe(0);
    expect(summarise(await readDay('2026-11-23'))).toEqual([
      'Alice Nguyen 09:00-09:10 scheduled',
      'Bob Smith 09:10-09:20 cancelled',
    ]);
    const codes = await t.call<CancelCode[]>('GET', '/api/cancel_codes', { token: setup.adminToken });
    expect(codes.body.data.map((code) => code.description)).toEqual([
      'Client on hold',
      'Not in the client’s plan',
    ]);
    // The plan leaves a hold's cancel alone.
    await savePlan(aliceId, mondayWednesday);
    expect(summarise(await readDay('2026-11-24'))).toEqual(['Bob Smith 09:00-09:10 cancelled']);
    const ended = await t.call('DELETE', `/api/clients/${String(bobId)}/holds/${String(hold.body.data.id)}`, {
      token: setup.token,
    });
    expect(ended.body.meta.error_code).toBe(0);
    expect(summarise(await readDay('2026-11-24'))).toEqual(['Bob Smith 09:00-09:10 scheduled']);
  });

  it('a discharged client gets no new visits; its open ones are cancelled', async () => {
    await t.db.update(clients).set({ externalStatus: 'discharged' }).where(eq(clients.id, aliceId));
    await t.visitPlanner.regenerateVisits(setup.account.id);
    expect(summarise(await readDay('2026-11-30'))).toEqual([
      'Alice Nguyen 09:00-09:10 cancelled',
      'Bob Smith 09:00-09:10 scheduled',
    ]);
    await t.db.update(clients).set({ externalStatus: 'active' }).where(eq(clients.id, aliceId));
    await t.visitPlanner.regenerateVisits(setup.account.id);
  });

  it('follows the horizon setting, and the daily run moves it on', async () => {
    const saved = await t.call<Account>('PUT', `/api/accounts/${String(setup.account.id)}`, {
      token: setup.adminToken,
      body: { visit_horizon_weeks: 1 },
    });
    expect(saved.body.data.visit_horizon_weeks).toBe(1);
    expect(summarise(await readDay('2026-11-30'))).toEqual([
      'Alice Nguyen 09:00-09:10 cancelled',
      'Bob Smith 09:10-09:20 cancelled',
    ]);
    clock = new Date('2026-11-25T01:00:00Z');
    // A week on, the sessions have expired.
    setup.token = await t.login(setup.user.username);
    setup.adminToken = await t.login(setup.admin.username);
    await t.visitPlanner.extendHorizons();
    expect(summarise(await readDay('2026-11-30'))).toEqual([
      'Alice Nguyen 09:00-09:10 scheduled',
      'Bob Smith 09:10-09:20 scheduled',
    ]);
    expect(summarise(await readDay('2026-12-02'))).toHaveLength(2);
    expect(await readDay('2026-12-07')).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'cancelled' })]),
    );
  });

  it('refuses a horizon out of range with code 2, changing nothing', async () => {
    const result = await t.call('PUT', `/api/accounts/${String(setup.account.id)}`, {
      token: setup.adminToken,
      body: { visit_horizon_weeks: 13 },
    });
    expect(result.body.meta.error_code).toBe(2);
    const account = await t.call<Account>('GET', `/api/accounts/${String(setup.account.id)}`, {
      token: setup.adminToken,
    });
    expect(account.body.data.visit_horizon_weeks).toBe(1);
  });

  it('the client sync has nothing to sync and says no error', async () => {
    const result = await t.call('GET', '/api/clients?sync=true', { token: setup.token });
    expect(result.body.meta).toMatchObject({ error_code: 0, message: '' });
  });
});

describe('clients added in MealRounds get their visits at once', () => {
  it('a client imported from a file with a round and a plan, and one added then given a round', async () => {
    const file =
      'external_id,name,address,city,state,zip,round,plan\nIMP-1,Cora Imported,14 Smith Street,Newtown,NSW,2042,North,M------\n';
    const imported = await t.server.inject({
      method: 'POST',
      url: '/api/clients/import?dry_run=false',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${setup.token}` },
      payload: file,
    });
    expect(imported.json<{ data: { created: number } }>().data.created).toBe(1);
    // The clock stands on Wednesday 25-11-2026 here: Monday 30-11 is a plan day of the imported client.
    const isOn = async (date: string, name: string) =>
      summarise(await readDay(date)).some(
        (line) => line.startsWith(`${name} `) && line.endsWith(' scheduled'),
      );
    expect(await isOn('2026-11-30', 'Cora Imported')).toBe(true);
    expect(await isOn('2026-12-01', 'Cora Imported')).toBe(false);

    const added = await t.call<{ client_id: number }>('POST', '/api/clients', {
      token: setup.token,
      body: { name: 'Dan Added' },
    });
    expect(added.body.meta.error_code).toBe(0);
    expect(await isOn('2026-12-01', 'Dan Added')).toBe(false);
    expect((await savePlan(added.body.data.client_id, [0, 1, 0, 0, 0, 0, 0])).body.meta.error_code).toBe(0);
    expect(await isOn('2026-12-01', 'Dan Added')).toBe(true);
  });
});

describe('switching to or from No CRM', () => {
  it('is refused with code 2 while the account has clients, either way', async () => {
    const result = await t.call('PUT', `/api/accounts/${String(setup.account.id)}`, {
      token: setup.adminToken,
      body: { source_system: 'alayacare' },
    });
    expect(result.body.meta).toMatchObject({ error_code: 2, message: sourceSwitchMessage });

    const { account, admin } = await t.createAccount('CRM Meals');
    const adminToken = await t.login(admin.username);
    await t.call('PUT', `/api/accounts/${String(account.id)}`, {
      token: adminToken,
      body: { source_system: 'demo' },
    });
    await t.db.insert(clients).values({ accountId: account.id, sourceId: '501', name: 'From the CRM' });
    const refused = await t.call('PUT', `/api/accounts/${String(account.id)}`, {
      token: adminToken,
      body: { source_system: 'none' },
    });
    expect(refused.body.meta.error_code).toBe(2);
    const kept = await t.call<Account>('GET', `/api/accounts/${String(account.id)}`, { token: adminToken });
    expect(kept.body.data.source_system).toBe('demo');
  });

  it('is allowed while the account has no clients, with no web address', async () => {
    const { account, admin } = await t.createAccount('Fresh Meals');
    const adminToken = await t.login(admin.username);
    const result = await t.call<Account>('PUT', `/api/accounts/${String(account.id)}`, {
      token: adminToken,
      body: { source_system: 'none' },
    });
    expect(result.body.data).toMatchObject({ source_system: 'none', source_url: '', visit_horizon_weeks: 4 });
    const tags = await t.call('GET', '/api/tags', { token: adminToken });
    expect(tags.body).toMatchObject({ meta: { error_code: 0 }, data: [] });
  });
});
