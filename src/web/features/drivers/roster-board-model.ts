import type { RosterSlot } from '../../../contracts/drivers';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { addDays } from '../../../domain/zoned-time';

/** How many weeks the board shows at once (28 days: within the API's 62). */
export const boardWeeks = 4;

export type BoardDay = { date: string; slots: ReadonlyMap<number, RosterSlot> };
export type BoardWeek = { monday: string; days: BoardDay[]; gapCount: number };

/** The span the board asks for: DD-MM-YYYY from its first Monday (YYYY-MM-DD) over `boardWeeks` weeks. */
export function getBoardSpan(firstMonday: string): { from: string; to: string } {
  return {
    from: formatDayMonthYear(firstMonday),
    to: formatDayMonthYear(addDays(firstMonday, boardWeeks * 7 - 1)),
  };
}

/** The slots week by week (weeks down), each day with a slot holding its slots by round; a week's gaps counted. */
export function buildBoardWeeks(slots: readonly RosterSlot[], firstMonday: string): BoardWeek[] {
  const byDate = new Map<string, Map<number, RosterSlot>>();
  for (const slot of slots) {
    const date = parseDayMonthYear(slot.date) ?? slot.date;
    const day = byDate.get(date) ?? new Map<number, RosterSlot>();
    day.set(slot.round_id, slot);
    byDate.set(date, day);
  }
  return Array.from({ length: boardWeeks }, (_, index) => {
    const monday = addDays(firstMonday, index * 7);
    const days = [0, 1, 2, 3, 4, 5, 6].flatMap((offset) => {
      const date = addDays(monday, offset);
      const daySlots = byDate.get(date);
      return daySlots ? [{ date, slots: daySlots }] : [];
    });
    const gapCount = days.reduce(
      (total, day) => total + [...day.slots.values()].filter((slot) => slot.driver === null).length,
      0,
    );
    return { monday, days, gapCount };
  });
}

/** The unfilled slots, earliest first (released days before others on the same day), for the gaps list. */
export function listGaps(slots: readonly RosterSlot[]): RosterSlot[] {
  return slots
    .filter((slot) => slot.driver === null)
    .sort(
      (a, b) =>
        (parseDayMonthYear(a.date) ?? '').localeCompare(parseDayMonthYear(b.date) ?? '') ||
        Number(b.is_released) - Number(a.is_released) ||
        a.round_id - b.round_id,
    );
}
