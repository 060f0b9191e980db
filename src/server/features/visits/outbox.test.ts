import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceWrite, SourceWriteOutcome } from '../../../contracts/source-writes';
import type { Visit, VisitOutcome } from '../../../contracts/visits';
import { createAlayaCareSourceSystem } from '../../integrations/alayacare/adapter';
import type { FaultSettings } from '../../integrations/alayacare/simulator/faults';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { buildSecondApp } from '../../testing/second-app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { CreateSourceSystem } from '../source/service';
import { createRoundAccountWithSimulator } from '../../testing/test-source';
import { createRoundVisitPicker, timeChange, type RoundVisitPicker } from '../../testing/round-visit-picker';
import { createOutboxRepository } from './outbox-repository';
import { outboxPolicy } from './outbox-sender';

// The simulator's "today" is Wednesday 18 November 2026: the 17th is past (its visits locked), the 19th future.
const clock = { ms: Date.parse('2026-11-18T03:00:00Z') };
const now = () => new Date(clock.ms);
/** Past every backoff: whatever waits is due again. */
const advancePastBackoff = () => {
  clock.ms += outboxPolicy.maxDelayMs + 60_000;
};
// A timeout short of the 2 s "slow" fault below (300 ms ran out in the setup's syncs on a busy machine); no read
// retries, so requests are countable.
const createSourceSystem: CreateSourceSystem = (connection) =>
  createAlayaCareSourceSystem(connection, { timeoutMs: 1_500, readRetries: 0, retryDelayMs: 1 });

let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let userToken = '';
let picker: RoundVisitPicker;

