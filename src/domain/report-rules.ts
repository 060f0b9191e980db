import { getWeekdayName } from './calendar-names';
import { snapToMonday, weekDates } from './weeks';
import { addDays, getIsoWeekday } from './zoned-time';

/*
 * The counting rules of every report and printed sheet (docs/architecture.md, "Reports and sheets"), in one place so the kitchen,
 * the packing list, the driver sheets and the delivery reports always agree.
 */

/** What is known about a client's visits on one day. */
export type VisitDay = {
  /** Visits of the client that day. */
  total: number;
  cancelled: number;
  completed: number;
};

export const noVisits: VisitDay = { total: 0, cancelled: 0, completed: 0 };

/**
 * Do the client's meal choices for a day count as ordered? Not when the client is hidden by the sync, nor on a day
 * the client is on hold (domain/holds.ts: the choices stay recorded and count again when the hold no longer covers
 * the day), nor when the client has visits that day and every one is cancelled. A day without any synced visit
 * still counts: the meals were chosen and the kitchen has to cook them.
 */
export function isOrderCounted(isClientHidden: boolean, visits: VisitDay, isHeld: boolean): boolean {
  if (isClientHidden || isHeld) return false;
  return !isDayCancelled(visits);
}

/**
 * Did the CRM cancel the client's day? When the client has visits that day and every one is cancelled: the day's
 * meals are then not ordered (isOrderCounted), and the clients list and the client's week mark the day so.
 */
export function isDayCancelled(visits: VisitDay): boolean {
  return visits.total > 0 && visits.cancelled >= visits.total;
}

/**
 * Do the client's meal choices for a day show as held in the delivered reports? When the client is visible and on
 * hold that day: what was chosen is neither ordered nor left undelivered, whatever the visits.
 */
export function isOrderHeld(isClientHidden: boolean, isHeld: boolean): boolean {
  return !isClientHidden && isHeld;
}

/** Are a counted day's orders delivered? When the client has a completed visit that day. */
export function isOrderDelivered(visits: VisitDay): boolean {
  return visits.completed > 0;
}

/** Tallies a visit's status into the day's summary. */
export function addVisitToDay(day: VisitDay, status: string): VisitDay {
  return {
    total: day.total + 1,
    cancelled: day.cancelled + (status === 'cancelled' ? 1 : 0),
    completed: day.completed + (status === 'completed' ? 1 : 0),
  };
}

/**
 * A day of a client in the meal choices report: does the plan mark its weekday (`planned`), the portions chosen
 * (`cnt`), and is the client on hold that day (`held`).
 */
export type MealChoiceDay = { planned: boolean; cnt: number; held: boolean };

/**
 * Is this day a problem in the meal choices report? A planned day with no meals, or an unplanned day with meals;
 * never a day the client is on hold (nothing is delivered then, whatever was chosen).
 */
export function isProblemDay(day: MealChoiceDay): boolean {
  return !day.held && isProblemCount(day.planned, day.cnt);
}

/** The same for a day whose planned flag and portions alone are known. */
export function isProblemCount(planned: boolean, count: number): boolean {
  return planned !== count > 0;
}

/**
 * The meal choices score: the number of problem days among a client's days. A plain loop: the report scores every
 * client's 28 days (140,000 for 5,000 clients).
 */
export function scoreMealChoices(days: readonly MealChoiceDay[]): number {
  let score = 0;
  for (const day of days) if (isProblemDay(day)) score += 1;
  return score;
}

/** The score bar's thresholds: segment i is red when the score is above thresholds[i]. */
export const scoreBarThresholds = [4, 12, 20, 28, 36] as const;

export type ScoreSegment = 'red' | 'green';

/** The 5 segments of the score bar, left to right. */
export function listScoreSegments(score: number): ScoreSegment[] {
  return scoreBarThresholds.map((threshold) => (score > threshold ? 'red' : 'green'));
}

/**
 * How a day cell of the meal choices report looks: a planned day is red when nothing is chosen and green
 * otherwise; an unplanned day with meals is a red tag; an unplanned day without meals is plain.
 */
export type DayCellStyle = 'planned-empty' | 'planned-filled' | 'unplanned-filled' | 'unplanned-empty';

export function getDayCellStyle(planned: boolean, count: number): DayCellStyle {
  if (planned) return count > 0 ? 'planned-filled' : 'planned-empty';
  return count > 0 ? 'unplanned-filled' : 'unplanned-empty';
}

