import {
  defaultContingencyMins,
  noTime,
  parseClockMinutes,
  formatClockMinutes,
  toScheduledTimes,
  type ScheduledTimes,
} from './round-schedule';
import { toZonedParts } from './zoned-time';

/**
 * Which visits of a round's day may still be planned (ordered, optimised, published, moved) and from when, and
 * how a single move retimes the round (docs/decisions/0024-today-is-a-working-day.md).
 *
 * Days after today: every open visit (not completed, not cancelled) is planned, from the pickup time. Today is a
 * working day: completed and cancelled visits, and visits whose start has come, stay as they are; the others are
 * planned after them, never before now. Days before today are only completed.
 */

/** Planning (order, optimise, publish, move) is for today and later. */
export function canPlanDay(date: string, today: string): boolean {
  return date >= today;
}

/** Completion is for today and earlier: the CRM refuses to lock visits of later days. */
export function canCompleteDay(date: string, today: string): boolean {
  return date <= today;
}

/**
 * HH:MM now in the zone when `date` is today there, else null (a later or earlier day: nothing is under way). An
 * unknown zone counts as not today, so nothing is held.
 */
export function getNowClockIfToday(date: string, timeZone: string, nowMs: number): string | null {
  try {
    const local = toZonedParts(new Date(nowMs), timeZone);
    return local.date === date ? local.time : null;
  } catch {
    return null;
  }
}

type PlannedVisit = { status: string; start: string };

/**
 * An open visit: neither completed nor cancelled. Only open visits can be selected for completion, and planning
 * retimes only these.
 */
export function isOpenVisit(visit: { status: string }): boolean {
  return visit.status !== 'completed' && visit.status !== 'cancelled';
}

/**
 * Does the visit stay where it is when the day is planned? Completed and cancelled visits always do; on today
 * (`nowClock` HH:MM, null on a later day) so does a visit whose start has come, as the driver may be there.
 * A visit with no time (23:59) is never under way.
 */
export function isFixedVisit(visit: PlannedVisit, nowClock: string | null): boolean {
  if (!isOpenVisit(visit)) return true;
  if (nowClock === null || visit.start === noTime) return false;
  return parseClockMinutes(visit.start) <= parseClockMinutes(nowClock);
}

/**
 * A day's visits as planning sees them: `done`, kept first in their time order (on today: completed or under
 * way), `open`, to be ordered after them, and `aside`, kept last and not driven to (cancelled; on a later day
 * completed ones too, as before planning on today existed).
 */
export function splitDayForPlanning<T extends PlannedVisit>(
  visits: readonly T[],
  nowClock: string | null,
): { done: T[]; open: T[]; aside: T[] } {
  const open = visits.filter((visit) => !isFixedVisit(visit, nowClock));
  if (nowClock === null)
    return { done: [], open, aside: visits.filter((visit) => isFixedVisit(visit, null)) };
  const done = visits
    .filter((visit) => visit.status !== 'cancelled' && isFixedVisit(visit, nowClock))
    .sort((a, b) => parseClockMinutes(a.start) - parseClockMinutes(b.start));
  return { done, open, aside: visits.filter((visit) => visit.status === 'cancelled') };
}

/**
 * When the planned visits begin: the driver leaves the base at the pickup time, or on today carries on from the
 * last visit done (its end), and never earlier than now.
 */
export function findPlanningStart(
  pickupTime: string,
  done: readonly { end: string }[],
  nowClock: string | null,
): string {
  const last = done.at(-1);
  const from = parseClockMinutes(last ? last.end : pickupTime);
  return formatClockMinutes(nowClock === null ? from : Math.max(from, parseClockMinutes(nowClock)));
}

/** A stop of a round in its (new) order, for retiming after a move. */
export type RetimedStop = {
  start: string;
  end: string;
  /** Minutes the visit lasts. */
  duration: number;
  /** Kept as it is (isFixedVisit): its times stand and the next stop follows its end. */
  isFixed: boolean;
  /** Driven to (not cancelled): a cancelled stop has no leg and keeps its times. */
  isDriven: boolean;
  /** The start the stop keeps if it can still be reached by then; null (no time) takes the earliest. */
  wantedStart: string | null;
};

/** Where the driver comes from to a stop that could not keep its wanted start. */
export type RetimeOrigin =
  | { kind: 'base'; leavesAt: string }
  | { kind: 'stop'; index: number; leavesAt: string }
  | { kind: 'now'; leavesAt: string };

/**
 * Why a retimed stop starts when it does: it could not keep its wanted start (null: it had no time), as the driver,
 * leaving `from`, needs `travelMins` (whole minutes) plus the contingency to reach it.
 */
export type RetimeDelay = { wantedStart: string | null; from: RetimeOrigin; travelMins: number };

export type RetimedTimes = ScheduledTimes & { delay: RetimeDelay | null };

/**
 * Times after a move: each stop driven to keeps its wanted start where it still fits (it can be reached by then
 * after the stop before it: travel plus contingency), else it starts as soon as it can and says why (`delay`); so
 * only the visits that must move are retimed. `legs` are the travel minutes to each stop driven to (null when
 * unknown, counted as 0); the first leaves the base at the pickup time; on today nothing open starts before
 * `nowClock`. A visit that would end after 23:58 is flagged isPastDayEnd.
 */
export function retimeStops(
  pickupTime: string,
  stops: readonly RetimedStop[],
  legs: readonly (number | null)[],
  nowClock: string | null = null,
  contingencyMins: number = defaultContingencyMins,
): RetimedTimes[] {
  let clock = parseClockMinutes(pickupTime);
  let from: RetimeOrigin = { kind: 'base', leavesAt: pickupTime };
  let leg = 0;
  let isUnderWay = false;
  const kept = (stop: RetimedStop) => ({
    start: stop.start,
    end: stop.end,
    isPastDayEnd: false,
    delay: null,
  });
  return stops.map((stop, index) => {
    if (!stop.isDriven) return kept(stop);
    const travel = Math.ceil(legs[leg++] ?? 0);
    if (stop.isFixed) {
      clock = parseClockMinutes(stop.end);
      from = { kind: 'stop', index, leavesAt: stop.end };
      return kept(stop);
    }
    if (!isUnderWay && nowClock !== null && parseClockMinutes(nowClock) > clock) {
      clock = parseClockMinutes(nowClock);
      from = { kind: 'now', leavesAt: nowClock };
    }
    isUnderWay = true;
    const earliest = clock + travel + contingencyMins;
    const wanted = stop.wantedStart === null ? earliest : parseClockMinutes(stop.wantedStart);
    const start = Math.max(wanted, earliest);
    const isDelayed = stop.wantedStart === null || earliest > wanted;
    const delay = isDelayed ? { wantedStart: stop.wantedStart, from, travelMins: travel } : null;
    clock = start + stop.duration;
    from = { kind: 'stop', index, leavesAt: formatClockMinutes(clock) };
    return { ...toScheduledTimes(start, clock), delay };
  });
}
