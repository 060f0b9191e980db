import { addDays, getDayNumber } from './zoned-time';

/**
 * Roster patterns: a driver on a round on some weekdays (1 = Monday ... 7 = Sunday), every `everyWeeks` weeks
 * counted from the week (Monday to Sunday) that holds `starts`, from `starts` to `ends` (YYYY-MM-DD, both included;
 * null = open-ended). `weekOfMonth` n keeps only the nth such weekday of its month ("the 2nd Tuesday"); 5 means the
 * fifth, which some months do not have. Patterns are expanded when read, never stored day by day.
 */
export type RosterPatternRule = {
  weekdays: readonly number[];
  everyWeeks: number;
  weekOfMonth: number | null;
  starts: string;
  ends: string | null;
};

/** How far after both patterns have begun two patterns are compared for a clash (8 years of days). */
export const overlapHorizonDays = 2922;

const dayMs = 86_400_000;

/** ISO weekday (1 = Monday) of a day number (days since 1970-01-01, a Thursday). */
function weekdayOfDayNumber(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** The day number of the Monday of the week that holds this day number. */
function mondayOfDayNumber(dayNumber: number): number {
  return dayNumber - (weekdayOfDayNumber(dayNumber) - 1);
}

/** A pattern with its dates as day numbers, for walking many days quickly. */
type CompiledPattern = {
  weekdays: ReadonlySet<number>;
  everyWeeks: number;
  weekOfMonth: number | null;
  first: number;
  last: number;
  firstMonday: number;
};

function compile(pattern: RosterPatternRule): CompiledPattern {
  const first = getDayNumber(pattern.starts);
  return {
    weekdays: new Set(pattern.weekdays),
    everyWeeks: Math.max(1, pattern.everyWeeks),
    weekOfMonth: pattern.weekOfMonth,
    first,
    last: pattern.ends === null ? Number.POSITIVE_INFINITY : getDayNumber(pattern.ends),
    firstMonday: mondayOfDayNumber(first),
  };
}

function isCompiledOn(pattern: CompiledPattern, dayNumber: number): boolean {
  if (dayNumber < pattern.first || dayNumber > pattern.last) return false;
  if (!pattern.weekdays.has(weekdayOfDayNumber(dayNumber))) return false;
  const weeks = (mondayOfDayNumber(dayNumber) - pattern.firstMonday) / 7;
  if (weeks % pattern.everyWeeks !== 0) return false;
  if (pattern.weekOfMonth === null) return true;
  const dayOfMonth = new Date(dayNumber * dayMs).getUTCDate();
  return Math.ceil(dayOfMonth / 7) === pattern.weekOfMonth;
}

/** Does the pattern put its driver on this day (YYYY-MM-DD)? */
export function isPatternOn(pattern: RosterPatternRule, date: string): boolean {
  return isCompiledOn(compile(pattern), getDayNumber(date));
}

/** The days (YYYY-MM-DD) from `from` to `to` (both included) the pattern fills, in order. */
export function expandPattern(pattern: RosterPatternRule, from: string, to: string): string[] {
  const compiled = compile(pattern);
  const days: string[] = [];
  const start = Math.max(getDayNumber(from), compiled.first);
  const end = Math.min(getDayNumber(to), compiled.last);
  for (let day = start; day <= end; day += 1) {
    if (isCompiledOn(compiled, day)) days.push(addDays(from, day - getDayNumber(from)));
  }
  return days;
}

/**
 * The first day (YYYY-MM-DD) both patterns would fill, or null when they never meet: within `overlapHorizonDays`
 * of the later start (weekly patterns repeat within 56 weeks; monthly ones are compared over 8 years).
 */
export function findFirstOverlap(a: RosterPatternRule, b: RosterPatternRule): string | null {
  const first = compile(a);
  const second = compile(b);
  if (![...first.weekdays].some((weekday) => second.weekdays.has(weekday))) return null;
  const start = Math.max(first.first, second.first);
  const end = Math.min(first.last, second.last, start + overlapHorizonDays);
  for (let day = start; day <= end; day += 1) {
    if (isCompiledOn(first, day) && isCompiledOn(second, day)) {
      return new Date(day * dayMs).toISOString().slice(0, 10);
    }
  }
  return null;
}
