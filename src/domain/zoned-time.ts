/** Local dates and times in a named timezone (rounds have one, e.g. Australia/Sydney), without a library. */

export type ZonedParts = { date: string; time: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', {
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

function readParts(instant: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in the timezone. */
export function toZonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts = readParts(instant, timeZone);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Minutes the timezone is ahead of UTC at the instant. */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const parts = readParts(instant, timeZone);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * The instant of a local date (YYYY-MM-DD) and time (HH:MM) in the timezone, as ISO 8601 with its offset
 * ('2026-11-23T10:30:00+11:00'). A time skipped by a daylight-saving change moves forward by the gap.
 */
export function toZonedIso(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wallClockAsUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  // The offset depends on the instant itself: guess with the wall clock, then correct once.
  let offset = offsetMinutesAt(new Date(wallClockAsUtc), timeZone);
  offset = offsetMinutesAt(new Date(wallClockAsUtc - offset * 60_000), timeZone);
  const instant = new Date(wallClockAsUtc - offset * 60_000);
  const local = toZonedParts(instant, timeZone);
  return `${local.date}T${local.time}:00${formatOffset(offsetMinutesAt(instant, timeZone))}`;
}
