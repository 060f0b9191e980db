import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { accounts, rounds } from '../../db/schema/accounts';
import { clients, visits } from '../../db/schema/clients';
import { driverLinks, driverOutcomes, driverPhotos } from '../../db/schema/driver';
import { sourceWrites } from '../../db/schema/source-writes';
import { createTestDatabase } from '../../testing/test-database';
import { createOutboxRepository } from '../visits/outbox-repository';
import { planStatusWrite, type VisitWriteState } from '../visits/outbox-queue';
import { createDriverRepository, type NewOutcome, type OutcomeWrite } from './repository';

// The database function record_driver_outcome (migration 0037): an outcome and the CRM write decided for it in
// one call, refused ('stale') when the visit's write state is not the one the write was decided on.

const now = new Date('2026-11-18T03:00:00Z');
let database: DatabaseHandle;
let accountId = 0;
let clientId = 0;
let linkId = 0;
let visitCount = 0;
let uuidCount = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [account] = await db.insert(accounts).values({ name: 'Outcomes' }).returning();
  accountId = account?.id ?? 0;
  const [client] = await db
    .insert(clients)
    .values({ accountId, sourceId: 'c1', name: 'Mary Jones' })
    .returning();
  clientId = client?.id ?? 0;
  const [round] = await db.insert(rounds).values({ accountId, name: 'Newtown' }).returning();
  const [link] = await db
    .insert(driverLinks)
    .values({
      accountId,
      roundId: round?.id ?? 0,
      date: '2026-11-18',
      tokenHash: 'hash',
      expiresAt: new Date('2026-11-19T00:00:00Z'),
    })
    .returning();
  linkId = link?.id ?? 0;
});
afterAll(async () => database.close());

async function insertVisit(): Promise<number> {
  visitCount += 1;
  const [visit] = await database.db
    .insert(visits)
    .values({
      accountId,
      clientId,
      sourceId: `v${visitCount}`,
      date: '2026-11-18',
      startAt: new Date('2026-11-18T00:00:00Z'),
      endAt: new Date('2026-11-18T00:20:00Z'),
    })
    .returning();
  return visit?.id ?? 0;
}

const newOutcome = (visitId: number, recordedAt: string, extra: Partial<NewOutcome> = {}): NewOutcome => ({
  accountId,
  linkId,
  clientUuid: `20000000-0000-4000-8000-${String(++uuidCount).padStart(12, '0')}`,
  visitId,
  outcome: 'delivered',
  note: '',
  recordedAt: new Date(recordedAt),
  receivedAt: now,
  photo: null,
  ...extra,
});

async function readState(visitId: number): Promise<VisitWriteState> {
  const state = (await createOutboxRepository(database.db).readWriteStates([visitId])).get(visitId);
  if (!state) throw new Error('no such visit');
  return state;
}

/** A completion of the visit, decided on its state now. */
async function completion(visitId: number): Promise<OutcomeWrite> {
  const state = await readState(visitId);
  const request = {
    kind: 'visit_complete' as const,
    visitId,
    payload: { visitSourceId: 'v' },
    previous: { status: state.status },
  };
  return {
    expectedState: state.state,
    plan: planStatusWrite(request, state.open, now),
    isOnlyIfCurrent: true,
  };
}

const repository = () => createDriverRepository(database.db);
const writesOf = (visitId: number) =>
  database.db.select().from(sourceWrites).where(eq(sourceWrites.visitId, visitId)).orderBy(sourceWrites.id);
const statusOf = async (visitId: number) =>
  (await database.db.select().from(visits).where(eq(visits.id, visitId)))[0]?.status;

