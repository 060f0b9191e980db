import { defaultContingencyMins, formatClockMinutes, noTime, parseClockMinutes } from './round-schedule';
import { getMonthName, getWeekdayName } from './calendar-names';
import { addDays, getIsoWeekday } from './zoned-time';

/**
 * Rules of the rounds screen's day panels (docs/product-rules.md, Rounds screen): which days show, what a
 * panel's header adds up to, which visits changed, and the links it opens.
 */

/** Rounds view: 4 days starting at offset -1, step 4. */
export const panelDayCount = 4;
const firstPanelOffset = -1;

/** The four dates (YYYY-MM-DD) shown for a chosen date: the day before it and the three after that. */
export function listPanelDates(date: string): string[] {
  return Array.from({ length: panelDayCount }, (_, index) => addDays(date, firstPanelOffset + index));
}

/** The chosen date after '<' (-1) or '>' (+1): four days earlier or later. */
export function shiftPanelDate(date: string, direction: -1 | 1): string {
  return addDays(date, direction * panelDayCount);
}

/** A panel's header date: weekday, day and month, e.g. 'Mon 23 Nov'. */
export function formatPanelDate(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${getWeekdayName(getIsoWeekday(date) - 1, 'short')} ${String(day)} ${getMonthName(month ?? 0, 'short')}`;
}

/** A day after today (the day planner applies plans to those only; the rounds screen: round-day-rules.ts). */
export function isFutureDate(date: string, today: string): boolean {
  return date > today;
}

/** Travel of one leg; null when it could not be calculated (shown as '?'). */
export type Leg = { kms: number; mins: number } | null;

/**
 * Is the visit driven to? A cancelled one is not: no leg leads to it, the legs around it join its neighbours, and
 * its times are never recomputed (optimise leaves it out the same way, ADR 0004).
 */
export function isDrivenTo(visit: { status: string }): boolean {
  return visit.status !== 'cancelled';
}

/**
 * Spreads the legs of the driven visits (listLegAddresses over them) over all the panel's visits: the leg that
 * leads to each driven visit, null before a cancelled one, and the way back to the base last.
 */
export function alignLegs<L>(visits: readonly { status: string }[], drivenLegs: readonly L[]): (L | null)[] {
  let next = 0;
  const aligned = visits.map((visit) => (isDrivenTo(visit) ? (drivenLegs[next++] ?? null) : null));
  return [...aligned, drivenLegs[next] ?? null];
}

/** The legs of a round: base to the first stop, stop to stop, and the last stop back to the base. */
export function listLegAddresses(base: string, stops: readonly string[]): [from: string, to: string][] {
  if (stops.length === 0) return [];
  const path = [base, ...stops, base];
  return path.slice(1).map((to, index) => [path[index] ?? base, to]);
}

export type StopTimes = { start: string; end: string };

export function hasTime(stop: StopTimes): boolean {
  return stop.start !== noTime;
}

function legMinutes(leg: Leg | undefined): number {
  return leg ? Math.ceil(leg.mins) : 0;
}

/**
 * When the driver leaves the base: the first timed visit's start less the travel to it and the contingency.
 * Visits with no time (23:59) are skipped; null when no visit has a time.
 */
export function findEarliestStart(
  stops: readonly StopTimes[],
  legs: readonly Leg[],
  contingencyMins: number = defaultContingencyMins,
): string | null {
  const index = stops.findIndex(hasTime);
  const stop = stops[index];
  if (!stop) return null;
  return formatClockMinutes(parseClockMinutes(stop.start) - legMinutes(legs[index]) - contingencyMins);
}

/** When the driver is back: the last timed visit's end plus the travel from it and the contingency. */
export function findLatestEnd(
  stops: readonly StopTimes[],
  legs: readonly Leg[],
  contingencyMins: number = defaultContingencyMins,
): string | null {
  const index = stops.findLastIndex(hasTime);
  const stop = stops[index];
  if (!stop) return null;
  return formatClockMinutes(parseClockMinutes(stop.end) + legMinutes(legs[index + 1]) + contingencyMins);
}

/** A visit's times as shown: '10:05-10:25', or 'No time' for the 23:59 marker. */
export function formatStopTimes(stop: StopTimes): string {
  return hasTime(stop) ? `${stop.start}-${stop.end}` : 'No time';
}

export type TrackedTimes = StopTimes & { original_start: string; original_end: string };

/** A visit is changed when its start or end differs from the times it was loaded (or last published) with. */
export function hasTimesChanged(visit: TrackedTimes): boolean {
  return visit.start !== visit.original_start || visit.end !== visit.original_end;
}

/** The list with the item at `index` swapped with its neighbour above (-1) or below (+1); unchanged at an end. */
export function swapWithNeighbour<T>(items: readonly T[], index: number, direction: -1 | 1): T[] {
  const other = index + direction;
  const moved = [...items];
  const item = moved[index];
  const neighbour = moved[other];
  if (item === undefined || neighbour === undefined) return moved;
  moved[index] = neighbour;
  moved[other] = item;
  return moved;
}
