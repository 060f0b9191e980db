import { formatDayMonthYear } from './weeks';
import { getKnownZoneOrDefault, parseIsoDateTime, toZonedParts, type ZonedParts } from './zoned-time';

/*
 * Instants as the screens and printouts show them: always in a zone given (the account's, or a round's on the
 * round's own screens and its driver page), never in the zone of the browser, the phone or the server, so an office
 * in another zone and a phone set to UTC read the same time as the kitchen.
 */

/** The instant's local parts in the zone; an unknown zone counts in the default zone; null when not ISO 8601. */
function readShownParts(iso: string, timeZone: string): ZonedParts | null {
  const instant = parseIsoDateTime(iso);
  if (instant === null) return null;
  return toZonedParts(new Date(instant), getKnownZoneOrDefault(timeZone));
}

/** '23-11-2026 10:05' in the zone; the text as sent when it is not an ISO 8601 date-time with its offset. */
export function formatShownDateTime(iso: string, timeZone: string): string {
  const parts = readShownParts(iso, timeZone);
  return parts === null ? iso : `${formatDayMonthYear(parts.date)} ${parts.time}`;
}

/** '10:05' in the zone; the text as sent when it is not an ISO 8601 date-time with its offset. */
export function formatShownClock(iso: string, timeZone: string): string {
  return readShownParts(iso, timeZone)?.time ?? iso;
}
