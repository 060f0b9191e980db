import { isPatternOn, type RosterPatternRule } from './roster-patterns';

/**
 * The slot of a round on a day: who drives it and how (ADR 0039). A one-time or substitute assignment of that day
 * beats the patterns; among patterns the oldest (lowest id) counts, though the API refuses two drivers' patterns
 * that meet. A driver on time off that day is never the slot's driver: the slot is unfilled.
 */
export type SlotKind = 'recurring' | 'one_time' | 'substitute' | 'unfilled';

export type SlotPattern = RosterPatternRule & { id: number; driverId: number };

/** The day's assignment: `driverId` null when the day is left unfilled (or was released). */
export type SlotAssignment = { driverId: number | null; isReleased: boolean };

export type ResolvedSlot = { driverId: number | null; kind: SlotKind; isReleased: boolean };

export type TimeOffSpan = { driverId: number; fromDate: string; toDate: string };

/** Is the driver on time off on this day (YYYY-MM-DD)? */
export function isOnTimeOff(spans: readonly TimeOffSpan[], driverId: number, date: string): boolean {
  return spans.some((span) => span.driverId === driverId && span.fromDate <= date && date <= span.toDate);
}

/** The driver the round's patterns put on the day, or null; `patterns` are the round's. */
export function getPatternDriver(patterns: readonly SlotPattern[], date: string): number | null {
  let found: SlotPattern | null = null;
  for (const pattern of patterns) {
    if ((found === null || pattern.id < found.id) && isPatternOn(pattern, date)) found = pattern;
  }
  return found?.driverId ?? null;
}

const unfilled = (isReleased = false): ResolvedSlot => ({ driverId: null, kind: 'unfilled', isReleased });

/** The slot of a round (its `patterns`) on `date`, given the day's `assignment` and the account's time off. */
export function resolveSlot(
  patterns: readonly SlotPattern[],
  assignment: SlotAssignment | null,
  timeOff: readonly TimeOffSpan[],
  date: string,
): ResolvedSlot {
  const patternDriver = getPatternDriver(patterns, date);
  const driverId = assignment ? assignment.driverId : patternDriver;
  if (driverId === null) return unfilled(assignment?.isReleased ?? false);
  if (isOnTimeOff(timeOff, driverId, date)) return unfilled();
  if (!assignment || driverId === patternDriver) return { driverId, kind: 'recurring', isReleased: false };
  return { driverId, kind: patternDriver === null ? 'one_time' : 'substitute', isReleased: false };
}
