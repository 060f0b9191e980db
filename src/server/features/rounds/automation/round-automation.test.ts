import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../../contracts/accounts';
import { ErrorCode } from '../../../../contracts/envelope';
import type { OptimisedVisit } from '../../../../contracts/optimise';
import type { RoundAutomationPreview, RoundAutomationRun } from '../../../../contracts/round-automation';
import type { Visit } from '../../../../contracts/visits';
import { createAdvisoryLocks } from '../../../db/advisory-lock';
import { clients } from '../../../db/schema/clients';
import { roundAutomationRuns } from '../../../db/schema/round-automation';
import { ApiError } from '../../../http/errors';
import { createAlayaCareSourceSystem } from '../../../integrations/alayacare/adapter';
import type { RunningSimulator } from '../../../integrations/alayacare/simulator/start-simulator';
import { solveTour } from '../../../routing/solve-tour';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../testing/test-app';
import { createAccountWithSimulator } from '../../../testing/test-source';
import { roundAutomationLockClass } from './repository';

// The simulator's "today" is Wednesday 18 November 2026 and so is the app's: the run covers the 19th and 20th.
const now = new Date('2026-11-17T22:00:00Z');
const base = '12 Parramatta Road, Annandale NSW 2038';
let failingDate = '';
/** While set, the CRM's visit list waits for it: a run is held part way. */
let heldSource: Promise<void> | null = null;
/** The CRM's visit lists asked so far. */
let visitListCalls = 0;

let t: TestApp;
let simulator: RunningSimulator;
let adminToken = '';
let userToken = '';
let roundId = 0;
let ownAccountId = 0;

