import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit, VisitOutcome } from '../../../contracts/visits';
import type { SourceWriteKind } from '../../db/schema/source-writes';
import { createAlayaCareSourceSystem } from '../../integrations/alayacare/adapter';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { buildSecondApp } from '../../testing/second-app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createRoundAccountWithSimulator } from '../../testing/test-source';
import { createRoundVisitPicker, timeChange, type RoundVisitPicker } from '../../testing/round-visit-picker';
import type { CreateSourceSystem } from '../source/service';
import { createOutboxRepository, type ClaimedWrite } from './outbox-repository';
import { outboxPolicy } from './outbox-sender';
import type { WriteRequest } from '../../shared/outbox-writes';

// The simulator's "today" is Wednesday 18 November 2026 (its visits can be completed), 14:00 in Sydney.
const clock = { ms: Date.parse('2026-11-18T03:00:00Z') };
const now = () => new Date(clock.ms);
/** Past every backoff: whatever waits is due again. */
const advancePastBackoff = () => {
  clock.ms += outboxPolicy.maxDelayMs + 60_000;
};
// No read retries, so the simulator's every-other-request failures fall on the writes as counted.
const createSourceSystem: CreateSourceSystem = (connection) =>
  createAlayaCareSourceSystem(connection, { readRetries: 0, retryDelayMs: 1 });

let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let accountId = 0;
let picker: RoundVisitPicker;

