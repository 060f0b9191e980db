import { getMonthName, getWeekdayName } from './calendar-names';
import { addDays, getIsoWeekday } from './zoned-time';

/**
 * Delivery notices of a change (ADR 0044): a visit of today or tomorrow that is cancelled, or whose start moves by
 * more than half an hour, earns a text to the people who want notices. A change weeks ahead earns none: the
 * client hears of it nearer the day through the usual round, and nobody wants a text about it now.
 */

/** A smaller move is within the usual slack of a round and is not worth a text. */
export const noticeMoveMinutes = 30;

/** Whether the start moved by more than the notice threshold (either way). */
export function isMovedEnoughForNotice(previousStartMs: number, nextStartMs: number): boolean {
  return Math.abs(nextStartMs - previousStartMs) > noticeMoveMinutes * 60_000;
}

/** Whether a visit on `date` is near enough to `today` (both YYYY-MM-DD in the visit's zone) for a notice. */
export function isDateNearForNotice(date: string, today: string): boolean {
  return date === today || date === addDays(today, 1);
}

/** 'Tuesday 1 December' for 2026-12-01: the client knows the year. */
export function formatNoticeDate(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${getWeekdayName(getIsoWeekday(date) - 1)} ${String(day)} ${getMonthName(month ?? 0)}`;
}

export function describeCancelledNotice(date: string): string {
  return `Your meal delivery on ${formatNoticeDate(date)} is cancelled.`;
}

/** `time` is the new start as HH:MM in the visit's zone. */
export function describeMovedNotice(date: string, time: string): string {
  return `Your meal delivery on ${formatNoticeDate(date)} is now about ${time}.`;
}
