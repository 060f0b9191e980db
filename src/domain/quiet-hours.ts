import { addDays, toInstantMs, toZonedParts } from './zoned-time';

/** An account's quiet hours, HH:MM on its wall clock; `from` later than `to` spans midnight (21:00 to 08:00). */
export type QuietHoursWindow = { from: string; to: string };

/**
 * When the quiet hours around this instant end, in the account's time zone, or null when the instant is outside
 * them (or there are none). Notices and reminders wait until then; welfare messages never wait.
 */
export function getQuietHoursEnd(
  instantMs: number,
  quiet: QuietHoursWindow | null,
  timeZone: string,
): number | null {
  if (!quiet || quiet.from === quiet.to) return null;
  const { date, time } = toZonedParts(new Date(instantMs), timeZone);
  const spansMidnight = quiet.from > quiet.to;
  const isQuiet = spansMidnight
    ? time >= quiet.from || time < quiet.to
    : time >= quiet.from && time < quiet.to;
  if (!isQuiet) return null;
  const endDate = time < quiet.to ? date : addDays(date, 1);
  return toInstantMs(endDate, quiet.to, timeZone);
}
