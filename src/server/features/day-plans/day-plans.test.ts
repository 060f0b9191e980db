import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { DayAssignment, DayPlan, DayPlanJob } from '../../../contracts/day-plans';
import { clients } from '../../db/schema/clients';
import { createDayPlanApp, planDate as date } from './day-plan-fixture';

let f: Awaited<ReturnType<typeof createDayPlanApp>>;
let t: Awaited<ReturnType<typeof createDayPlanApp>>['t'];
let token = '';
let everyone = 0;
let west = 0;

beforeAll(async () => {
  f = await createDayPlanApp();
  ({ t, token, everyone, west } = f);
});
afterAll(async () => {
  await f.t.close();
  await f.simulator.close();
});

const roundVisits = (roundId: number) => f.roundVisits(roundId);

const startPlan = (body: unknown, accessToken = token) =>
  t.call<DayPlanJob>('POST', `/api/day_plans/${date}/jobs`, { token: accessToken, body });

/** Polls the job until it ends (the plan runs in worker threads: each poll lets their messages in). */
async function waitForJob(id: string, accessToken = token): Promise<DayPlanJob> {
  for (;;) {
    const { body } = await t.call<DayPlanJob>('GET', `/api/day_plans/jobs/${id}`, { token: accessToken });
    if (body.data.status !== 'running') return body.data;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function plan(body: unknown, accessToken = token): Promise<DayPlan> {
  const started = await startPlan(body, accessToken);
  expect(started.body.meta.error_code).toBe(0);
  const job = await waitForJob(started.body.data.id, accessToken);
  expect(job).toMatchObject({ status: 'done', progress: 1, message: null });
  if (!job.plan) throw new Error('no plan');
  return job.plan;
}

describe('planning jobs', () => {
  it('cancels a running job, and a new plan of the account cancels the one running', async () => {
    let release = () => {};
    f.gate.current = new Promise((resolve) => {
      release = resolve;
    });
    const first = (await startPlan({ rounds: [{ id: everyone, capacity: null }] })).body.data;
    expect(first).toMatchObject({ status: 'running', progress: 0, plan: null });
    const second = (await startPlan({ rounds: [{ id: everyone, capacity: null }] })).body.data;
    expect(
      (await t.call<DayPlanJob>('GET', `/api/day_plans/jobs/${first.id}`, { token })).body.data.status,
    ).toBe('cancelled');
    const cancelled = await t.call<DayPlanJob>('DELETE', `/api/day_plans/jobs/${second.id}`, { token });
    expect(cancelled.body.data.status).toBe('cancelled');
    f.gate.current = null;
    release();
    expect(await waitForJob(second.id)).toMatchObject({ status: 'cancelled', plan: null });
  });

  it("spreads an off round's visits over the rounds out, with the before and after figures", async () => {
    await t.call('PUT', `/api/rounds/${west}/days_off/${date}`, { token, body: { is_off: true } });
    const westVisits = await roundVisits(west);
    const everyoneVisits = await roundVisits(everyone);
    expect(westVisits.length).toBeGreaterThan(0);
    const result = await plan({ rounds: [{ id: everyone, capacity: null }] }, f.userToken);
    const byRound = new Map(result.routes.map((route) => [route.round_id, route]));
    const westRoute = byRound.get(west);
    const everyoneRoute = byRound.get(everyone);
    expect(westRoute).toMatchObject({ is_off: true, stops: [], after: { stops: 0, km: 0 } });
    expect(westRoute?.before.stops).toBe(westVisits.length);
    expect(everyoneRoute?.is_off).toBe(false);
    expect(everyoneRoute?.stops.map((stop) => stop.visit_id).sort()).toEqual(
      [...westVisits, ...everyoneVisits].map((visit) => visit.id).sort(),
    );
    expect(everyoneRoute?.stops.filter((stop) => stop.usual_round_id === west)).toHaveLength(
      westVisits.length,
    );
    expect(result.unassigned).toEqual([]);
    expect(result.totals.after.stops).toBe(result.totals.before.stops);
    expect(result.totals.after.km).toBeGreaterThan(0);
    // Arrivals in driving order.
    const arrivals = everyoneRoute?.stops.map((stop) => stop.arrival) ?? [];
    expect(arrivals).toEqual([...arrivals].sort());
    await t.call('PUT', `/api/rounds/${west}/days_off/${date}`, { token, body: { is_off: false } });
  });

  it('keeps a pinned stop on its round, and gives the same plan again', async () => {
    const [visit] = await roundVisits(everyone);
    if (!visit) throw new Error('no visit');
    const body = {
      rounds: [
        { id: everyone, capacity: null },
        { id: west, capacity: null },
      ],
      pins: [{ visit_id: visit.id, round_id: west }],
    };
    const first = await plan(body);
    const westRoute = first.routes.find((route) => route.round_id === west);
    expect(westRoute?.stops.map((stop) => stop.visit_id)).toContain(visit.id);
    expect(await plan(body)).toEqual(first);
  });

  it('leaves out what the capacity cannot carry, with its reason', async () => {
    // Each client chose two portions: a round carrying five takes two clients.
    const result = await plan({ rounds: [{ id: everyone, capacity: 5 }] });
    expect(result.routes.find((route) => route.round_id === everyone)?.after).toMatchObject({
      stops: 2,
      portions: 4,
    });
    expect(result.unassigned.length).toBe(result.totals.before.stops - 2);
    expect(new Set(result.unassigned.map((item) => item.reason))).toEqual(new Set(['no_capacity']));
  });

  it('leaves out a client without a location and one whose window cannot be met, saying why', async () => {
    const [first, second] = await roundVisits(everyone);
    if (!first || !second) throw new Error('two visits needed');
    const setClient = (id: number, values: Partial<typeof clients.$inferInsert>) =>
      t.db.update(clients).set(values).where(eq(clients.id, id));
    await setClient(first.client.id, { latitude: null, longitude: null });
    await setClient(second.client.id, { deliveryWindowEarliest: '05:00', deliveryWindowLatest: '05:30' });
    try {
      const result = await plan({ rounds: [{ id: everyone, capacity: null }] });
      expect(result.unassigned).toEqual([
        {
          visit_id: second.id,
          client: { id: second.client.id, name: second.client.name },
          usual_round_id: everyone,
          reason: 'window_impossible',
        },
        {
          visit_id: first.id,
          client: { id: first.client.id, name: first.client.name },
          usual_round_id: everyone,
          reason: 'no_location',
        },
      ]);
      const planned = result.routes.flatMap((route) => route.stops.map((stop) => stop.visit_id));
      expect(planned).not.toContain(first.id);
      expect(planned).not.toContain(second.id);
    } finally {
      await setClient(first.client.id, { latitude: first.location?.lat, longitude: first.location?.lng });
      await setClient(second.client.id, { deliveryWindowEarliest: null, deliveryWindowLatest: null });
    }
  });

  it('plans a day without visits as empty routes', async () => {
    const started = await t.call<DayPlanJob>('POST', '/api/day_plans/2026-12-25/jobs', {
      token,
      body: { rounds: [{ id: everyone, capacity: null }] },
    });
    const job = await waitForJob(started.body.data.id);
    expect(job.plan).toMatchObject({ routes: [{ round_id: everyone, stops: [] }], unassigned: [] });
    expect(job.plan?.totals.after).toMatchObject({ stops: 0, km: 0, first: null, last: null });
  });

  it("fails the job, saying why, when a round's base cannot be placed", async () => {
    const account = (await t.call<Account>('GET', `/api/accounts/${f.account.id}`, { token })).body.data;
    const saved = await t.call<Account>('PUT', `/api/accounts/${f.account.id}`, {
      token,
      body: {
        rounds: [
          ...account.rounds.map(({ id, name, address, pickup_time, timezone }) => ({
            id,
            name,
            address,
            pickup_time,
            timezone,
          })),
          {
            name: 'Lost',
            address: '1 Nowhere Lane, Atlantis',
            pickup_time: '09:00',
            timezone: 'Australia/Sydney',
          },
        ],
      },
    });
    const lost = saved.body.data.rounds.find((round) => round.name === 'Lost')?.id ?? 0;
    // A round left out of the plan does not matter.
    await plan({ rounds: [{ id: everyone, capacity: null }] });
    const started = await startPlan({ rounds: [{ id: lost, capacity: null }] });
    expect(await waitForJob(started.body.data.id)).toMatchObject({
      status: 'failed',
      plan: null,
      message: "Unable to calculate travel. offline: no coordinates found for '1 Nowhere Lane, Atlantis'.",
    });
  });

  it.each([
    ['no rounds', { rounds: [] }],
    ['a round twice', 'twice'],
    ['a pin on a round not planned', 'pin-outside'],
    ['an unknown field', { rounds: [{ id: 1, capacity: null }], extra: 1 }],
    ['a capacity of 0', { rounds: [{ id: 1, capacity: 0 }] }],
  ])('refuses %s with code 2', async (_, input) => {
    const visits = await roundVisits(everyone);
    const body =
      input === 'twice'
        ? {
            rounds: [
              { id: everyone, capacity: null },
              { id: everyone, capacity: null },
            ],
          }
        : input === 'pin-outside'
          ? {
              rounds: [{ id: everyone, capacity: null }],
              pins: [{ visit_id: visits[0]?.id, round_id: west }],
            }
          : input;
    const result = await startPlan(body);
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
  });

  it('refuses a bad date and a bad job id with code 2', async () => {
    const badDate = await t.call('POST', '/api/day_plans/2026-02-30/jobs', {
      token,
      body: { rounds: [{ id: everyone, capacity: null }] },
    });
    expect(badDate.body.meta.error_code).toBe(2);
    expect((await t.call('GET', '/api/day_plans/jobs/not-a-job', { token })).body.meta.error_code).toBe(2);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['POST', `/api/day_plans/${date}/jobs`],
      ['GET', '/api/day_plans/jobs/00000000-0000-4000-8000-000000000001'],
      ['DELETE', '/api/day_plans/jobs/00000000-0000-4000-8000-000000000001'],
      ['GET', `/api/day_plans/${date}`],
      ['PUT', `/api/day_plans/${date}`],
      ['DELETE', `/api/day_plans/${date}`],
    ] as const) {
      expect((await t.call(method, url, { body: {} })).status, `${method} ${url}`).toBe(401);
    }
  });
});

