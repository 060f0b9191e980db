/**
 * The CRM writes the outbox carries, as the features that queue them describe them. Types only, apart from the
 * repository, so features queue writes through the outbox service without seeing its SQL.
 */
import type { Transaction } from '../db/transaction';

/**
 * What each kind of write sets, and the local state it replaced (put back when the write fails or is dropped, by
 * the database function restore_visit_of_write of migration 0043, which reads the keys of these `previous` types).
 */
export type TimesPayload = { visitSourceId: string; start: string; end: string };
export type TimesPrevious = { start: string; end: string };
export type CompletePayload = { visitSourceId: string };
export type CompletePrevious = { status: string };
export type PremiumsPayload = { visitSourceId: string; premiums: Record<string, number> };
/**
 * A visit cancelled in the CRM (with the account's cancel code) because its day falls in a client hold, or put
 * back (`isCancelled` false, no code) when the hold no longer covers it. Locally the visit is cancelled or
 * scheduled and marked as the hold's; `previous` is how it was.
 */
export type CancelPayload = { visitSourceId: string; isCancelled: boolean; cancelCodeId: string | null };
export type CancelPrevious = { status: string; isHoldCancelled: boolean };
/** A note added to the visit (a driver's outcome): nothing changes locally. */
export type NotePayload = { visitSourceId: string; text: string };

export type WriteRequest =
  | { kind: 'visit_times'; visitId: number; payload: TimesPayload; previous: TimesPrevious }
  | { kind: 'visit_complete'; visitId: number; payload: CompletePayload; previous: CompletePrevious }
  | { kind: 'visit_premiums'; visitId: number; payload: PremiumsPayload; previous: Record<string, never> }
  | { kind: 'visit_note'; visitId: number; payload: NotePayload; previous: Record<string, never> }
  | { kind: 'visit_cancel'; visitId: number; payload: CancelPayload; previous: CancelPrevious };

/**
 * A local change of a visit its client's people may hear of (delivery notices): a new start, or a cancellation;
 * with how the visit was before it.
 */
export type VisitChange = {
  visitId: number;
  clientId: number;
  date: string;
  timezone: string;
  previousStatus: string;
  previousStartAt: Date;
  change: { kind: 'moved'; startAt: Date } | { kind: 'cancelled' };
};
/** Told of the changes in the transaction that makes them, so what it queues commits with them. */
export type VisitChangeListener = (
  tx: Transaction,
  accountId: number,
  changes: VisitChange[],
) => Promise<void>;