beforeAll(async () => {
  // A CRM whose visit list fails for `failingDate` and waits while `heldCrm` is set.
  const options: TestAppOptions = {
    now: () => now,
    // The kick limit, never the clock, ends each search, so a busy machine still gets the same orders.
    routing: {
      solve: (problem, solveOptions) => solveTour(problem, { ...solveOptions, timeBudgetMs: 600_000 }),
    },
    createSourceSystem: (connection) => {
      const source = createAlayaCareSourceSystem(connection, { retryDelayMs: 1 });
      return {
        ...source,
        listVisits: async (query) => {
          visitListCalls += 1;
          await heldSource;
          if (query.fromDate === failingDate)
            throw new ApiError(ErrorCode.sourceSystem, 'The CRM did not answer.');
          return source.listVisits(query);
        },
      };
    },
  };
  t = await createTestApp({}, options);
  const setup = await createAccountWithSimulator(t, { clients: 30 });
  simulator = setup.simulator;
  adminToken = setup.adminToken;
  userToken = await t.login(setup.user.username);
  const updated = await t.call<Account>('PUT', `/api/accounts/${setup.account.id}`, {
    token: adminToken,
    body: {
      rounds: [{ name: 'Everyone', address: base, pickup_time: '09:30', timezone: 'Australia/Sydney' }],
      route_automation: { enabled: '1', days_in_advance: 2, optimise_by: 'optimal' },
    },
  });
  roundId = updated.body.data.rounds[0]?.id ?? 0;
  ownAccountId = setup.account.id;
  await t.call('GET', '/api/clients?sync=true', { token: adminToken });
  await t.db.update(clients).set({ roundId }).where(eq(clients.accountId, setup.account.id));
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const runNow = (token = adminToken) =>
  t.call<RoundAutomationRun>('POST', '/api/route_automation/run', { token, body: {} });
const previewRun = (token = adminToken, body: unknown = {}) =>
  t.call<RoundAutomationPreview>('POST', '/api/route_automation/preview', { token, body });
const listRuns = (token = adminToken) =>
  t.call<RoundAutomationRun[]>('GET', '/api/route_automation/runs', { token });
/** 'Run now', answered with the run still going, then the run as the list shows it once it has finished. */
async function runToEnd(): Promise<RoundAutomationRun | undefined> {
  const started = await runNow();
  expect(started.body.meta.error_code).toBe(0);
  expect(started.body.data).toMatchObject({ trigger: 'manual', status: 'running', finished_at: null });
  await t.roundAutomation.whenIdle();
  return (await listRuns()).body.data.find((run) => run.id === started.body.data.id);
}
const writesSeen = () => simulator.faults.requests.filter((request) => request.method !== 'GET').length;
const getVisits = (date: string) =>
  t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/${date}`, { token: adminToken });

describe('round automation', () => {
  it('is for admins only', async () => {
    expect(await runNow(userToken)).toMatchObject({ status: 403, body: { meta: { error_code: 4 } } });
    expect((await listRuns(userToken)).status).toBe(403);
    expect((await t.call('GET', '/api/route_automation/runs')).status).toBe(401);
    expect(
      (await t.call('POST', '/api/route_automation/run', { token: adminToken, body: { x: 1 } })).status,
    ).toBe(400);
    expect(await previewRun(userToken)).toMatchObject({ status: 403, body: { meta: { error_code: 4 } } });
    expect((await t.call('POST', '/api/route_automation/preview', { body: {} })).status).toBe(401);
    expect(await previewRun(adminToken, { days: 3 })).toMatchObject({
      status: 400,
      body: { meta: { error_code: 2 } },
    });
  });

  it('leaves the routes settings to admins (PUT accounts, code 4 for a normal user)', async () => {
    for (const body of [
      { route_automation: { enabled: '0', days_in_advance: 14, optimise_by: 'optimal' } },
      { optimisation_preference_tm: 10 },
      { travel_contingency_mins: 9 },
    ]) {
      const refused = await t.call('PUT', `/api/accounts/${ownAccountId}`, { token: userToken, body });
      expect(refused).toMatchObject({ status: 403, body: { meta: { error_code: 4 } } });
    }
  });

  it('orders every future day of every round and publishes only the visits whose times changed', async () => {
    const before = await getVisits('2026-11-19');
    const writesBefore = writesSeen();
    // The preview (Run now's confirmation) plans the same days the same way and publishes nothing.
    const preview = (await previewRun()).body.data;
    expect(preview).toMatchObject({
      enabled: true,
      days_in_advance: 2,
      optimise_by: 'optimal',
      from: '2026-11-19',
      to: '2026-11-20',
      rounds: 1,
      days: 2,
      errors: [],
    });
    expect(preview.visits_changed).toBeGreaterThan(0);
    expect(preview.changed_days.map((day) => [day.round_id, day.round_name, day.date])).toEqual([
      [roundId, 'Everyone', '2026-11-19'],
      [roundId, 'Everyone', '2026-11-20'],
    ]);
    expect(preview.changed_days.reduce((sum, day) => sum + day.visits_changed, 0)).toBe(
      preview.visits_changed,
    );
    expect(writesSeen()).toBe(writesBefore);
    expect((await getVisits('2026-11-19')).body.data).toEqual(before.body.data);

    const run = await runToEnd();
    expect(run).toMatchObject({ trigger: 'manual', status: 'succeeded', rounds: 1, days: 2, errors: [] });
    expect(run?.finished_at).not.toBeNull();
    expect(run?.visits_changed).toBe(preview.visits_changed);
    // One CRM write per changed visit, none for the others.
    expect(writesSeen() - writesBefore).toBe(run?.visits_changed);
    const open = before.body.data.filter((visit) => visit.status === 'scheduled');
    const after = (await getVisits('2026-11-19')).body.data;
    const changedOn19th = after.filter((visit) => {
      const was = before.body.data.find((candidate) => candidate.id === visit.id);
      return was && (was.start !== visit.start || was.end !== visit.end);
    });
    expect(changedOn19th.length).toBeLessThanOrEqual(open.length);
    // The CRM holds the optimised times: optimising the published day again changes nothing.
    const again = await t.call<OptimisedVisit[]>('POST', '/api/maps/optimise', {
      token: adminToken,
      body: { base_address: base, pickup_time: '09:30', events: after },
    });
    const timesOf = (visits: Visit[]) =>
      Object.fromEntries(visits.map((visit) => [visit.id, `${visit.start}-${visit.end}`]));
    expect(timesOf(again.body.data)).toEqual(timesOf(after));
    const first = changedOn19th[0];
    const startsInSource = simulator.state
      .findVisits({
        fromMs: Date.parse('2026-11-18T13:00:00Z'),
        toMs: Date.parse('2026-11-19T13:00:00Z'),
        clientIds: [Number(first?.client.key)],
        externalClientIds: null,
        tags: null,
        statuses: null,
      })
      .map((visit) => visit.startMs);
    expect(startsInSource).toContain(Date.parse(`2026-11-19T${first?.start ?? ''}:00+11:00`));

    // Nothing changed since: the preview says so, and a second run writes nothing.
    expect((await previewRun()).body.data).toMatchObject({ visits_changed: 0, changed_days: [] });
    const writesAfterFirst = writesSeen();
    expect(await runToEnd()).toMatchObject({ status: 'succeeded', visits_changed: 0 });
    expect(writesSeen()).toBe(writesAfterFirst);
  });

  it('answers 409 to a run while another is going', async () => {
    const [one, two] = await Promise.all([runNow(), runNow()]);
    const statuses = [one.status, two.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = one.status === 409 ? one : two;
    expect(refused.body.meta).toMatchObject({
      error_code: 6,
      message: 'A route automation run is already in progress.',
    });
    await t.roundAutomation.whenIdle();
  });

  it('answers Run now at once and finishes the run in the background, refusing another until it has', async () => {
    let releaseSource = () => {};
    heldSource = new Promise((resolve) => (releaseSource = resolve));
    try {
      const started = await runNow();
      expect(started.body.data).toMatchObject({ status: 'running', finished_at: null });
      expect((await listRuns()).body.data[0]).toMatchObject({ id: started.body.data.id, status: 'running' });
      expect((await runNow()).status).toBe(409);
      heldSource = null;
      releaseSource();
      await t.roundAutomation.whenIdle();
      expect((await listRuns()).body.data[0]).toMatchObject({
        id: started.body.data.id,
        status: 'succeeded',
      });
    } finally {
      heldSource = null;
      releaseSource();
    }
  });

  it('records a day whose CRM call fails and goes on with the others', async () => {
    // A visit on the 20th moved by hand: the run must still reach that day and put it back in the round.
    const moved = (await getVisits('2026-11-20')).body.data.find((visit) => visit.status === 'scheduled');
    const published = await t.call('PUT', '/api/visits', {
      token: adminToken,
      body: [
        {
          id: moved?.id,
          date: '2026-11-20',
          start: '15:01',
          end: '15:02',
          timezone: 'Australia/Sydney',
          service_id: moved?.service.id,
        },
      ],
    });
    expect(published.body.meta.error_code).toBe(0);
    failingDate = '2026-11-19';
    try {
      const preview = (await previewRun()).body.data;
      expect(preview.errors).toEqual([
        'Everyone 2026-11-19: The CRM did not answer. The visits shown are the ones stored.',
      ]);
      expect(preview.changed_days.map((day) => day.date)).toEqual(['2026-11-20']);
      const run = await runToEnd();
      expect(run).toMatchObject({ status: 'partly_failed', days: 2 });
      expect(run?.errors).toEqual([
        'Everyone 2026-11-19: The CRM did not answer. The visits shown are the ones stored.',
      ]);
      expect(run?.visits_changed).toBeGreaterThanOrEqual(1);
    } finally {
      failingDate = '';
    }
    const after = (await getVisits('2026-11-20')).body.data.find((visit) => visit.id === moved?.id);
    expect(after?.start).not.toBe('15:01');
  });

  it('refuses a plan that runs past midnight in words, publishes nothing of it and records the run as failed', async () => {
    const setRound = (pickupTime: string) =>
      t.call<Account>('PUT', `/api/accounts/${ownAccountId}`, {
        token: adminToken,
        body: {
          rounds: [
            {
              id: roundId,
              name: 'Everyone',
              address: base,
              pickup_time: pickupTime,
              timezone: 'Australia/Sydney',
            },
          ],
        },
      });
    expect((await setRound('23:30')).body.data.rounds[0]?.id).toBe(roundId);
    const before = (await getVisits('2026-11-19')).body.data;
    const writesBefore = writesSeen();
    const pastMidnight =
      /^Everyone 2026-11-(19|20): This plan runs past midnight: \d+ visits, from .+'s on, would end after 23:58\. Shorten the travel contingency or move stops to another round\.$/;
    try {
      const preview = (await previewRun()).body.data;
      expect(preview.changed_days).toEqual([]);
      expect(preview.errors).toHaveLength(2);
      for (const error of preview.errors) expect(error).toMatch(pastMidnight);
      const run = await runToEnd();
      expect(run).toMatchObject({ status: 'failed', days: 2, visits_changed: 0 });
      expect(run?.errors.map((error) => error.slice(0, 19))).toEqual([
        'Everyone 2026-11-19',
        'Everyone 2026-11-20',
      ]);
      for (const error of run?.errors ?? []) expect(error).toMatch(pastMidnight);
      expect(writesSeen()).toBe(writesBefore);
      expect((await getVisits('2026-11-19')).body.data).toEqual(before);
      // The screen's Optimise says the same, and changes nothing.
      const optimised = await t.call('POST', '/api/maps/optimise', {
        token: userToken,
        body: { base_address: base, pickup_time: '23:30', events: before },
      });
      expect(optimised).toMatchObject({ status: 400, body: { meta: { error_code: 2 } } });
      expect(`Everyone 2026-11-19: ${optimised.body.meta.message ?? ''}`).toMatch(pastMidnight);
    } finally {
      await setRound('09:30');
    }
  });

  it('says in the preview when the daily run is off, and still covers the days Run now would', async () => {
    const off = { enabled: '0', days_in_advance: 1, optimise_by: 'preferred' };
    await t.call('PUT', `/api/accounts/${ownAccountId}`, {
      token: adminToken,
      body: { route_automation: off },
    });
    try {
      expect((await previewRun()).body.data).toMatchObject({
        enabled: false,
        days_in_advance: 1,
        optimise_by: 'preferred',
        from: '2026-11-19',
        to: '2026-11-19',
        rounds: 1,
        days: 1,
      });
    } finally {
      const on = { enabled: '1', days_in_advance: 2, optimise_by: 'optimal' };
      await t.call('PUT', `/api/accounts/${ownAccountId}`, {
        token: adminToken,
        body: { route_automation: on },
      });
    }
  });

  it('lists the last runs, newest first', async () => {
    const result = await listRuns();
    expect(result.body.meta).toMatchObject({ error_code: 0 });
    const runs = result.body.data;
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs[0]?.errors).toHaveLength(2);
    expect(runs.map((run) => run.id)).toEqual([...runs.map((run) => run.id)].sort((a, b) => b - a));
    expect(runs.every((run) => run.status !== 'running' && run.trigger === 'manual')).toBe(true);
  });

  it('is not held up by a run left running by a server that died: that run is marked interrupted', async () => {
    const [left] = await t.db
      .insert(roundAutomationRuns)
      .values({ accountId: ownAccountId, trigger: 'manual', startedAt: now, heartbeatAt: now })
      .returning();
    expect(await runToEnd()).toMatchObject({ status: 'succeeded' });
    expect((await listRuns()).body.data.find((run) => run.id === left?.id)).toMatchObject({
      status: 'failed',
      errors: ['The run was interrupted (the server stopped).'],
    });
  });

  it('answers 409 while another server holds the account, and runs once it lets go', async () => {
    const otherServer = await createAdvisoryLocks(t.db).tryLock(roundAutomationLockClass, ownAccountId);
    expect(otherServer).not.toBeNull();
    expect(await runNow()).toMatchObject({ status: 409, body: { meta: { error_code: 6 } } });
    await otherServer?.release();
    expect(await runToEnd()).toMatchObject({ status: 'succeeded' });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'frees Run now the moment the server holding the run dies (PostgreSQL closes its connection)',
    async () => {
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      const dying = new pg.Client(pool.options);
      dying.on('error', () => undefined);
      await dying.connect();
      const { rows } = await dying.query<{ pid: number }>(
        'select pg_backend_pid() as pid, pg_advisory_lock($1::int, $2::int)',
        [roundAutomationLockClass, ownAccountId],
      );
      expect((await runNow()).status).toBe(409);
      // The process is killed: its backend goes (waiting for it to be gone), and its session locks with it.
      await t.db.execute(sql`select pg_terminate_backend(${rows[0]?.pid ?? 0}::int, 10000)`);
      expect(await runToEnd()).toMatchObject({ status: 'succeeded' });
    },
  );

  it('fetches a day from the CRM once for all the rounds, and plans each round on its own visits', async () => {
    const updated = await t.call<Account>('PUT', `/api/accounts/${ownAccountId}`, {
      token: adminToken,
      body: {
        rounds: [
          {
            id: roundId,
            name: 'Everyone',
            address: base,
            pickup_time: '09:30',
            timezone: 'Australia/Sydney',
          },
          { name: 'Late', address: base, pickup_time: '13:00', timezone: 'Australia/Sydney' },
        ],
      },
    });
    const lateId = updated.body.data.rounds.find((round) => round.name === 'Late')?.id ?? 0;
    const own = await t.db.select().from(clients).where(eq(clients.accountId, ownAccountId));
    const lateKeys = new Set(own.filter((_, index) => index % 2 === 1).map((client) => client.sourceId));
    await t.db
      .update(clients)
      .set({ roundId: lateId })
      .where(sql`${clients.accountId} = ${ownAccountId} and ${clients.sourceId} in ${[...lateKeys]}`);

    const callsBefore = visitListCalls;
    const run = await runToEnd();
    expect(run).toMatchObject({ status: 'succeeded', rounds: 2, days: 4, errors: [] });
    // Two days, two rounds: one CRM call per day, not one per round and day.
    expect(visitListCalls - callsBefore).toBe(2);
    const lateDay = (
      await t.call<Visit[]>('GET', `/api/rounds/${lateId}/visits/2026-11-19`, { token: adminToken })
    ).body.data;
    const everyoneDay = (await getVisits('2026-11-19')).body.data;
    expect(lateDay.length).toBeGreaterThan(1);
    expect(lateDay.every((visit) => lateKeys.has(visit.client.key))).toBe(true);
    expect(everyoneDay.some((visit) => lateKeys.has(visit.client.key))).toBe(false);
    // Each round timed from its own pickup: the late round's open visits all start after 13:00.
    const lateOpen = lateDay.filter((visit) => visit.status === 'scheduled');
    expect(lateOpen.length).toBeGreaterThan(1);
    expect(lateOpen.every((visit) => visit.start > '13:00')).toBe(true);
    expect(
      everyoneDay.filter((visit) => visit.status === 'scheduled').some((visit) => visit.start < '13:00'),
    ).toBe(true);
  });
});
