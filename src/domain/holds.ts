import { snapToMonday } from './weeks';
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

/**
 * The Holds report's sections on `date` (YYYY-MM-DD): the holds covering that day, those beginning after it, and
 * those whose client comes back (the return date, the day after the hold's last) in the week, Monday to Sunday,
 * holding it. A hold can stand in two: on hold today and back on Friday.
 */
export type HoldsReportSections<T> = { onHold: T[]; upcoming: T[]; returning: T[] };

/** By return date, open-ended holds last; the order given is kept among equals. */
function compareReturnDates(a: HoldSpan, b: HoldSpan): number {
  if (a.toDate === b.toDate) return 0;
  if (a.toDate === null) return 1;
  if (b.toDate === null) return -1;
  return a.toDate < b.toDate ? -1 : 1;
}

export function groupHoldsForReport<T extends HoldSpan>(
  holds: readonly T[],
  date: string,
): HoldsReportSections<T> {
  const monday = snapToMonday(date);
  const sunday = addDays(monday, 6);
  const returnsThisWeek = (hold: T) => {
    const back = getReturnDate(hold);
    return back !== null && monday <= back && back <= sunday;
  };
  return {
    onHold: holds.filter((hold) => isDateInHold(hold, date)).sort(compareReturnDates),
    upcoming: holds
      .filter((hold) => hold.fromDate > date)
      .sort((a, b) => (a.fromDate === b.fromDate ? 0 : a.fromDate < b.fromDate ? -1 : 1)),
    returning: holds.filter(returnsThisWeek).sort(compareReturnDates),
  };
}