beforeAll(async () => {
  t = await createTestApp({}, { now, createSourceSystem });
  const setup = await createRoundAccountWithSimulator(t, { clients: 30 });
  simulator = setup.simulator;
  token = setup.adminToken;
  accountId = setup.account.id;
  picker = createRoundVisitPicker(t, setup.roundId, token);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const getVisits = (date: string) => picker.getVisits(date);
const takeVisits = (count: number, date = '2026-11-18') => picker.takeVisits(count, date);
async function sourceIdOf(visit: Visit): Promise<string> {
  const row = await t.db.query.visits.findFirst({
    columns: { sourceId: true },
    where: (visits, { eq }) => eq(visits.id, visit.id),
  });
  if (!row) throw new Error(`visit ${visit.id} not found`);
  return row.sourceId;
}
const sourceVisitOf = async (visit: Visit) => simulator.state.getVisit(Number(await sourceIdOf(visit)))!;
const publish = (body: unknown[]) => t.call<VisitOutcome[]>('PUT', '/api/visits', { token, body });
const complete = (ids: number[]) =>
  t.call<VisitOutcome[]>('POST', '/api/visits/complete', { token, body: ids });
const openWritesOf = async (visits: Visit[]) =>
  (await t.db.query.sourceWrites.findMany()).filter(
    (write) =>
      visits.some((visit) => visit.id === write.visitId) &&
      (write.status === 'pending' || write.status === 'failed'),
  );

/** A write of each kind for a visit (what it carries does not matter until it is sent). */
async function requestOf(kind: SourceWriteKind, visit: Visit): Promise<WriteRequest> {
  const visitSourceId = await sourceIdOf(visit);
  switch (kind) {
    case 'visit_times':
      return {
        kind,
        visitId: visit.id,
        payload: { visitSourceId, start: '2026-11-18T01:00:00Z', end: '2026-11-18T01:20:00Z' },
        previous: { start: '2026-11-18T00:00:00Z', end: '2026-11-18T00:20:00Z' },
      };
    case 'visit_complete':
      return { kind, visitId: visit.id, payload: { visitSourceId }, previous: { status: 'scheduled' } };
    case 'visit_premiums':
      return { kind, visitId: visit.id, payload: { visitSourceId, premiums: { '1': 1 } }, previous: {} };
    case 'visit_note':
      return { kind, visitId: visit.id, payload: { visitSourceId, text: 'Not home' }, previous: {} };
    case 'visit_cancel':
      return {
        kind,
        visitId: visit.id,
        payload: { visitSourceId, isCancelled: true, cancelCodeId: '1' },
        previous: { status: 'scheduled', isHoldCancelled: false },
      };
  }
}
/** Queues each write on its own, one after the other, as separate user actions would. */
async function queueOneByOne(requests: WriteRequest[]): Promise<number[]> {
  const repository = createOutboxRepository(t.db);
  const ids: number[] = [];
  for (const request of requests) ids.push(...(await repository.enqueue(accountId, null, [request], now())));
  return ids;
}
const claimIds = async (ids: number[]) =>
  (await createOutboxRepository(t.db).claimDue(now(), outboxPolicy.leaseMs, 50, ids)).map(
    (write) => write.id,
  );
const retryLater = (write: ClaimedWrite) =>
  createOutboxRepository(t.db).markRetry(
    write,
    { error: 'The CRM answered 500.', isOutcomeUnknown: true, nextAttemptAt: new Date(clock.ms + 60_000) },
    now(),
  );

describe('the order of one visit’s CRM writes', () => {
  it('sends a completion only after the time change made before it, even when that change first fails', async () => {
    const [visit] = await takeVisits(1);
    // The CRM fails every other request, starting with the next one: the time change's PUT.
    simulator.faults.setFaults({ errorRate: 0.5 });
    let published;
    try {
      published = await publish([timeChange(visit!, '12:40', '13:00')]);
    } finally {
      simulator.faults.resetFaults();
    }
    expect(published.body.data[0]?.status).toBe('pending');

    // The completion would go through at once, locking the visit before its new time: it waits its turn.
    const completed = await complete([visit!.id]);
    expect(completed.body.data).toEqual([
      {
        id: visit!.id,
        is_done: false,
        status: 'pending',
        message: expect.stringContaining('waiting for the CRM'),
      },
    ]);
    expect((await sourceVisitOf(visit!)).isLocked).toBe(false);

    advancePastBackoff();
    while ((await t.outboxSender.sendDue()) > 0);
    const sourceVisit = await sourceVisitOf(visit!);
    expect(new Date(sourceVisit.startMs).toISOString()).toBe('2026-11-18T01:40:00.000Z');
    expect(sourceVisit.isLocked).toBe(true);
    expect(await openWritesOf([visit!])).toEqual([]);
    const local = (await getVisits('2026-11-18')).find((row) => row.id === visit!.id);
    expect(local).toMatchObject({ start: '12:40', status: 'completed' });
  });

  it('queues a time change made after a waiting completion behind it, and a refusal puts back the time the CRM has', async () => {
    const [visit] = await takeVisits(1);
    simulator.faults.setFaults({ errorRate: 0.5 });
    try {
      await publish([timeChange(visit!, '12:10', '12:30')]);
    } finally {
      simulator.faults.resetFaults();
    }
    await complete([visit!.id]);
    // Replacing the first time change would send this one after the completion, losing the first one.
    const republished = await publish([timeChange(visit!, '12:50', '13:10')]);
    expect(republished.body.data[0]?.status).toBe('pending');

    advancePastBackoff();
    while ((await t.outboxSender.sendDue()) > 0);
    const sourceVisit = await sourceVisitOf(visit!);
    expect(new Date(sourceVisit.startMs).toISOString()).toBe('2026-11-18T01:10:00.000Z');
    expect(sourceVisit.isLocked).toBe(true);
    const [refused] = await openWritesOf([visit!]);
    expect(refused).toMatchObject({ kind: 'visit_times', status: 'failed' });
    expect(refused?.lastError).toContain('locked');
    // Put back at once, not only by the next sync from the CRM.
    const local = await t.db.query.visits.findFirst({ where: (visits, { eq }) => eq(visits.id, visit!.id) });
    expect(local).toMatchObject({ startAt: new Date('2026-11-18T01:10:00Z'), status: 'completed' });
  });

  it.each<{ earlier: SourceWriteKind; later: SourceWriteKind }>([
    { earlier: 'visit_times', later: 'visit_complete' },
    { earlier: 'visit_complete', later: 'visit_note' },
    { earlier: 'visit_note', later: 'visit_premiums' },
    { earlier: 'visit_premiums', later: 'visit_cancel' },
    { earlier: 'visit_cancel', later: 'visit_times' },
    { earlier: 'visit_note', later: 'visit_note' },
  ])('keeps a $later write back while the $earlier write made before it is open', async (pair) => {
    const [visit] = await takeVisits(1, '2026-11-19');
    const [first, second] = await queueOneByOne([
      await requestOf(pair.earlier, visit!),
      await requestOf(pair.later, visit!),
    ]);
    const ids = [first!, second!];
    const [held] = await createOutboxRepository(t.db).claimDue(now(), outboxPolicy.leaseMs, 50, ids);
    expect(held?.id).toBe(first);
    // Neither while a sender holds the earlier write, nor while it waits on a backoff.
    expect(await claimIds(ids)).toEqual([]);
    await retryLater(held!);
    expect(await claimIds(ids)).toEqual([]);
    advancePastBackoff();
    const [again] = await createOutboxRepository(t.db).claimDue(now(), outboxPolicy.leaseMs, 50, ids);
    expect(again?.id).toBe(first);
    await createOutboxRepository(t.db).markDone(again!, now());
    expect(await claimIds(ids)).toEqual([second]);
  });

  it('lets a later write go once the earlier one failed for good, and a retried one goes first again', async () => {
    const [visit] = await takeVisits(1, '2026-11-19');
    const repository = createOutboxRepository(t.db);
    const ids = await queueOneByOne([
      await requestOf('visit_times', visit!),
      await requestOf('visit_note', visit!),
    ]);
    const [times] = await repository.claimDue(now(), outboxPolicy.leaseMs, 50, ids);
    await repository.markFailed(times!, 'Visit is locked and cannot be changed.', now());
    const [note] = await repository.claimDue(now(), outboxPolicy.leaseMs, 50, ids);
    expect(note?.id).toBe(ids[1]);
    // Sending the failed write again now would overtake the note being sent.
    const busy = await t.call('POST', `/api/source_writes/${ids[0]}/retry`, { token, body: {} });
    expect(busy.status).toBe(409);
    expect(busy.body.meta).toMatchObject({
      error_code: 6,
      message: 'A change of this visit is being sent to the CRM right now. Try again in a minute.',
    });
    await retryLater(note!);
    expect(await repository.retry(accountId, ids[0]!, now())).toMatchObject({ status: 'pending' });
    advancePastBackoff();
    expect(await claimIds(ids)).toEqual([ids[0]]);
  });

  it('leaves the visit as a newer write of the kind made it when an older one is refused', async () => {
    const [visit] = await takeVisits(1, '2026-11-19');
    const repository = createOutboxRepository(t.db);
    const older = await requestOf('visit_times', visit!);
    const newerStart = '2026-11-19T02:00:00.000Z';
    const newer: WriteRequest = {
      kind: 'visit_times',
      visitId: visit!.id,
      payload: {
        visitSourceId: await sourceIdOf(visit!),
        start: newerStart,
        end: '2026-11-19T02:20:00.000Z',
      },
      previous: { start: '2026-11-19T01:00:00.000Z', end: '2026-11-19T01:20:00.000Z' },
    };
    const [olderId] = await queueOneByOne([older]);
    const [claimed] = await repository.claimDue(now(), outboxPolicy.leaseMs, 50, [olderId!]);
    // Made while the older one is being sent, so it cannot replace it and queues behind it.
    await queueOneByOne([newer]);
    await repository.markFailed(claimed!, 'Visit is locked and cannot be changed.', now());
    const local = await t.db.query.visits.findFirst({ where: (visits, { eq }) => eq(visits.id, visit!.id) });
    expect(local?.startAt.toISOString()).toBe(newerStart);
  });

  it('wakes the account’s writes waiting out a backoff once the CRM confirms a write', async () => {
    const [first, second] = await takeVisits(2, '2026-11-19');
    const repository = createOutboxRepository(t.db);
    const ids = await queueOneByOne([
      await requestOf('visit_note', first!),
      await requestOf('visit_note', second!),
    ]);
    const claimed = await repository.claimDue(now(), outboxPolicy.leaseMs, 50, ids);
    expect(claimed.map((write) => write.id)).toEqual(ids);
    await retryLater(claimed[1]!);
    expect(await claimIds(ids)).toEqual([]);
    await repository.markDone(claimed[0]!, now());
    // The CRM answers again: the waiting write goes now rather than after its backoff.
    expect(await claimIds(ids)).toEqual([ids[1]]);
  });

  it('hands two servers claiming at once one write of a visit at a time, in the order they were made', async () => {
    const visits = await takeVisits(4, '2026-11-19');
    const kinds: SourceWriteKind[] = ['visit_times', 'visit_note', 'visit_premiums', 'visit_cancel'];
    const requests: WriteRequest[] = [];
    for (const kind of kinds) for (const visit of visits) requests.push(await requestOf(kind, visit));
    const ids = await queueOneByOne(requests);
    const serverA = createOutboxRepository(t.db);
    const serverB = createOutboxRepository(t.db);
    const sent: ClaimedWrite[] = [];
    for (;;) {
      const claims = await Promise.all(
        [serverA, serverB].map((server) => server.claimDue(now(), outboxPolicy.leaseMs, 50, ids)),
      );
      const claimed = claims.flat();
      if (claimed.length === 0) break;
      expect(new Set(claimed.map((write) => write.visitId)).size).toBe(claimed.length);
      sent.push(...claimed);
      await Promise.all(claimed.map((write) => (write.id % 2 ? serverA : serverB).markDone(write, now())));
    }
    expect(sent.map((write) => write.id).sort((a, b) => a - b)).toEqual(ids);
    for (const visit of visits) {
      const order = sent.filter((write) => write.visitId === visit.id).map((write) => write.kind);
      expect(order).toEqual(kinds);
    }
  });

  it('keeps each visit’s time change ahead of its completion with a flaky CRM and two app servers', async () => {
    const second = await buildSecondApp(t.db, { now, createSourceSystem });
    try {
      const visits = await takeVisits(6);
      simulator.faults.setFaults({ errorRate: 0.5 });
      try {
        await publish(visits.map((visit, index) => timeChange(visit, `15:0${index}`, `15:2${index}`)));
        await complete(visits.map((visit) => visit.id));
      } finally {
        simulator.faults.resetFaults();
      }
      advancePastBackoff();
      const sendBoth = () => Promise.all([t.outboxSender.sendDue(), second.outboxSender.sendDue()]);
      while ((await sendBoth()).some((taken) => taken > 0));
      for (const [index, visit] of visits.entries()) {
        const sourceVisit = await sourceVisitOf(visit);
        expect(new Date(sourceVisit.startMs).toISOString()).toBe(`2026-11-18T04:0${index}:00.000Z`);
        expect(sourceVisit.isLocked).toBe(true);
      }
      expect(await openWritesOf(visits)).toEqual([]);
    } finally {
      await second.server.close();
    }
  });
});
