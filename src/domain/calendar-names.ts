import { getIsoWeekday } from './zoned-time';

/**
 * Weekday and month names as the screens, printed sheets and CSV files show them (English). Weeks start on Monday
 * throughout the product, so weekday 0 is Monday (the ISO weekday less one).
 */

export const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export type WeekdayName = (typeof weekdayNames)[number];

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Monday' for 0, 'Mon' short; counts on round the week (7 is Monday again); '' for a negative index. */
export function getWeekdayName(index: number, form: 'long' | 'short' = 'long'): string {
  const name = (index >= 0 ? weekdayNames[index % 7] : undefined) ?? '';
  return form === 'short' ? name.slice(0, 3) : name;
}

/** 'January' for 1, 'Jan' short; '' for a month that does not exist. */
export function getMonthName(month: number, form: 'long' | 'short' = 'long'): string {
  const name = monthNames[month - 1] ?? '';
  return form === 'short' ? name.slice(0, 3) : name;
}

/** 'Tuesday 24 November 2026' for 2026-11-24 (a calendar day, whatever the zone). */
export function formatLongDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${getWeekdayName(getIsoWeekday(date) - 1)} ${String(day)} ${getMonthName(month ?? 0)} ${String(year)}`;
}
