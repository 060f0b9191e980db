import { driverOutcomes, type DriverOutcomeKind } from './driver-outcomes';
import { addDays, getDayNumber } from './zoned-time';

/**
 * The Delivery Outcomes report's rules: its date range, its columns and which clients come first (its times are
 * shown by shown-time.ts).
 */

export type OutcomeKind = DriverOutcomeKind;

/** The report's columns, in this order. */
export const outcomeKindsInOrder: readonly OutcomeKind[] = driverOutcomes;

export type OutcomeCounts = Record<OutcomeKind, number>;

export function countNoOutcomes(): OutcomeCounts {
  return { delivered: 0, not_home: 0, refused: 0, concern: 0, other: 0 };
}

/**
 * Nobody home and a concern both say the client may be unwell or at risk: a client with two or more of them in the
 * range (together) is one the office should call, so the report lists such clients first.
 */
export const repeatedWorryThreshold = 2;

/** How the report marks such a client, on the screen, in the PDF and the CSV's column. */
export const repeatedWorryText = 'Repeated not home or concern';

export function countWorryingOutcomes(counts: OutcomeCounts): number {
  return counts.not_home + counts.concern;
}

export function hasRepeatedWorry(counts: OutcomeCounts): boolean {
  return countWorryingOutcomes(counts) >= repeatedWorryThreshold;
}

type RankedClient = { name: string; id: number; counts: OutcomeCounts };

/** Clients with repeated not-home or concern outcomes first (most of them first), then everyone by name. */
export function compareOutcomeClients(a: RankedClient, b: RankedClient): number {
  const worryA = hasRepeatedWorry(a.counts) ? countWorryingOutcomes(a.counts) : 0;
  const worryB = hasRepeatedWorry(b.counts) ? countWorryingOutcomes(b.counts) : 0;
  return worryB - worryA || a.name.localeCompare(b.name) || a.id - b.id;
}

/** Without dates the report shows the last four weeks, today included. */
export const defaultOutcomeRangeDays = 28;
/** A year at most, so one request cannot ask for the whole history. */
export const maxOutcomeRangeDays = 366;

export type OutcomeRange = { from: string; to: string };

/**
 * The range a report request asks for (YYYY-MM-DD, `today` the account's local date): a missing end is today, a
 * missing start four weeks before the end. Answers which field is wrong when the range is reversed or too long.
 */
export function resolveOutcomeRange(
  today: string,
  from?: string,
  to?: string,
): OutcomeRange | { field: 'from' | 'to'; message: string } {
  const end = to ?? (from && from > today ? from : today);
  const start = from ?? addDays(end, 1 - defaultOutcomeRangeDays);
  if (start > end) return { field: 'to', message: 'The end date must not be before the start date.' };
  if (getDayNumber(end) - getDayNumber(start) + 1 > maxOutcomeRangeDays) {
    return { field: 'to', message: `Choose at most ${String(maxOutcomeRangeDays)} days.` };
  }
  return { from: start, to: end };
}
