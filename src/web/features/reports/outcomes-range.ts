import { defaultOutcomeRangeDays, resolveOutcomeRange } from '../../../domain/outcome-report';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { addDays } from '../../../domain/zoned-time';

/** The Delivery Outcomes report's first and last day, DD-MM-YYYY as typed. */
export type OutcomesRange = { from: string; to: string };

/** The report opens on the last four weeks, today (the account's, YYYY-MM-DD) included, as the server's default. */
export function getDefaultOutcomesRange(today: string): OutcomesRange {
  return {
    from: formatDayMonthYear(addDays(today, 1 - defaultOutcomeRangeDays)),
    to: formatDayMonthYear(today),
  };
}

export type RangeErrors = { from?: string; to?: string };

const dateMessage = 'Please enter a date as DD-MM-YYYY.';

/**
 * A typed range as the report will use it, or what is wrong with each field: the same range rule as the server
 * (not reversed, at most a year), so Show never asks for a range the server refuses.
 */
export function readOutcomesRange(from: string, to: string): OutcomesRange | { errors: RangeErrors } {
  const isoFrom = parseDayMonthYear(from.trim());
  const isoTo = parseDayMonthYear(to.trim());
  if (!isoFrom || !isoTo) {
    return { errors: { ...(isoFrom ? {} : { from: dateMessage }), ...(isoTo ? {} : { to: dateMessage }) } };
  }
  const range = resolveOutcomeRange(isoTo, isoFrom, isoTo);
  if ('field' in range) return { errors: { [range.field]: range.message } };
  return { from: formatDayMonthYear(range.from), to: formatDayMonthYear(range.to) };
}
