import { getMonthName, getWeekdayName } from '../../../domain/calendar-names';
import { getKitchenWeek, getMealChoicesWindow, getPackingDay } from '../../../domain/report-rules';
import { formatDayMonthYear, parseDayMonthYear, snapToMonday } from '../../../domain/weeks';
import { getIsoWeekday } from '../../../domain/zoned-time';

/** How a report reads its date: kitchen prep and meal choices show whole weeks, so they snap to Monday. */
export type ReportDateMode = 'monday' | 'day';

/** Kitchen prep defaults to the Monday of the following week (docs/product-rules.md, Reports). */
export function getDefaultKitchenDate(today: string): string {
  return formatDayMonthYear(getKitchenWeek(today)[0] ?? today);
}

/** The meal choices window starts on this week's Monday. */
export function getDefaultMealChoicesDate(today: string): string {
  return formatDayMonthYear(getMealChoicesWindow(today)[0] ?? today);
}

/** The packing list and delivery reports default to tomorrow. */
export function getDefaultPackingDate(today: string): string {
  return formatDayMonthYear(getPackingDay(today));
}

/** A typed DD-MM-YYYY date as the report will use it (snapped to its Monday when asked); null when invalid. */
export function normaliseReportDate(text: string, mode: ReportDateMode): string | null {
  const iso = parseDayMonthYear(text.trim());
  if (!iso) return null;
  return formatDayMonthYear(mode === 'monday' ? snapToMonday(iso) : iso);
}

/** 'November 2026' for a DD-MM-YYYY date of that month. */
export function formatMonthTitle(date: string): string {
  const [, month, year] = date.split('-');
  return `${getMonthName(Number(month))} ${String(year)}`;
}

/** A day column's header for a DD-MM-YYYY date, on two lines: 'Mon' and '30/11'. */
export function formatDayHeader(date: string): { weekday: string; day: string } {
  const iso = parseDayMonthYear(date);
  const [day, month] = date.split('-');
  return {
    weekday: iso ? getWeekdayName(getIsoWeekday(iso) - 1, 'short') : '',
    day: `${String(day)}/${String(month)}`,
  };
}
