import type { SourceWriteKind } from '../../db/schema/source-writes';
import type { CancelPayload, TimesPayload, WriteRequest } from '../../shared/outbox-writes';

/** An open (pending or failed) write, as the queue rule reads it. */
export type OpenWrite = {
  id: number;
  kind: SourceWriteKind;
  status: string;
  previous: Record<string, unknown>;
  leaseUntil: Date | null;
};

/** Reuse a write already waiting, or insert the new one, superseding `supersede` and keeping `previous`. */
export type QueueDecision =
  | { action: 'reuse'; id: number }
  | { action: 'insert'; supersede: number[]; previous: Record<string, unknown> };

/** A sender holds the write (its lease runs): nobody else changes it meanwhile. */
export const isLeased = (row: Pick<OpenWrite, 'leaseUntil'>, now: Date) =>
  row.leaseUntil !== null && row.leaseUntil.getTime() > now.getTime();

/** Each note is a note of its own: a newer one never replaces one still waiting. Other kinds keep one open write. */
export const isOneOpenPerVisit = (kind: SourceWriteKind) => kind !== 'visit_note';

/**
 * Where a new write goes among the open writes of its visit (of every kind, newest first), so a visit has one open
 * write of a kind: a completion already waiting is reused rather than queued twice; otherwise the new write replaces
 * ('superseded') the failed ones of its kind and the one waiting that no sender holds, and keeps the oldest pending
 * one's `previous`, the last state the CRM confirmed, to put back if it fails. A visit's writes reach the CRM in the
 * order they were queued, so a waiting write is replaced or reused only while it is the visit's last one waiting:
 * the new write takes its place at the end of the line, and replacing an earlier one would move its change past the
 * writes of other kinds queued after it (a time change past a completion, which the CRM then refuses).
 */
export function decideQueuedWrite(
  request: WriteRequest,
  open: readonly OpenWrite[],
  now: Date,
): QueueDecision {
  if (!isOneOpenPerVisit(request.kind))
    return { action: 'insert', supersede: [], previous: request.previous };
  const ofKind = open.filter((row) => row.kind === request.kind);
  const newest = ofKind.find((row) => row.status === 'pending' && !isLeased(row, now));
  const waiting =
    newest && !open.some((row) => row.status === 'pending' && row.id > newest.id) ? newest : undefined;
  if (waiting && request.kind === 'visit_complete') return { action: 'reuse', id: waiting.id };
  const earlier = ofKind.filter((row) => row.status === 'pending').at(-1);
  return {
    action: 'insert',
    supersede: ofKind.filter((row) => row.status === 'failed' || row === waiting).map((row) => row.id),
    previous: earlier ? earlier.previous : request.previous,
  };
}

/**
 * The visit's state once the CRM confirmed a write of this kind, in the shape of a write's `previous`: what a later
 * write of the kind queued while this one waited puts back if it fails. Null for kinds that change nothing locally.
 */
export function stateAfter(kind: SourceWriteKind, payload: unknown): Record<string, unknown> | null {
  if (kind === 'visit_times') {
    const { start, end } = payload as TimesPayload;
    return { start, end };
  }
  if (kind === 'visit_complete') return { status: 'completed' };
  if (kind === 'visit_cancel') {
    const { isCancelled } = payload as CancelPayload;
    return { status: isCancelled ? 'cancelled' : 'scheduled', isHoldCancelled: isCancelled };
  }
  return null;
}

/** The writes that change no more than their visit's status (a driver's outcome queues these). */
export type StatusWriteRequest = Extract<WriteRequest, { kind: 'visit_complete' | 'visit_note' }>;

/**
 * A visit's write state as read before a write is decided: `state` is what the database compares under the visit's
 * lock before it queues the write (visit_write_state: the status and the open writes), and the decision is made on
 * `status` and `open` (newest first).
 */
export type VisitWriteState = { state: string; status: string; open: OpenWrite[] };

/** A write decided on a visit's write state, in the terms the database queues it in one call. */
export type StatusWritePlan = {
  kind: StatusWriteRequest['kind'];
  payload: Record<string, unknown>;
  previous: Record<string, unknown>;
  /** The waiting write that carries it (nothing is inserted), or null. */
  reuseId: number | null;
  supersede: number[];
  /** The visit's status once the write is queued (its local change), or null when it changes nothing locally. */
  localStatus: string | null;
};

/** The queue rule (decideQueuedWrite) for a status-only write; its local change is the state the CRM will confirm. */
export function planStatusWrite(
  request: StatusWriteRequest,
  open: readonly OpenWrite[],
  now: Date,
): StatusWritePlan {
  const decision = decideQueuedWrite(request, open, now);
  const base = { kind: request.kind, payload: request.payload };
  if (decision.action === 'reuse') {
    return { ...base, previous: request.previous, reuseId: decision.id, supersede: [], localStatus: null };
  }
  const status = stateAfter(request.kind, request.payload)?.status;
  return {
    ...base,
    previous: decision.previous,
    reuseId: null,
    supersede: decision.supersede,
    localStatus: typeof status === 'string' ? status : null,
  };
}
