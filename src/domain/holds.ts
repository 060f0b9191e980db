import { addDays } from './zoned-time';

/*
 * Client holds: a client paused from `fromDate` to `toDate` (YYYY-MM-DD, both included; null while open-ended).
 * On a held day the client's meal choices stay recorded but do not count (report-rules.ts isOrderCounted).
 */

export type HoldSpan = { fromDate: string; toDate: string | null };

/** Does the hold cover this day (YYYY-MM-DD)? */
export function isDateInHold(hold: HoldSpan, date: string): boolean {
  return hold.fromDate <= date && (hold.toDate === null || date <= hold.toDate);
}

/** Is the client on hold that day under any of these holds? */
export function isDateHeld(holds: readonly HoldSpan[], date: string): boolean {
  return holds.some((hold) => isDateInHold(hold, date));
}

/** Do two holds share a day? An open-ended hold runs on for ever. */
export function doHoldsOverlap(a: HoldSpan, b: HoldSpan): boolean {
  return (a.toDate === null || b.fromDate <= a.toDate) && (b.toDate === null || a.fromDate <= b.toDate);
}

/**
 * What "End now" does to a hold on `today`: a hold that has not begun yet is removed (it never paused anything);
 * one that has begun ends yesterday, so the client counts again from today and the days already held stay on
 * record for the delivered reports; one already over cannot be ended.
 */
export type EndNow = { kind: 'remove' } | { kind: 'end'; toDate: string } | { kind: 'over' };

export function getEndNow(hold: HoldSpan, today: string): EndNow {
  if (hold.fromDate >= today) return { kind: 'remove' };
  if (hold.toDate !== null && hold.toDate < today) return { kind: 'over' };
  return { kind: 'end', toDate: addDays(today, -1) };
}

/** The day the client counts again (YYYY-MM-DD), or null for an open-ended hold. */
export function getReturnDate(hold: HoldSpan): string | null {
  return hold.toDate === null ? null : addDays(hold.toDate, 1);
}

/** The hold covering `today`, if any: the client is on hold now. */
export function findCurrentHold<T extends HoldSpan>(holds: readonly T[], today: string): T | null {
  return holds.find((hold) => isDateInHold(hold, today)) ?? null;
}
