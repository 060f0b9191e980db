import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '../../../contracts/visits';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import type { VisitChange, WriteRequest } from '../../shared/outbox-writes';
import { createRoundVisitPicker, type RoundVisitPicker } from '../../testing/round-visit-picker';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createRoundAccountWithSimulator } from '../../testing/test-source';
import { createOutboxRepository } from './outbox-repository';

/**
 * Queuing many writes in one call (a night's run publishes a day's retimed visits together): the writes of
 * distinct visits are queued with a few statements for them all, and must come out as one by one would.
 */
const now = new Date('2026-11-18T03:00:00Z');
let t: TestApp;
let simulator: RunningSimulator;
let accountId = 0;
let picker: RoundVisitPicker;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  const setup = await createRoundAccountWithSimulator(t, { clients: 12 });
  simulator = setup.simulator;
  accountId = setup.account.id;
  picker = createRoundVisitPicker(t, setup.roundId, setup.adminToken);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const times = (visit: Visit, start: string, end: string): WriteRequest => ({
  kind: 'visit_times',
  visitId: visit.id,
  payload: { visitSourceId: String(visit.id), start, end },
  previous: { start: visit.start, end: visit.end },
});
const storedTimes = async (visit: Visit) => {
  const row = await t.db.query.visits.findFirst({ where: (visits, { eq }) => eq(visits.id, visit.id) });
  return { start: row?.startAt.toISOString(), end: row?.endAt.toISOString() };
};
const writesOf = (visit: Visit) =>
  t.db.query.sourceWrites.findMany({
    where: (writes, { eq }) => eq(writes.visitId, visit.id),
    orderBy: (writes, { asc }) => asc(writes.id),
  });

describe('queuing many CRM writes at once', () => {
  it('queues and applies each visit’s write, supersedes a waiting one, and tells the changes once', async () => {
    const [first, second, third] = await picker.takeVisits(3, '2026-11-19');
    if (!first || !second || !third) throw new Error('no visits');
    const firstStoredStart = (await storedTimes(first)).start;
    const heard: VisitChange[][] = [];
    const outbox = createOutboxRepository(t.db, async (_tx, _accountId, changes) => {
      heard.push(changes);
    });
    const [waiting] = await outbox.enqueue(
      accountId,
      null,
      [times(second, '2026-11-19T01:00:00.000Z', '2026-11-19T01:10:00.000Z')],
      now,
    );
    heard.length = 0;

    const ids = await outbox.enqueue(
      accountId,
      null,
      [
        times(first, '2026-11-19T02:00:00.000Z', '2026-11-19T02:10:00.000Z'),
        times(second, '2026-11-19T03:00:00.000Z', '2026-11-19T03:10:00.000Z'),
        {
          kind: 'visit_complete',
          visitId: third.id,
          payload: { visitSourceId: String(third.id) },
          previous: { status: third.status },
        },
        // A second write of a visit in the same call is queued after the first, which it supersedes.
        times(first, '2026-11-19T04:00:00.000Z', '2026-11-19T04:10:00.000Z'),
      ],
      now,
    );

    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(await storedTimes(first)).toEqual({
      start: '2026-11-19T04:00:00.000Z',
      end: '2026-11-19T04:10:00.000Z',
    });
    expect(await storedTimes(second)).toEqual({
      start: '2026-11-19T03:00:00.000Z',
      end: '2026-11-19T03:10:00.000Z',
    });
    const firstWrites = await writesOf(first);
    expect(firstWrites.map((write) => [write.id, write.status])).toEqual([
      [ids[0], 'superseded'],
      [ids[3], 'pending'],
    ]);
    // The superseding write keeps the times the CRM last confirmed, as one queued alone would.
    expect(firstWrites[1]?.previous).toEqual({ start: first.start, end: first.end });
    const secondWrites = await writesOf(second);
    expect(secondWrites.map((write) => [write.id, write.status])).toEqual([
      [waiting, 'superseded'],
      [ids[1], 'pending'],
    ]);
    expect(secondWrites[1]?.previous).toEqual({ start: second.start, end: second.end });
    expect((await writesOf(third)).map((write) => [write.id, write.kind])).toEqual([
      [ids[2], 'visit_complete'],
    ]);
    const stored = await t.db.query.visits.findFirst({ where: (visits, { eq }) => eq(visits.id, third.id) });
    expect(stored?.status).toBe('completed');

    // One call of the listener with every move, each read before its own write was applied.
    expect(heard).toHaveLength(1);
    expect(heard[0]?.map((change) => [change.visitId, change.previousStartAt.toISOString()])).toEqual([
      [first.id, firstStoredStart],
      [second.id, '2026-11-19T01:00:00.000Z'],
      [first.id, '2026-11-19T02:00:00.000Z'],
    ]);
  });
});
