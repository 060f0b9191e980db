import { asc, isNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import { claimDue, drainDue, type BatchResult } from './job-queue';
import { contactMessages } from './schema/messages';

// The queue's rules over a real table (contact messages), on the database's own SKIP LOCKED and row locks.
let database: DatabaseHandle;
const start = new Date('2026-11-27T09:00:00Z');
const leaseMs = 60_000;

const at = (ms: number) => new Date(start.getTime() + ms);

function claim(now: Date, limit: number) {
  return claimDue(database.db, contactMessages, {
    due: lte(contactMessages.nextAttemptAt, now),
    orderBy: [asc(contactMessages.nextAttemptAt), asc(contactMessages.id)],
    limit,
    set: { nextAttemptAt: new Date(now.getTime() + leaseMs) },
  });
}

async function insertDue(count: number, firstDueMs = 0) {
  const values = Array.from({ length: count }, (_, index) => ({
    name: `Sender ${index}`,
    email: `sender${index}@example.com`,
    message: 'Hello',
    nextAttemptAt: at(firstDueMs - index * 1_000),
  }));
  return (await database.db.insert(contactMessages).values(values).returning()).map((row) => row.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(contactMessages).where(isNull(contactMessages.forwardedAt));
});

describe('claimDue', () => {
  it('takes the longest-due rows first, up to the limit, and answers them by id with the lease written', async () => {
    const ids = await insertDue(3);
    const claimed = await claim(start, 2);
    // The last inserted is the longest due.
    expect(claimed.map((row) => row.id)).toEqual([ids[1], ids[2]]);
    expect(claimed.every((row) => row.nextAttemptAt.getTime() === start.getTime() + leaseMs)).toBe(true);
  });

  it('leaves a claimed row alone until its lease runs out, then it is due again', async () => {
    const [id] = await insertDue(1);
    expect(await claim(start, 10)).toHaveLength(1);
    expect(await claim(at(leaseMs - 1), 10)).toEqual([]);
    expect((await claim(at(leaseMs), 10)).map((row) => row.id)).toEqual([id]);
  });

  it('never hands one row to two claims at once', async () => {
    await insertDue(30);
    const claims = await Promise.all([claim(start, 20), claim(start, 20), claim(start, 20)]);
    const ids = claims.flat().map((row) => row.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it('takes nothing that is not due', async () => {
    await insertDue(1, 5_000);
    expect(await claim(start, 10)).toEqual([]);
  });
});

describe('drainDue', () => {
  function batches(results: BatchResult[]) {
    let runs = 0;
    const run = () => {
      runs += 1;
      return Promise.resolve(results.shift() ?? { taken: 0, succeeded: 0 });
    };
    return { run, runs: () => runs };
  }

  it('runs batches until one takes nothing, and adds them up', async () => {
    const queue = batches([
      { taken: 20, succeeded: 18 },
      { taken: 3, succeeded: 3 },
    ]);
    expect(await drainDue(queue.run)).toEqual({ taken: 23, succeeded: 21 });
    expect(queue.runs()).toBe(3);
  });

  it('stops at the most batches allowed', async () => {
    const queue = batches(Array.from({ length: 5 }, () => ({ taken: 20, succeeded: 20 })));
    expect(await drainDue(queue.run, { maxBatches: 2 })).toEqual({ taken: 40, succeeded: 40 });
    expect(queue.runs()).toBe(2);
  });

  it('stops after a batch where nothing succeeded when asked to', async () => {
    const results = [
      { taken: 20, succeeded: 0 },
      { taken: 20, succeeded: 20 },
    ];
    const stopping = batches([...results]);
    expect(await drainDue(stopping.run, { isStoppedByFailedBatch: true })).toEqual({
      taken: 20,
      succeeded: 0,
    });
    const going = batches([...results]);
    expect(await drainDue(going.run)).toEqual({ taken: 40, succeeded: 20 });
  });
});
