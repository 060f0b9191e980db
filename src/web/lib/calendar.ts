import { formatDayMonthYear, snapToMonday } from '../../domain/weeks';

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The weekday name of the nth day (0 = Monday) of a week. */
export function weekdayName(index: number): string {
  return weekdayNames[index] ?? '';
}

/** This week's Monday as DD-MM-YYYY, from the browser's calendar date (the screens' default week). */
export function currentWeekId(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const today = `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return formatDayMonthYear(snapToMonday(today));
}
