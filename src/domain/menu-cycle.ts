import { snapToMonday } from './weeks';
import { addDays, getDayNumber } from './zoned-time';

/**
 * Which week of a menu cycle (1..cycleWeeks) a week is, counted from the week of the cycle start.
 * Null when there is no cycle (cycleWeeks 0 or less, or no start) or the week is before the cycle starts.
 * Dates are YYYY-MM-DD and need not be Mondays: both snap to their Monday.
 */
export function cycleWeekOf(weekStart: string, cycleStart: string | null, cycleWeeks: number): number | null {
  if (!cycleStart || !Number.isInteger(cycleWeeks) || cycleWeeks <= 0) return null;
  const weeks = Math.round(
    (getDayNumber(snapToMonday(weekStart)) - getDayNumber(snapToMonday(cycleStart))) / 7,
  );
  if (weeks < 0) return null;
  return (weeks % cycleWeeks) + 1;
}

/** The Monday (YYYY-MM-DD) of the cycle week whose menu a week shows, or null when no cycle applies. */
export function cycleSourceWeek(
  weekStart: string,
  cycleStart: string | null,
  cycleWeeks: number,
): string | null {
  const cycleWeek = cycleWeekOf(weekStart, cycleStart, cycleWeeks);
  if (cycleWeek === null || !cycleStart) return null;
  return addDays(snapToMonday(cycleStart), (cycleWeek - 1) * 7);
}
