import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit, VisitOutcome } from '../../../contracts/visits';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createRoundAccountWithSimulator } from '../../testing/test-source';

// The simulator's "today" is Wednesday 18 November 2026: the 17th is past, the 19th is future.
let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let roundId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const setup = await createRoundAccountWithSimulator(t, { clients: 30 });
  simulator = setup.simulator;
  token = setup.adminToken;
  roundId = setup.roundId;
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const getVisits = (date: string) =>
  t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/${date}?refresh=true`, { token });
const simVisitsOf = (visit: Visit) =>
  simulator.state.findVisits({
    fromMs: Date.parse('2026-11-01T00:00:00Z'),
    toMs: Date.parse('2026-12-01T00:00:00Z'),
    clientIds: [Number(visit.client.key)],
    externalClientIds: null,
    tags: null,
    statuses: null,
  });

describe('round visits', () => {
  it("fetches the round's visits of a day from the CRM, with their times in the round's timezone", async () => {
    const result = await getVisits('2026-11-19');
    expect(result.body.meta).toMatchObject({ error_code: 0, message: '' });
    expect(result.body.data.length).toBeGreaterThan(3);
    const visit = result.body.data[0]!;
    expect(visit).toMatchObject({ date: '2026-11-19', status: 'scheduled', timezone: 'Australia/Sydney' });
    expect(visit.start).toMatch(/^1[0-3]:\d\d$/);
    expect(visit.duration).toBeGreaterThanOrEqual(5);
  });

  it('publishes changed times to the CRM and keeps them as the new originals', async () => {
    const [first] = (await getVisits('2026-11-19')).body.data;
    const result = await t.call<VisitOutcome[]>('PUT', '/api/visits', {
      token,
      body: [
        {
          id: first!.id,
          date: '2026-11-19',
          start: '13:05',
          end: '13:35',
          timezone: 'Australia/Sydney',
          service_id: '101',
        },
      ],
    });
    expect(result.body).toMatchObject({
      meta: { error_code: 0, message: '' },
      data: [{ id: first!.id, is_done: true, status: 'done' }],
    });
    const starts = simVisitsOf(first!).map((visit) => new Date(visit.startMs).toISOString());
    expect(starts).toContain('2026-11-19T02:05:00.000Z');
    const again = (await getVisits('2026-11-19')).body.data.find((visit) => visit.id === first!.id);
    expect(again).toMatchObject({ start: '13:05', end: '13:35' });
  });

  it('stores what the CRM changed since the last sync and rewrites no unchanged visit', async () => {
    const day = (await getVisits('2026-11-20')).body.data;
    const versions = async () => {
      const result = (await t.db.execute(
        sql`select id, xmin::text as version from visits where date = '2026-11-20'`,
      )) as unknown as { rows: { id: number; version: string }[] };
      return new Map(result.rows.map((row) => [row.id, row.version]));
    };
    const before = await versions();
    const moved = day[0]!;
    const cancelled = day[1]!;
    // The CRM's record of a stored visit of the 20th (Sydney, UTC+11), found by its start.
    const inSource = (visit: Visit) =>
      simVisitsOf(visit).find(
        (candidate) => candidate.startMs === Date.parse(`2026-11-20T${visit.start}:00+11:00`),
      )!;
    const movedInSource = inSource(moved);
    simulator.state.updateVisitTimes(
      movedInSource.id,
      movedInSource.startMs + 3_600_000,
      movedInSource.endMs + 3_600_000,
    );
    Object.assign(inSource(cancelled), {
      status: 'cancelled',
      cancelCode: { id: 3, code: 'CLNT_HOSPITAL', description: 'Client in hospital' },
    });

    const after = (await getVisits('2026-11-20')).body.data;
    expect(after.find((visit) => visit.id === moved.id)?.start).not.toBe(moved.start);
    expect(after.find((visit) => visit.id === cancelled.id)?.status).toBe('cancelled');
    const versionsAfter = await versions();
    const rewritten = [...versionsAfter]
      .filter(([id, version]) => before.get(id) !== version)
      .map(([id]) => id);
    expect(rewritten.sort()).toEqual([moved.id, cancelled.id].sort());
    // The CRM's reason is kept: the clients list and the client's week show it on the day.
    const reasons = (await t.db.execute(
      sql`select id, cancel_reason from visits where id in (${moved.id}, ${cancelled.id}) order by id`,
    )) as unknown as { rows: { id: number; cancel_reason: string }[] };
    expect(reasons.rows).toEqual(
      [
        { id: moved.id, cancel_reason: '' },
        { id: cancelled.id, cancel_reason: 'Client in hospital' },
      ].sort((a, b) => a.id - b.id),
    );
  });

  it('reports a visit the CRM refuses, and publishes the others', async () => {
    const past = (await getVisits('2026-11-17')).body.data.find((visit) => visit.status === 'completed')!;
    const future = (await getVisits('2026-11-19')).body.data[1]!;
    const result = await t.call<VisitOutcome[]>('PUT', '/api/visits', {
      token,
      body: [past, future].map((visit) => ({
        id: visit.id,
        date: visit.date,
        start: '12:00',
        end: '12:20',
        timezone: 'Australia/Sydney',
        service_id: visit.service.id,
      })),
    });
    expect(result.body.meta.error_code).toBe(0);
    expect(result.body.data).toEqual([
      { id: past.id, is_done: false, status: 'failed', message: expect.stringContaining(past.client.name) },
      { id: future.id, is_done: true, status: 'done', message: '' },
    ]);
    expect(result.body.meta.message).toMatch(/^1 of 2 visits were not published\. /);
    const stored = (await getVisits('2026-11-17')).body.data.find((visit) => visit.id === past.id);
    expect(stored?.start).toBe(past.start);
  });

  it('completes past visits and reports the ones the CRM refuses (207) as warnings', async () => {
    const past = (await getVisits('2026-11-18')).body.data.find((visit) => visit.status === 'scheduled');
    const future = (await getVisits('2026-11-19')).body.data[2]!;
    const ids = [past, future].flatMap((visit) => (visit ? [visit.id] : []));
    const result = await t.call<VisitOutcome[]>('POST', '/api/visits/complete', { token, body: ids });
    expect(result.body.meta.error_code).toBe(0);
    const refused = result.body.data.find((outcome) => outcome.id === future.id);
    expect(refused).toMatchObject({ is_done: false, message: expect.stringContaining(future.client.name) });
    expect(result.body.meta.message).toContain('were not completed');
    if (past) {
      expect(result.body.data.find((outcome) => outcome.id === past.id)).toMatchObject({ is_done: true });
      const after = (await getVisits('2026-11-18')).body.data.find((visit) => visit.id === past.id);
      expect(after?.status).toBe('completed');
    }
  });

  it('keeps the stored visits when the CRM is down and says why', async () => {
    simulator.faults.setFaults({ isDown: true });
    try {
      const result = await getVisits('2026-11-19');
      expect(result.body.meta.error_code).toBe(0);
      expect(result.body.data.length).toBeGreaterThan(3);
      expect(result.body.meta.message).toMatch(
        /^The CRM could not .+ The visits shown are the ones stored\.$/,
      );
      const [first] = result.body.data;
      const publish = await t.call('PUT', '/api/visits', {
        token,
        body: [
          {
            id: first!.id,
            date: '2026-11-19',
            start: '11:00',
            end: '11:20',
            timezone: 'Australia/Sydney',
            service_id: '101',
          },
        ],
      });
      // Nothing was published: the change is kept and waits for the CRM.
      expect(publish.body.meta.error_code).toBe(7);
      expect(publish.body.data).toEqual([
        {
          id: first!.id,
          is_done: false,
          status: 'pending',
          message: expect.stringMatching(/waiting for the CRM/),
        },
      ]);
    } finally {
      simulator.faults.resetFaults();
    }
  });

  it("validates, needs a login, and answers 404 for another account's round or visit", async () => {
    const bad = await t.call('PUT', '/api/visits', {
      token,
      body: [{ id: 1, date: '19-11-2026', start: '25:00', end: 'x' }],
    });
    expect(bad.body.meta.error_code).toBe(2);
    expect((await t.call('POST', '/api/visits/complete', { token, body: [] })).body.meta.error_code).toBe(2);
    expect((await t.call('GET', `/api/rounds/${roundId}/visits/2026-11-19`)).body.meta.error_code).toBe(3);
    const { user } = await t.createAccount('Elsewhere');
    const otherToken = await t.login(user.username);
    expect(
      (await t.call('GET', `/api/rounds/${roundId}/visits/2026-11-19`, { token: otherToken })).status,
    ).toBe(404);
    const [visit] = (await getVisits('2026-11-19')).body.data;
    const complete = await t.call('POST', '/api/visits/complete', { token: otherToken, body: [visit!.id] });
    expect(complete.body.meta.error_code).toBe(5);
    const publish = await t.call('PUT', '/api/visits', {
      token: otherToken,
      body: [
        {
          id: visit!.id,
          date: '2026-11-19',
          start: '11:00',
          end: '11:20',
          timezone: 'Australia/Sydney',
          service_id: '101',
        },
      ],
    });
    expect(publish.body.meta.error_code).toBe(5);
  });
});
