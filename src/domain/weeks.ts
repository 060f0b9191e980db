import { isRealCalendarDate } from './calendar-dates';
import { addDays, getIsoWeekday } from './zoned-time';

/** The Monday (YYYY-MM-DD) of the week holding this date (YYYY-MM-DD); weeks start on Monday. */
export function snapToMonday(date: string): string {
  return addDays(date, 1 - getIsoWeekday(date));
}

/** The seven dates (YYYY-MM-DD) of the week that starts on this Monday. */
export function weekDates(monday: string): string[] {
  return [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(monday, offset));
}

/** YYYY-MM-DD to DD-MM-YYYY (the API's and the screens' day order). */
export function formatDayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${String(day)}-${String(month)}-${String(year)}`;
}

/** DD-MM-YYYY to YYYY-MM-DD, or null when it is not a real date (within the accepted years) in that form. */
export function parseDayMonthYear(value: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!match) return null;
  const [, day, month, year] = match;
  return isRealCalendarDate(Number(year), Number(month), Number(day))
    ? `${String(year)}-${String(month)}-${String(day)}`
    : null;
}

/** A week id: the Monday of the week holding this DD-MM-YYYY date, as DD-MM-YYYY; null when invalid. */
export function weekIdOf(value: string): string | null {
  const iso = parseDayMonthYear(value);
  return iso ? formatDayMonthYear(snapToMonday(iso)) : null;
}