beforeAll(async () => {
  t = await createTestApp({}, { now, createSourceSystem });
  const setup = await createRoundAccountWithSimulator(t, { clients: 30 });
  simulator = setup.simulator;
  token = setup.adminToken;
  picker = createRoundVisitPicker(t, setup.roundId, token);
  userToken = await t.login(setup.user.username);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const getVisits = (date: string) => picker.getVisits(date);
const takeVisits = (count: number, date = '2026-11-19') => picker.takeVisits(count, date);
const publish = (body: unknown[]) => t.call<VisitOutcome[]>('PUT', '/api/visits', { token, body });
const sourceVisit = (visit: Visit) => simulator.state.getVisit(Number(visitSourceIdOf(visit)))!;
const visitSourceIds = new Map<number, string>();
const visitSourceIdOf = (visit: Visit) => visitSourceIds.get(visit.id)!;
async function rememberSourceIds() {
  const rows = await t.db.query.visits.findMany({ columns: { id: true, sourceId: true } });
  for (const row of rows) visitSourceIds.set(row.id, row.sourceId);
}
const sourceStart = (visit: Visit) => new Date(sourceVisit(visit).startMs).toISOString();
const putsTo = (visit: Visit) =>
  simulator.faults.requests.filter(
    (request) => request.method === 'PUT' && request.url.endsWith(`/visits/${visitSourceIdOf(visit)}`),
  ).length;
const openWrites = async () =>
  (await t.call<SourceWrite[]>('GET', '/api/source_writes', { token })).body.data;
const openWritesOf = async (visits: Visit[]) =>
  (await openWrites()).filter((write) => visits.some((visit) => visit.id === write.visit_id));
async function drainOutbox() {
  while ((await t.outboxSender.sendDue()) > 0);
}

describe('the CRM write outbox', () => {
  const faultCases: { name: string; faults: Partial<FaultSettings>; isAppliedAnyway: boolean }[] = [
    { name: 'down', faults: { isDown: true }, isAppliedAnyway: false },
    { name: 'slow past the timeout', faults: { latencyMs: 2_000 }, isAppliedAnyway: false },
    { name: 'answering 5xx', faults: { status5xx: 503 }, isAppliedAnyway: false },
    { name: 'answering broken JSON', faults: { malformed: 'json' }, isAppliedAnyway: true },
    { name: 'answering 200 with the wrong shape', faults: { malformed: 'shape' }, isAppliedAnyway: true },
  ];

  for (const { name, faults, isAppliedAnyway } of faultCases) {
    it(`keeps a time change while the CRM is ${name}, and it reaches the CRM once when the CRM is back`, async () => {
      const [visit] = await takeVisits(1);
      await rememberSourceIds();
      simulator.faults.setFaults(faults);
      let result;
      try {
        result = await publish([timeChange(visit!, '12:40', '13:00')]);
      } finally {
        simulator.faults.resetFaults();
      }
      expect(result.body.meta.error_code).toBe(7);
      expect(result.body.meta.message).toMatch(
        /^None of the 1 visits was published\. Waiting for the CRM \(.+\): .+\. They are kept and sent again automatically\.$/,
      );
      expect(result.body.data).toEqual([
        {
          id: visit!.id,
          is_done: false,
          status: 'pending',
          message: expect.stringMatching(/waiting for the CRM .*It is kept and sent again automatically\.$/),
        },
      ]);
      expect(sourceStart(visit!) === '2026-11-19T01:40:00.000Z').toBe(isAppliedAnyway);
      // The screen shows the change, and that it waits.
      expect((await getVisits('2026-11-19')).find((row) => row.id === visit!.id)?.start).toBe('12:40');
      expect((await openWrites()).map((write) => [write.visit_id, write.status])).toContainEqual([
        visit!.id,
        'pending',
      ]);

      simulator.faults.clearRequests();
      advancePastBackoff();
      await drainOutbox();
      expect(sourceStart(visit!)).toBe('2026-11-19T01:40:00.000Z');
      // An answer that was lost after the CRM applied it is read back, never sent again.
      expect(putsTo(visit!)).toBe(isAppliedAnyway ? 0 : 1);
      expect((await openWrites()).some((write) => write.visit_id === visit!.id)).toBe(false);
    });
  }

  it('sends every change once from a flaky CRM, done when confirmed and pending otherwise', async () => {
    const visits = await takeVisits(4);
    await rememberSourceIds();
    simulator.faults.clearRequests();
    simulator.faults.setFaults({ errorRate: 0.5 });
    let result;
    try {
      result = await publish(visits.map((visit, index) => timeChange(visit, `11:0${index}`, `11:2${index}`)));
    } finally {
      simulator.faults.resetFaults();
    }
    const statuses = result.body.data.map((outcome) => outcome.status);
    expect(statuses).toContain('pending');
    expect(statuses).toContain('done');
    expect(result.body.meta.error_code).toBe(0);
    for (const outcome of result.body.data) expect(outcome.is_done).toBe(outcome.status === 'done');
    advancePastBackoff();
    await drainOutbox();
    visits.forEach((visit, index) => expect(sourceStart(visit)).toBe(`2026-11-19T00:0${index}:00.000Z`));
    expect(await openWritesOf(visits)).toEqual([]);
  });

  it('completes visits while the CRM is down as pending, and done once it is back', async () => {
    const [visit] = (await getVisits('2026-11-18')).filter((row) => row.status === 'scheduled');
    await rememberSourceIds();
    simulator.faults.setFaults({ isDown: true });
    let result;
    try {
      result = await t.call<VisitOutcome[]>('POST', '/api/visits/complete', { token, body: [visit!.id] });
    } finally {
      simulator.faults.resetFaults();
    }
    expect(result.body.data).toEqual([
      {
        id: visit!.id,
        is_done: false,
        status: 'pending',
        message: expect.stringContaining('waiting for the CRM'),
      },
    ]);
    expect(sourceVisit(visit!).isLocked).toBe(false);
    advancePastBackoff();
    await drainOutbox();
    expect(sourceVisit(visit!).isLocked).toBe(true);
    expect((await getVisits('2026-11-18')).find((row) => row.id === visit!.id)?.status).toBe('completed');
  });

  it('keeps a waiting change when the visits are synced from the CRM meanwhile', async () => {
    const [visit] = await takeVisits(1);
    await rememberSourceIds();
    const before = sourceStart(visit!);
    simulator.faults.setFaults({ isDown: true });
    try {
      await publish([timeChange(visit!, '13:30', '13:50')]);
    } finally {
      simulator.faults.resetFaults();
    }
    // The sync reads the CRM's older times; the change still waits, so the visit shows it.
    expect((await getVisits('2026-11-19')).find((row) => row.id === visit!.id)?.start).toBe('13:30');
    expect(sourceStart(visit!)).toBe(before);
    advancePastBackoff();
    await drainOutbox();
    expect(sourceStart(visit!)).toBe('2026-11-19T02:30:00.000Z');
  });

  it('undoes a change the CRM refuses and lets the user retry or drop it', async () => {
    const [locked] = (await getVisits('2026-11-17')).filter((row) => row.status === 'completed');
    await rememberSourceIds();
    const result = await publish([timeChange(locked!, '12:00', '12:20')]);
    expect(result.status).toBe(207);
    expect(result.body.data).toEqual([
      {
        id: locked!.id,
        is_done: false,
        status: 'failed',
        message: expect.stringContaining(locked!.client.name),
      },
    ]);
    expect((await getVisits('2026-11-17')).find((row) => row.id === locked!.id)?.start).toBe(locked!.start);
    const [failed] = (await openWrites()).filter((write) => write.visit_id === locked!.id);
    expect(failed).toMatchObject({ kind: 'visit_times', status: 'failed', client_name: locked!.client.name });
    expect(failed!.message).toContain('locked');

    const retried = await t.call<SourceWriteOutcome>('POST', `/api/source_writes/${failed!.id}/retry`, {
      token: userToken,
      body: {},
    });
    expect(retried.body.data).toMatchObject({ id: failed!.id, status: 'failed' });
    const dropped = await t.call('DELETE', `/api/source_writes/${failed!.id}`, { token: userToken });
    expect(dropped.body.meta.error_code).toBe(0);
    expect((await openWrites()).some((write) => write.id === failed!.id)).toBe(false);
    expect((await getVisits('2026-11-17')).find((row) => row.id === locked!.id)?.start).toBe(locked!.start);
  });

  it('undoes a completion the CRM refuses, with its reason', async () => {
    const [future] = await takeVisits(1);
    const result = await t.call<VisitOutcome[]>('POST', '/api/visits/complete', {
      token,
      body: [future!.id],
    });
    expect(result.body.meta.error_code).toBe(7);
    expect(result.body.data[0]).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('future'),
    });
    expect((await getVisits('2026-11-19')).find((row) => row.id === future!.id)?.status).toBe('scheduled');
  });

  it('sends a write whose sender died once it is free again, reading it back first', async () => {
    const [reached, lost] = await takeVisits(2);
    await rememberSourceIds();
    simulator.faults.setFaults({ isDown: true });
    try {
      await publish([timeChange(reached!, '10:10', '10:30'), timeChange(lost!, '10:40', '11:00')]);
    } finally {
      simulator.faults.resetFaults();
    }
    advancePastBackoff();
    // A sender takes both, sends one (it reaches the CRM) and dies before recording anything.
    const claimed = await createOutboxRepository(t.db).claimDue(now(), outboxPolicy.leaseMs, 10);
    expect(claimed.map((write) => write.visitId).sort()).toEqual([reached!.id, lost!.id].sort());
    simulator.state.updateVisitTimes(
      sourceVisit(reached!).id,
      Date.parse('2026-11-19T10:10:00+11:00'),
      Date.parse('2026-11-19T10:30:00+11:00'),
    );
    simulator.faults.clearRequests();
    expect(await t.outboxSender.sendDue()).toBe(0);
    clock.ms += outboxPolicy.leaseMs + 1_000;
    await drainOutbox();
    expect(putsTo(reached!)).toBe(0);
    expect(putsTo(lost!)).toBe(1);
    expect(sourceStart(lost!)).toBe('2026-11-18T23:40:00.000Z');
    expect(await openWritesOf([reached!, lost!])).toEqual([]);
  });

  it('sends each write once with two app servers on one database', async () => {
    const second = await buildSecondApp(t.db, { now, createSourceSystem });
    try {
      const visits = await takeVisits(6);
      await rememberSourceIds();
      simulator.faults.setFaults({ isDown: true });
      try {
        await publish(visits.map((visit, index) => timeChange(visit, `14:0${index}`, `14:2${index}`)));
      } finally {
        simulator.faults.resetFaults();
      }
      simulator.faults.clearRequests();
      advancePastBackoff();
      const sendBoth = () => Promise.all([t.outboxSender.sendDue(), second.outboxSender.sendDue()]);
      while ((await sendBoth()).some((taken) => taken > 0));
      for (const visit of visits) expect(putsTo(visit)).toBe(1);
      expect(await openWritesOf(visits)).toEqual([]);
    } finally {
      await second.server.close();
    }
  });

  it('keeps a time change on its own day', async () => {
    const [visit] = await takeVisits(1);
    const otherDay = await publish([{ ...timeChange(visit!, '10:00', '10:20'), date: '2026-11-20' }]);
    expect(otherDay.body.meta).toMatchObject({
      error_code: 2,
      message: expect.stringContaining('2026-11-19'),
    });
    for (const date of ['9999-12-31', '2026-02-31']) {
      const impossible = await publish([{ ...timeChange(visit!, '10:00', '10:20'), date }]);
      expect(impossible.body.meta.error_code).toBe(2);
    }
    const backwards = await publish([timeChange(visit!, '10:20', '10:00')]);
    expect(backwards.body.meta.error_code).toBe(2);
    expect((await getVisits('2026-11-19')).find((row) => row.id === visit!.id)?.start).toBe(visit!.start);
    expect((await openWrites()).some((write) => write.visit_id === visit!.id)).toBe(false);
  });

  it("needs a login, validates ids and answers 404 for another account's write", async () => {
    const [visit] = await takeVisits(1);
    simulator.faults.setFaults({ isDown: true });
    try {
      await publish([timeChange(visit!, '09:50', '10:10')]);
    } finally {
      simulator.faults.resetFaults();
    }
    const [write] = (await openWrites()).filter((row) => row.visit_id === visit!.id);
    expect((await t.call('GET', '/api/source_writes')).status).toBe(401);
    expect((await t.call('DELETE', `/api/source_writes/${write!.id}`)).status).toBe(401);
    expect(
      (await t.call('POST', '/api/source_writes/abc/retry', { token, body: {} })).body.meta.error_code,
    ).toBe(2);
    const { user } = await t.createAccount('Elsewhere');
    const otherToken = await t.login(user.username);
    expect(
      (await t.call<SourceWrite[]>('GET', '/api/source_writes', { token: otherToken })).body.data,
    ).toEqual([]);
    const otherRetry = await t.call('POST', `/api/source_writes/${write!.id}/retry`, {
      token: otherToken,
      body: {},
    });
    expect(otherRetry.status).toBe(404);
    expect((await t.call('DELETE', `/api/source_writes/${write!.id}`, { token: otherToken })).status).toBe(
      404,
    );
    // Dropping a waiting change puts the visit back as the CRM has it.
    expect((await t.call('DELETE', `/api/source_writes/${write!.id}`, { token })).body.meta.error_code).toBe(
      0,
    );
    expect((await getVisits('2026-11-19')).find((row) => row.id === visit!.id)?.start).toBe(visit!.start);
  });
});
