import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDriverDb, type DriverDb } from '../store/driver-db';
import { enqueueOutcome, listQueued, listWaiting } from '../store/outbox';
import { loadCachedRun, saveRun } from '../store/run-cache';
import { acceptAll, buildDbName, buildPoster, buildRun } from '../testing/driver-fixtures';
import { sendOutbox, takeBatch } from './send-outbox';

const token = 'token-abc';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 23, minute));
let db: DriverDb;
let idCount = 0;
const makeId = () => {
  idCount += 1;
  return `00000000-0000-4000-8000-${String(idCount).padStart(12, '0')}`;
};

beforeEach(async () => {
  db = await openDriverDb(buildDbName());
  await saveRun(db, token, buildRun(), at(0));
});

async function enqueue(visitId: number, minute: number, extra: { photo?: string; note?: string } = {}) {
  return enqueueOutcome(
    db,
    token,
    {
      visit_id: visitId,
      outcome: 'delivered',
      note: extra.note ?? '',
      ...(extra.photo ? { photo: extra.photo } : {}),
    },
    at(minute),
    makeId,
  );
}

describe('the outcome queue', () => {
  it('keeps each outcome with its id, oldest first, per link', async () => {
    const later = await enqueue(12, 5, { note: '  left at the door  ' });
    const earlier = await enqueue(11, 2);
    await enqueueOutcome(db, 'another-token', { visit_id: 99, outcome: 'other', note: '' }, at(1), makeId);
    const queued = await listQueued(db, token);
    expect(queued.map((outcome) => outcome.id)).toEqual([earlier.id, later.id]);
    expect(queued[1]).toMatchObject({
      visit_id: 12,
      note: 'left at the door',
      recorded_at: at(5).toISOString(),
    });
  });

  it('makes a UUID for each outcome by default', async () => {
    const queued = await enqueueOutcome(db, token, { visit_id: 11, outcome: 'delivered', note: '' }, at(1));
    expect(queued.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('sending the queue', () => {
  it('sends every waiting outcome, empties the queue and writes them into the kept run', async () => {
    const first = await enqueue(11, 1, { note: 'Thanks' });
    const second = await enqueue(12, 2);
    const { post, bodies } = buildPoster(acceptAll);
    expect(await sendOutbox(db, token, post)).toBe('sent');
    expect(bodies).toEqual([
      [
        {
          id: first.id,
          visit_id: 11,
          outcome: 'delivered',
          note: 'Thanks',
          recorded_at: at(1).toISOString(),
        },
        { id: second.id, visit_id: 12, outcome: 'delivered', note: '', recorded_at: at(2).toISOString() },
      ],
    ]);
    expect(await listQueued(db, token)).toEqual([]);
    const kept = await loadCachedRun(db, token);
    expect(kept?.run.stops[0]?.outcome).toEqual({
      outcome: 'delivered',
      note: 'Thanks',
      recorded_at: at(1).toISOString(),
      photo_url: null,
    });
  });

  it('keeps what the server refused with its reason, removes what it accepted, and sends neither again', async () => {
    const accepted = await enqueue(11, 1);
    const refused = await enqueue(12, 2);
    const { post, bodies } = buildPoster((outcomes) => ({
      ok: true,
      data: outcomes.map((outcome) => ({
        id: outcome.id,
        accepted: outcome.id === accepted.id,
        message: outcome.id === accepted.id ? '' : 'This visit is not on this run.',
      })),
    }));
    expect(await sendOutbox(db, token, post)).toBe('sent');
    const queued = await listQueued(db, token);
    expect(queued).toEqual([{ ...refused, refused_message: 'This visit is not on this run.' }]);
    expect(await listWaiting(db, token)).toEqual([]);
    expect(await sendOutbox(db, token, post)).toBe('sent');
    expect(bodies).toHaveLength(1);
  });

  it('resends the same ids after a failure, so the server records each outcome once', async () => {
    await enqueue(11, 1);
    await enqueue(12, 2);
    let isNetworkDown = true;
    const { post, bodies } = buildPoster((outcomes) =>
      isNetworkDown ? { ok: false, failure: { kind: 'offline' } } : acceptAll(outcomes),
    );
    expect(await sendOutbox(db, token, post)).toBe('retry');
    expect(await listWaiting(db, token)).toHaveLength(2);
    isNetworkDown = false;
    expect(await sendOutbox(db, token, post)).toBe('sent');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.map((outcome) => outcome.id)).toEqual(bodies[0]?.map((outcome) => outcome.id));
  });

  it('keeps an outcome the answer leaves out waiting for the next try', async () => {
    const answered = await enqueue(11, 1);
    const forgotten = await enqueue(12, 2);
    const { post } = buildPoster(() => ({
      ok: true,
      data: [{ id: answered.id, accepted: true, message: '' }],
    }));
    expect(await sendOutbox(db, token, post)).toBe('retry');
    expect((await listWaiting(db, token)).map((outcome) => outcome.id)).toEqual([forgotten.id]);
  });

  it('stops at a link that no longer works and keeps the queue', async () => {
    await enqueue(11, 1);
    const { post } = buildPoster(() => ({ ok: false, failure: { kind: 'gone' } }));
    expect(await sendOutbox(db, token, post)).toBe('gone');
    expect(await listWaiting(db, token)).toHaveLength(1);
  });

  it('sends one by one when the server refuses a whole request, so one bad outcome holds back no other', async () => {
    const good = await enqueue(11, 1);
    const bad = await enqueue(12, 2, { note: 'bad' });
    const { post, bodies } = buildPoster((outcomes) =>
      outcomes.some((outcome) => outcome.note === 'bad')
        ? { ok: false, failure: { kind: 'refused', message: 'The note is too long.' } }
        : acceptAll(outcomes),
    );
    expect(await sendOutbox(db, token, post)).toBe('sent');
    expect(bodies.map((body) => body.map((outcome) => outcome.id))).toEqual([
      [good.id, bad.id],
      [good.id],
      [bad.id],
    ]);
    expect(await listQueued(db, token)).toEqual([{ ...bad, refused_message: 'The note is too long.' }]);
  });

  it('tries again later after a server fault', async () => {
    await enqueue(11, 1);
    const { post } = buildPoster(() => ({
      ok: false,
      failure: { kind: 'failed', message: 'Too many requests.' },
    }));
    expect(await sendOutbox(db, token, post)).toBe('retry');
    expect(await listWaiting(db, token)).toHaveLength(1);
  });

  it('keeps a later outcome on the kept run when an earlier one is accepted after it', async () => {
    const run = buildRun();
    const stop = run.stops[0]!;
    const later = {
      outcome: 'not_home' as const,
      note: '',
      recorded_at: at(30).toISOString(),
      photo_url: null,
    };
    await saveRun(db, token, { ...run, stops: [{ ...stop, outcome: later }, ...run.stops.slice(1)] }, at(31));
    await enqueue(11, 10);
    await sendOutbox(db, token, buildPoster(acceptAll).post);
    expect((await loadCachedRun(db, token))?.run.stops[0]?.outcome).toEqual(later);
  });
});

describe('a request', () => {
  it('carries at most 200 outcomes and 8 photos, oldest first', async () => {
    const waiting = Array.from({ length: 250 }, (_, index) => ({
      id: String(index),
      token,
      visit_id: 11,
      outcome: 'delivered' as const,
      note: '',
      recorded_at: at(0).toISOString(),
      refused_message: null,
      ...(index % 10 === 0 ? { photo: 'data:image/jpeg;base64,AAAA' } : {}),
    }));
    expect(takeBatch(waiting.map(({ photo: _photo, ...rest }) => rest))).toHaveLength(200);
    const withPhotos = takeBatch(waiting);
    expect(withPhotos.filter((outcome) => outcome.photo)).toHaveLength(8);
    // The ninth photo (index 80) waits for the next request, and so does everything after it.
    expect(withPhotos).toHaveLength(80);
  });
});
