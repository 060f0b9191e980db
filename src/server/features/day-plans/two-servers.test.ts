import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayPlanJob } from '../../../contracts/day-plans';
import { dayPlanJobs } from '../../db/schema/day-plans';
import { createDayPlanApp, planClock, planDate } from './day-plan-fixture';
import { createHeldSolver, createManualHeartbeat } from './job-test-doubles';
import { dayPlanJobStaleMs, interruptedPlanMessage } from './jobs';

/**
 * Two app servers on one database, as behind a load balancer without sticky sessions: a plan started on one is
 * read, answered and cancelled on the other, and an account has one running plan across both. Each server's
 * heartbeat beats when the test says; the searches wait in the held solver until released or stopped.
 */
let clock = planClock;
const solver = createHeldSolver();
const beatA = createManualHeartbeat();
const beatB = createManualHeartbeat();
let f: Awaited<ReturnType<typeof createDayPlanApp>>;
let b: Awaited<ReturnType<Awaited<ReturnType<typeof createDayPlanApp>>['t']['createPeer']>>;

beforeAll(async () => {
  // DATABASE_URL marks them as the PostgreSQL setup (no in-process caches); they use the test database given.
  f = await createDayPlanApp(
    { DATABASE_URL: 'postgres://app@db.internal/mealrounds' },
    { now: () => clock, dayPlanHeartbeat: beatA.heartbeat, routing: { solveDay: solver.solve } },
  );
  b = await f.t.createPeer({ dayPlanHeartbeat: beatB.heartbeat });
});
afterAll(async () => {
  await b.server.close();
  await f.t.close();
  await f.simulator.close();
});

const body = () => ({ rounds: [{ id: f.everyone, capacity: null }] });
const startOnA = async () =>
  (await f.t.call<DayPlanJob>('POST', `/api/day_plans/${planDate}/jobs`, { token: f.token, body: body() }))
    .body.data;
const startOnB = async () =>
  (await b.call<DayPlanJob>('POST', `/api/day_plans/${planDate}/jobs`, { token: f.token, body: body() })).body
    .data;
const readOnA = async (id: string) =>
  (await f.t.call<DayPlanJob>('GET', `/api/day_plans/jobs/${id}`, { token: f.token })).body.data;
const readOnB = async (id: string) =>
  (await b.call<DayPlanJob>('GET', `/api/day_plans/jobs/${id}`, { token: f.token })).body.data;

async function runningJobIds(): Promise<string[]> {
  const rows = await f.t.db
    .select({ id: dayPlanJobs.id })
    .from(dayPlanJobs)
    .where(and(eq(dayPlanJobs.accountId, f.account.id), eq(dayPlanJobs.status, 'running')));
  return rows.map((row) => row.id);
}

describe('day plans on two app servers', () => {
  it('a plan started on A is read on B: its progress as A writes it, then its plan', async () => {
    const started = await startOnA();
    const search = await solver.nextSearch();
    expect(await readOnB(started.id)).toMatchObject({ status: 'running', progress: 0, plan: null });
    search.options.onProgress?.({ fraction: 0.4, bestCost: 100, unassigned: 0 });
    await beatA.tick();
    expect((await readOnB(started.id)).progress).toBe(0.4);
    search.release();
    await f.t.dayPlans.whenIdle();
    const done = await readOnB(started.id);
    expect(done).toMatchObject({ status: 'done', progress: 1, message: null });
    expect(done.plan?.routes.find((route) => route.round_id === f.everyone)?.stops.length).toBeGreaterThan(0);
    expect(await readOnA(started.id)).toEqual(done);
  });

  it("cancelling on B stops A's search at its next beat, and the job keeps the best plan found", async () => {
    const started = await startOnA();
    const search = await solver.nextSearch();
    const cancelled = await b.call<DayPlanJob>('DELETE', `/api/day_plans/jobs/${started.id}`, {
      token: f.token,
    });
    expect(cancelled.body.meta.message).toBe('Planning cancelled.');
    expect(cancelled.body.data).toMatchObject({ id: started.id, status: 'cancelled', plan: null });
    expect((await readOnA(started.id)).status).toBe('cancelled');
    expect(search.options.signal?.aborted).toBe(false);
    await beatA.tick();
    await search.aborted;
    await f.t.dayPlans.whenIdle();
    const after = await readOnB(started.id);
    expect(after.status).toBe('cancelled');
    expect(after.plan?.date).toBe(planDate);
  });

  it("a start on B cancels the account's plan running on A: one running plan per account", async () => {
    const onA = await startOnA();
    const searchA = await solver.nextSearch();
    const onB = await startOnB();
    expect(onB).toMatchObject({ status: 'running', progress: 0 });
    expect((await readOnA(onA.id)).status).toBe('cancelled');
    expect(await runningJobIds()).toEqual([onB.id]);
    await beatA.tick();
    await searchA.aborted;
    const searchB = await solver.nextSearch();
    searchB.release();
    await b.dayPlans.whenIdle();
    expect((await readOnA(onB.id)).status).toBe('done');
    await f.t.dayPlans.whenIdle();
    expect((await readOnB(onA.id)).status).toBe('cancelled');
  });

  it('starts on both at once leave one running plan', async () => {
    const jobs = await Promise.all([startOnA(), startOnB()]);
    expect(jobs.map((job) => job.status)).toEqual(['running', 'running']);
    const running = await runningJobIds();
    expect(running).toHaveLength(1);
    const winner = running[0] ?? '';
    expect(jobs.map((job) => job.id)).toContain(winner);
    await b.call('DELETE', `/api/day_plans/jobs/${winner}`, { token: f.token });
    // Each search, or the travel before it, stops at its server's next beat.
    await Promise.all([beatA.tick(), beatB.tick()]);
    await Promise.all([f.t.dayPlans.whenIdle(), b.dayPlans.whenIdle()]);
    expect(await runningJobIds()).toEqual([]);
  });

  it('a plan whose server stopped beating reads as failed after the stale time, and the account plans again', async () => {
    const started = await startOnA();
    const search = await solver.nextSearch();
    clock = new Date(clock.getTime() + dayPlanJobStaleMs);
    expect((await readOnB(started.id)).status).toBe('running');
    clock = new Date(clock.getTime() + 1);
    const failed = await readOnB(started.id);
    expect(failed).toMatchObject({ status: 'failed', plan: null, message: interruptedPlanMessage });
    // A was only slow: its next beat stops its search, and its plan does not overwrite the failure.
    await beatA.tick();
    await search.aborted;
    await f.t.dayPlans.whenIdle();
    expect(await readOnA(started.id)).toEqual(failed);
    const next = await startOnB();
    expect(next.status).toBe('running');
    (await solver.nextSearch()).release();
    await b.dayPlans.whenIdle();
    expect((await readOnA(next.id)).status).toBe('done');
  });

  it("answers 404 for another account's job on either server", async () => {
    const started = await startOnA();
    const search = await solver.nextSearch();
    const { admin } = await f.t.createAccount('Other Planner');
    const otherToken = await f.t.login(admin.username);
    for (const server of [f.t, b]) {
      expect(
        (await server.call('GET', `/api/day_plans/jobs/${started.id}`, { token: otherToken })).status,
      ).toBe(404);
      expect(
        (await server.call('DELETE', `/api/day_plans/jobs/${started.id}`, { token: otherToken })).status,
      ).toBe(404);
    }
    expect((await readOnB(started.id)).status).toBe('running');
    search.release();
    await f.t.dayPlans.whenIdle();
    expect((await readOnB(started.id)).status).toBe('done');
  });
});
