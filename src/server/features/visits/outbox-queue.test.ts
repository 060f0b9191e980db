import { describe, expect, it } from 'vitest';
import type { SourceWriteKind } from '../../db/schema/source-writes';
import {
  decideQueuedWrite,
  isLeased,
  planStatusWrite,
  stateAfter,
  type OpenWrite,
  type StatusWriteRequest,
} from './outbox-queue';
import type { WriteRequest } from '../../shared/outbox-writes';

const now = new Date('2026-12-02T00:00:00Z');
const later = new Date(now.getTime() + 60_000);
const earlier = new Date(now.getTime() - 60_000);

const times: WriteRequest = {
  kind: 'visit_times',
  visitId: 1,
  payload: { visitSourceId: 'v1', start: '2026-12-02T09:10:00Z', end: '2026-12-02T09:25:00Z' },
  previous: { start: '2026-12-02T09:00:00Z', end: '2026-12-02T09:15:00Z' },
};
const complete: WriteRequest = {
  kind: 'visit_complete',
  visitId: 1,
  payload: { visitSourceId: 'v1' },
  previous: { status: 'scheduled' },
};
const note: WriteRequest = {
  kind: 'visit_note',
  visitId: 1,
  payload: { visitSourceId: 'v1', text: 'Not home' },
  previous: {},
};

/** An open write of the visit; the list the rule reads is newest first. */
const open = (
  id: number,
  status: 'pending' | 'failed',
  kind: SourceWriteKind = 'visit_times',
  leaseUntil: Date | null = null,
): OpenWrite => ({
  id,
  kind,
  status,
  previous: { from: id },
  leaseUntil,
});

describe('decideQueuedWrite', () => {
  it.each([
    {
      case: 'the first write of its kind is inserted with its own previous state',
      request: times,
      rows: [],
      want: { action: 'insert', supersede: [], previous: times.previous },
    },
    {
      case: 'a waiting write is replaced, its previous state kept',
      request: times,
      rows: [open(3, 'pending')],
      want: { action: 'insert', supersede: [3], previous: { from: 3 } },
    },
    {
      case: 'failed writes are replaced; the state to put back is the request own when none is pending',
      request: times,
      rows: [open(5, 'failed'), open(4, 'failed')],
      want: { action: 'insert', supersede: [5, 4], previous: times.previous },
    },
    {
      case: 'a write a sender holds stays, the one waiting after it is replaced, the held one gives the previous state',
      request: times,
      rows: [open(7, 'pending'), open(6, 'pending', 'visit_times', later)],
      want: { action: 'insert', supersede: [7], previous: { from: 6 } },
    },
    {
      case: 'a lease run out is no longer held',
      request: times,
      rows: [open(8, 'pending', 'visit_times', earlier)],
      want: { action: 'insert', supersede: [8], previous: { from: 8 } },
    },
    {
      case: 'a completion already waiting is reused, not queued twice',
      request: complete,
      rows: [open(9, 'pending', 'visit_complete')],
      want: { action: 'reuse', id: 9 },
    },
    {
      case: 'a completion being sent is followed by a new one',
      request: complete,
      rows: [open(9, 'pending', 'visit_complete', later)],
      want: { action: 'insert', supersede: [], previous: { from: 9 } },
    },
    {
      case: 'a waiting write with a later write of another kind after it stays, and the new one goes last',
      request: times,
      rows: [open(13, 'pending', 'visit_complete'), open(12, 'pending')],
      want: { action: 'insert', supersede: [], previous: { from: 12 } },
    },
    {
      case: 'a completion waiting before a later note is not reused: the new one goes after the note',
      request: complete,
      rows: [open(15, 'pending', 'visit_note'), open(14, 'pending', 'visit_complete')],
      want: { action: 'insert', supersede: [], previous: { from: 14 } },
    },
    {
      case: 'a failed write of another kind is neither replaced nor in the way',
      request: times,
      rows: [open(17, 'failed', 'visit_complete'), open(16, 'pending')],
      want: { action: 'insert', supersede: [16], previous: { from: 16 } },
    },
    {
      case: 'a note never replaces another',
      request: note,
      rows: [open(11, 'failed', 'visit_note'), open(10, 'pending', 'visit_note')],
      want: { action: 'insert', supersede: [], previous: {} },
    },
  ])('$case', ({ request, rows, want }) => {
    expect(decideQueuedWrite(request, rows, now)).toEqual(want);
  });
});

describe('isLeased', () => {
  it.each([
    { leaseUntil: null, want: false },
    { leaseUntil: earlier, want: false },
    { leaseUntil: now, want: false },
    { leaseUntil: later, want: true },
  ])('a lease until $leaseUntil is held: $want', ({ leaseUntil, want }) => {
    expect(isLeased({ leaseUntil }, now)).toBe(want);
  });
});

describe('stateAfter', () => {
  it.each([
    { request: times, want: { start: '2026-12-02T09:10:00Z', end: '2026-12-02T09:25:00Z' } },
    { request: complete, want: { status: 'completed' } },
    {
      request: {
        kind: 'visit_cancel',
        visitId: 1,
        payload: { visitSourceId: 'v1', isCancelled: true, cancelCodeId: '7' },
        previous: { status: 'scheduled', isHoldCancelled: false },
      } satisfies WriteRequest,
      want: { status: 'cancelled', isHoldCancelled: true },
    },
    {
      request: {
        kind: 'visit_cancel',
        visitId: 1,
        payload: { visitSourceId: 'v1', isCancelled: false, cancelCodeId: null },
        previous: { status: 'cancelled', isHoldCancelled: true },
      } satisfies WriteRequest,
      want: { status: 'scheduled', isHoldCancelled: false },
    },
    { request: note, want: null },
  ])('a confirmed $request.kind leaves $want to put back', ({ request, want }) => {
    expect(stateAfter(request.kind, request.payload)).toEqual(want);
  });
});

describe('planStatusWrite', () => {
  const completion: StatusWriteRequest = {
    kind: 'visit_complete',
    visitId: 1,
    payload: { visitSourceId: 'v1' },
    previous: { status: 'scheduled' },
  };
  const driverNote: StatusWriteRequest = {
    kind: 'visit_note',
    visitId: 1,
    payload: { visitSourceId: 'v1', text: 'Not home' },
    previous: {},
  };

  it.each([
    {
      name: 'a completion supersedes the failed one, keeps its own previous and completes the visit',
      request: completion,
      rows: [open(3, 'failed', 'visit_complete')],
      want: { reuseId: null, supersede: [3], previous: { status: 'scheduled' }, localStatus: 'completed' },
    },
    {
      name: 'a completion already waiting carries it, and nothing changes locally',
      request: completion,
      rows: [open(4, 'pending', 'visit_complete')],
      want: { reuseId: 4, supersede: [], previous: { status: 'scheduled' }, localStatus: null },
    },
    {
      name: 'a note is a write of its own and changes nothing locally',
      request: driverNote,
      rows: [open(5, 'pending', 'visit_note')],
      want: { reuseId: null, supersede: [], previous: {}, localStatus: null },
    },
  ])('$name', ({ request, rows, want }) => {
    expect(planStatusWrite(request, rows, now)).toEqual({
      kind: request.kind,
      payload: request.payload,
      ...want,
    });
  });
});
