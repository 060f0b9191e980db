import { formatDayMonthYear, snapToMonday } from '../../domain/weeks';

/** This week's Monday as DD-MM-YYYY, from the browser's calendar date (the screens' default week). */
export function currentWeekId(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const today = `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return formatDayMonthYear(snapToMonday(today));
}
