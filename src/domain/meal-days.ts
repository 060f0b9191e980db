import { addDays, getIsoWeekday } from './zoned-time';
import { snapToMonday } from './weeks';

/** The clients list's strip: 14 days (7 plus 7) from the Monday of the current week. */
export const mealStripDays = 14;

/** Is this weekday (ISO, 1 = Monday) a delivery day of the plan (seven flags, Monday first)? */
export function isPlannedDay(planDow: readonly number[], isoWeekday: number): boolean {
  return planDow[isoWeekday - 1] === 1;
}

/**
 * A meal day is missing when the plan marks its weekday as a delivery day and no meal is chosen for it,
 * unless the client is on hold that day (domain/holds.ts). `count` is the number of meals
 * chosen for that date (absent counts as 0).
 */
export function isMissingMealDay(
  planDow: readonly number[],
  date: string,
  count: number | undefined,
  isHeld: boolean,
): boolean {
  return !isHeld && isPlannedDay(planDow, getIsoWeekday(date)) && (count ?? 0) <= 0;
}

/** The strip's dates (YYYY-MM-DD): 14 days from the Monday of the week holding `today` (YYYY-MM-DD). */
export function mealStripDates(today: string): string[] {
  const monday = snapToMonday(today);
  return Array.from({ length: mealStripDays }, (_, offset) => addDays(monday, offset));
}