/** The colour a day cell style is drawn in: red for problems, green for a planned day with meals. */
export function getDayCellColour(style: DayCellStyle): 'red' | 'green' | null {
  if (style === 'planned-filled') return 'green';
  if (style === 'unplanned-empty') return null;
  return 'red';
}

/**
 * An ordered:delivered cell of the delivery reports: green when equal, red when not; 'empty' when nothing was
 * ordered or delivered (shown blank rather than a green 0:0).
 */
export type OrderedDeliveredState = 'empty' | 'equal' | 'different';

export function getOrderedDeliveredState(ordered: number, delivered: number): OrderedDeliveredState {
  if (ordered === 0 && delivered === 0) return 'empty';
  return ordered === delivered ? 'equal' : 'different';
}

/**
 * A delivery report cell judged against today (both YYYY-MM-DD, `lastDate` the last day the cell counts): a
 * difference on a day not yet over (today or later) is 'pending', shown neutral, since the meals may still be
 * delivered; only a past day's difference is red. A cell with nothing ordered or delivered but `held` portions
 * chosen on hold days (isOrderHeld) is 'held': shown as held, never as undelivered.
 */
export type DeliveryCellState = OrderedDeliveredState | 'pending' | 'held';

export function getDeliveryCellState(
  ordered: number,
  delivered: number,
  lastDate: string,
  today: string,
  held = 0,
): DeliveryCellState {
  const state = getOrderedDeliveredState(ordered, delivered);
  if (state === 'empty' && held > 0) return 'held';
  return state === 'different' && lastDate >= today ? 'pending' : state;
}

/** The text of a held cell of the delivery reports, and the line that explains it under their grids. */
export const heldCellText = 'Held';
export const heldCellLegend = `${heldCellText}: meals chosen for a day the client was on hold (neither ordered nor undelivered).`;

/** The text of an ordered:delivered cell, e.g. '3:2'; '' when empty. */
export function formatOrderedDelivered(ordered: number, delivered: number): string {
  return getOrderedDeliveredState(ordered, delivered) === 'empty' ? '' : `${ordered}:${delivered}`;
}

/** The text of a delivery report cell: 'Held' for a held one (getDeliveryCellState), else formatOrderedDelivered. */
export function formatDeliveryCell(ordered: number, delivered: number, held: number): string {
  return getOrderedDeliveredState(ordered, delivered) === 'empty' && held > 0
    ? heldCellText
    : formatOrderedDelivered(ordered, delivered);
}

// Report windows. Dates are YYYY-MM-DD; `today` is the account's local date.

/** The kitchen prep reports' week: the one holding `date`, else the week after today's. */
export function getKitchenWeek(today: string, date?: string): string[] {
  return weekDates(date ? snapToMonday(date) : addDays(snapToMonday(today), 7));
}

/** The meal choices report's window: 28 days from the Monday of the week holding `date`, else this week's. */
export const mealChoicesWindowDays = 28;

export function getMealChoicesWindow(today: string, date?: string): string[] {
  const monday = snapToMonday(date ?? today);
  return Array.from({ length: mealChoicesWindowDays }, (_, offset) => addDays(monday, offset));
}

/** The packing list's day: `date`, else tomorrow. */
export function getPackingDay(today: string, date?: string): string {
  return date ?? addDays(today, 1);
}

/** How far ahead the next delivery day is looked for: the CRM's visits and the meal choices reach about 4 weeks. */
export const nextDeliveryDaySearchDays = 28;

/** The days (YYYY-MM-DD, both included) in which the next delivery day after `today` is looked for. */
export function getNextDeliveryDaySearch(today: string): { from: string; to: string } {
  return { from: addDays(today, 1), to: addDays(today, nextDeliveryDaySearchDays) };
}

/**
 * The next delivery day: the first day after today on which the account delivers (`found`: a visit that goes out or
 * meals chosen, of a visible client), else tomorrow. Packing and planning are for days to come, never today.
 */
export function chooseNextDeliveryDay(today: string, found: string | null): string {
  return found ?? addDays(today, 1);
}

/** The delivery reports' window: every day of the month holding `date`, else tomorrow's month. */
export function getDeliveryMonth(today: string, date?: string): string[] {
  const first = `${getPackingDay(today, date).slice(0, 8)}01`;
  const days: string[] = [];
  for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) days.push(day);
  return days;
}

/** 'Monday 30-11-2026' for 2026-11-30. */
export function formatDateDisplay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${getWeekdayName(getIsoWeekday(date) - 1)} ${String(day)}-${String(month)}-${String(year)}`;
}