describe("another account's records", () => {
  let otherToken = '';
  let otherRound = 0;
  beforeAll(async () => {
    const { account, admin } = await t.createAccount('Other Planner');
    otherToken = await t.login(admin.username);
    const saved = await t.call<Account>('PUT', `/api/accounts/${account.id}`, {
      token: otherToken,
      body: {
        rounds: [
          {
            name: 'Theirs',
            address: '1 King St, Newtown NSW',
            pickup_time: '09:00',
            timezone: 'Australia/Sydney',
          },
        ],
      },
    });
    otherRound = saved.body.data.rounds[0]?.id ?? 0;
  });

  it("answers 404 for another account's round, visit and job", async () => {
    const [visit] = await roundVisits(everyone);
    expect((await startPlan({ rounds: [{ id: everyone, capacity: null }] }, otherToken)).status).toBe(404);
    const pinned = await startPlan(
      { rounds: [{ id: otherRound, capacity: null }], pins: [{ visit_id: visit?.id, round_id: otherRound }] },
      otherToken,
    );
    expect(pinned.status).toBe(404);
    const job = (await startPlan({ rounds: [{ id: everyone, capacity: null }] })).body.data;
    expect((await t.call('GET', `/api/day_plans/jobs/${job.id}`, { token: otherToken })).status).toBe(404);
    expect((await t.call('DELETE', `/api/day_plans/jobs/${job.id}`, { token: otherToken })).status).toBe(404);
    await waitForJob(job.id);
    const apply = await t.call('PUT', `/api/day_plans/${date}`, {
      token: otherToken,
      body: { routes: [{ round_id: everyone, visit_ids: [] }] },
    });
    expect(apply.status).toBe(404);
    const visitApply = await t.call('PUT', `/api/day_plans/${date}`, {
      token: otherToken,
      body: { routes: [{ round_id: otherRound, visit_ids: [visit?.id] }] },
    });
    expect(visitApply.status).toBe(404);
    expect(
      (await t.call<DayAssignment>('GET', `/api/day_plans/${date}`, { token: otherToken })).body.data,
    ).toBeNull();
  });
});
