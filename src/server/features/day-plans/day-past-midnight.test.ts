import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { DayAssignment, DayPlan, DayPlanJob } from '../../../contracts/day-plans';
import { describePastMidnight } from '../../../domain/round-schedule';
import { sourceWrites } from '../../db/schema/source-writes';
import { createDayPlanApp, planDate as date } from './day-plan-fixture';

/**
 * A round that cannot fit the day: Everyone leaves its base at 23:00 and every leg costs an hour of contingency, so
 * each of its visits would end after 23:58. The plan says so per round, and Apply refuses it before anything is
 * written or published.
 */
let f: Awaited<ReturnType<typeof createDayPlanApp>>;

beforeAll(async () => {
  f = await createDayPlanApp();
  const account = (await f.t.call<Account>('GET', `/api/accounts/${f.account.id}`, { token: f.token })).body
    .data;
  const saved = await f.t.call<Account>('PUT', `/api/accounts/${f.account.id}`, {
    token: f.token,
    body: {
      travel_contingency_mins: 60,
      rounds: account.rounds.map(({ id, name, address, pickup_time, timezone }) => ({
        id,
        name,
        address,
        pickup_time: id === f.everyone ? '23:00' : pickup_time,
        timezone,
      })),
    },
  });
  expect(saved.body.meta.error_code).toBe(0);
});
afterAll(async () => {
  await f.t.close();
  await f.simulator.close();
});

async function planBoth(): Promise<DayPlan> {
  const started = await f.t.call<DayPlanJob>('POST', `/api/day_plans/${date}/jobs`, {
    token: f.token,
    body: {
      rounds: [
        { id: f.everyone, capacity: null },
        { id: f.west, capacity: null },
      ],
    },
  });
  for (;;) {
    const { body } = await f.t.call<DayPlanJob>('GET', `/api/day_plans/jobs/${started.body.data.id}`, {
      token: f.token,
    });
    if (body.data.status !== 'running') {
      if (!body.data.plan) throw new Error(`no plan: ${String(body.data.message)}`);
      return body.data.plan;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const outboxRows = async () =>
  (await f.t.db.select().from(sourceWrites).where(eq(sourceWrites.accountId, f.account.id))).length;

describe('a day plan that runs past midnight', () => {
  it('says so, in words, for the round that does not fit', async () => {
    const plan = await planBoth();
    const everyoneRoute = plan.routes.find((route) => route.round_id === f.everyone);
    const everyoneNames = everyoneRoute?.stops.map((stop) => stop.client.name) ?? [];
    expect(everyoneNames.length).toBeGreaterThan(1);
    expect(everyoneRoute?.past_midnight).toBe(describePastMidnight(everyoneNames));
    expect(plan.routes.find((route) => route.round_id === f.west)?.past_midnight).toBeNull();
  });

  it('is refused on Apply with the same words, writing and publishing nothing', async () => {
    const before = {
      everyone: await f.roundVisits(f.everyone),
      west: await f.roundVisits(f.west),
      outbox: await outboxRows(),
    };
    const applied = await f.t.call<DayAssignment>('PUT', `/api/day_plans/${date}`, {
      token: f.token,
      body: {
        routes: [
          { round_id: f.everyone, visit_ids: before.everyone.map((visit) => visit.id) },
          { round_id: f.west, visit_ids: before.west.map((visit) => visit.id) },
        ],
      },
    });
    const refusal = describePastMidnight(before.everyone.map((visit) => visit.client.name));
    expect(applied.status).toBe(400);
    expect(applied.body.meta).toMatchObject({ error_code: 2, message: `Everyone: ${String(refusal)}` });
    expect(
      (await f.t.call<DayAssignment>('GET', `/api/day_plans/${date}`, { token: f.token })).body.data,
    ).toBeNull();
    expect({
      everyone: await f.roundVisits(f.everyone),
      west: await f.roundVisits(f.west),
      outbox: await outboxRows(),
    }).toEqual(before);
  });
});