describe('record_driver_outcome', () => {
  it('records the outcome and queues its completion: the failed one superseded, the visit completed', async () => {
    const visitId = await insertVisit();
    const [failed] = await database.db
      .insert(sourceWrites)
      .values({
        accountId,
        visitId,
        kind: 'visit_complete',
        payload: {},
        previous: { status: 'scheduled' },
        status: 'failed',
      })
      .returning();
    const answer = await repository().recordOutcome(
      newOutcome(visitId, '2026-11-18T02:00:00Z'),
      await completion(visitId),
      null,
    );
    expect(answer.result).toBe('recorded');
    if (answer.result !== 'recorded') return;
    expect(answer.recorded.isCurrent).toBe(true);
    const writes = await writesOf(visitId);
    expect(writes.map((write) => [write.id, write.status])).toEqual([
      [failed?.id, 'superseded'],
      [answer.recorded.writeId, 'pending'],
    ]);
    expect(writes[1]).toMatchObject({ kind: 'visit_complete', previous: { status: 'scheduled' } });
    expect(await statusOf(visitId)).toBe('completed');
  });

  it('writes nothing on a state that changed since the write was decided, and answers stale', async () => {
    const visitId = await insertVisit();
    const decided = await completion(visitId);
    // A sender took the visit's write meanwhile: another write of it is open now.
    await database.db
      .insert(sourceWrites)
      .values({ accountId, visitId, kind: 'visit_note', payload: {}, previous: {}, leaseUntil: now });
    const input = newOutcome(visitId, '2026-11-18T02:00:00Z');
    expect((await repository().recordOutcome(input, decided, null)).result).toBe('stale');
    expect(
      await database.db.select().from(driverOutcomes).where(eq(driverOutcomes.visitId, visitId)),
    ).toEqual([]);
    expect(await statusOf(visitId)).toBe('scheduled');
    const again = await repository().recordOutcome(input, await completion(visitId), null);
    expect(again.result).toBe('recorded');
  });

  it('changes the state a lease is taken or given back, so a decision on the old one is stale', async () => {
    const visitId = await insertVisit();
    const [write] = await database.db
      .insert(sourceWrites)
      .values({ accountId, visitId, kind: 'visit_complete', payload: {}, previous: {} })
      .returning();
    const before = (await readState(visitId)).state;
    await database.db
      .update(sourceWrites)
      .set({ leaseUntil: new Date(now.getTime() + 60_000) })
      .where(eq(sourceWrites.id, write?.id ?? 0));
    const leased = await readState(visitId);
    expect(leased.state).not.toBe(before);
    expect(leased.open).toMatchObject([{ id: write?.id, leaseUntil: new Date(now.getTime() + 60_000) }]);
  });

  it('queues no completion for an outcome that is not the current one (a later one was recorded first)', async () => {
    const visitId = await insertVisit();
    const later = await repository().recordOutcome(
      newOutcome(visitId, '2026-11-18T02:30:00Z', { outcome: 'not_home' }),
      { expectedState: (await readState(visitId)).state, plan: null, isOnlyIfCurrent: false },
      null,
    );
    expect(later.result).toBe('recorded');
    const earlier = await repository().recordOutcome(
      newOutcome(visitId, '2026-11-18T02:00:00Z'),
      await completion(visitId),
      null,
    );
    expect(earlier).toMatchObject({ result: 'recorded', recorded: { isCurrent: false, writeId: null } });
    expect(await writesOf(visitId)).toEqual([]);
    expect(await statusOf(visitId)).toBe('scheduled');
  });

  it('records a phone id once: the second answers duplicate, and its photo is not kept', async () => {
    const visitId = await insertVisit();
    const photo = (id: string) => ({ id, contentType: 'image/png', content: Buffer.from([1, 2, 3]) });
    const first = newOutcome(visitId, '2026-11-18T02:00:00Z', {
      photo: photo('30000000-0000-4000-8000-000000000001'),
    });
    const none = { expectedState: (await readState(visitId)).state, plan: null, isOnlyIfCurrent: false };
    expect((await repository().recordOutcome(first, none, null)).result).toBe('recorded');
    const retry = { ...first, photo: photo('30000000-0000-4000-8000-000000000002') };
    expect((await repository().recordOutcome(retry, none, null)).result).toBe('duplicate');
    const photos = await database.db
      .select({ id: driverPhotos.id, content: driverPhotos.content })
      .from(driverPhotos)
      .where(eq(driverPhotos.accountId, accountId));
    expect(photos).toEqual([{ id: first.photo?.id, content: Buffer.from([1, 2, 3]) }]);
  });
});
