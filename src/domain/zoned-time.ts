/**
 * Wall-clock dates and times in an IANA time zone (rounds have one, e.g. Australia/Sydney), with no library:
 * publish turns a round's local times into instants, the CRM adapter turns dates into the instants AlayaCare
 * filters on, and the simulator writes visit times with the zone's offset as AlayaCare does.
 */

import { defaultTimezone } from './timezones';

const dayMs = 24 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone when the runtime knows it, else the default zone: an old round's unknown zone never fails a screen. */
export function getKnownZoneOrDefault(timeZone: string): string {
  try {
    getFormatter(timeZone);
    return timeZone;
  } catch {
    return defaultTimezone;
  }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function readWallClock(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of getFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const quarterHourMs = 15 * 60 * 1000;
const offsetCache = new Map<string, number>();

/**
 * Minutes the zone is ahead of UTC at this instant (660 for Sydney in summer). Zones change offset on a quarter hour at
 * the finest (Lord Howe, Newfoundland), so the answer is cached per zone and quarter hour: formatting 40,000 visits
 * then costs a few hundred Intl calls.
 */
export function getOffsetMinutes(instantMs: number, timeZone: string): number {
  const hourStart = Math.floor(instantMs / quarterHourMs) * quarterHourMs;
  const key = `${timeZone} ${hourStart}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const wall = readWallClock(hourStart, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offset = Math.round((wallAsUtc - hourStart) / 60_000);
  if (offsetCache.size > 100_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

/** The zone's wall clock at this instant, read with UTC getters after shifting by the offset. */
function readShifted(instantMs: number, timeZone: string): Date {
  return new Date(instantMs + getOffsetMinutes(instantMs, timeZone) * 60_000);
}

/** The instant of a wall-clock date and time ('YYYY-MM-DD', 'HH:MM' or 'HH:MM:SS') in the zone. */
export function toInstantMs(date: string, time: string, timeZone: string): number {
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  const wallAsUtc = Date.parse(`${date}T00:00:00Z`) + ((hour * 60 + minute) * 60 + second) * 1000;
  // Two passes settle the offset, also on the days the zone changes to or from daylight saving.
  const firstGuess = wallAsUtc - getOffsetMinutes(wallAsUtc, timeZone) * 60_000;
  return wallAsUtc - getOffsetMinutes(firstGuess, timeZone) * 60_000;
}

/** ISO 8601 with the zone's offset, e.g. 2026-11-23T10:30:00+11:00. */
export function formatZonedIso(instantMs: number, timeZone: string): string {
  const offset = getOffsetMinutes(instantMs, timeZone);
  const wall = new Date(Math.floor(instantMs / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const absolute = Math.abs(offset);
  return `${wall}${offset < 0 ? '-' : '+'}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** The zone's calendar date ('YYYY-MM-DD') at this instant. */
export function getZonedDate(instantMs: number, timeZone: string): string {
  return readShifted(instantMs, timeZone).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Sakamoto's month offsets (January first) for the weekday of a date. */
const monthOffsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4] as const;

/** 1 = Monday ... 7 = Sunday. */
export function getIsoWeekday(date: string): number {
  // Sakamoto's method on the date's digits: reports ask it for every client and day (70,000 times for a
  // 5,000-client fortnight), where parsing a Date each time showed in the profile.
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const shifted = month < 3 ? year - 1 : year;
  const sundayFirst =
    (shifted +
      Math.floor(shifted / 4) -
      Math.floor(shifted / 100) +
      Math.floor(shifted / 400) +
      (monthOffsets[month - 1] ?? 0) +
      day) %
    7;
  return sundayFirst === 0 ? 7 : sundayFirst;
}

/** Days since 1970-01-01 of a calendar date. */
export function getDayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / dayMs);
}

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}

/** An ISO 8601 date-time that names its offset (Z or ±HH:MM), as AlayaCare requires. */
export function parseIsoDateTime(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? null : instant;
}

export type ZonedParts = { date: string; time: string };

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in the zone. */
export function toZonedParts(instant: Date, timeZone: string): ZonedParts {
  const wall = readShifted(instant.getTime(), timeZone).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/**
 * The instant of a local date (YYYY-MM-DD) and time (HH:MM) in the zone, as ISO 8601 with its offset
 * ('2026-11-23T10:30:00+11:00'). A time skipped by a daylight-saving change moves forward by the gap.
 */
export function toZonedIso(date: string, time: string, timeZone: string): string {
  return formatZonedIso(toInstantMs(date, time, timeZone), timeZone);
}
