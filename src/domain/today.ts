import { defaultTimezone } from './timezones';
import { getKnownZoneOrDefault, getZonedDate } from './zoned-time';

/**
 * "Today" for an account and for a round, the same on the screens and the server (docs/product-rules.md, The
 * account's today): an account's timezone is its first round's (the lowest id, whatever the rounds are named), else
 * the default zone; a zone the runtime does not know counts in the default zone rather than failing.
 */

/** The account's timezone: its lowest-id round's, else the default zone. */
export function getAccountTimeZone(rounds: readonly { id: number; timezone: string }[]): string {
  let first: { id: number; timezone: string } | undefined;
  for (const round of rounds) if (first === undefined || round.id < first.id) first = round;
  return first?.timezone || defaultTimezone;
}

/** Today (YYYY-MM-DD) in the zone; an unknown zone (an old round) counts in the default zone. */
export function getTodayIn(timeZone: string, nowMs: number = Date.now()): string {
  return getZonedDate(nowMs, getKnownZoneOrDefault(timeZone));
}

/** The account's today (YYYY-MM-DD): today in the account's timezone. */
export function getAccountToday(
  rounds: readonly { id: number; timezone: string }[],
  nowMs: number = Date.now(),
): string {
  return getTodayIn(getAccountTimeZone(rounds), nowMs);
}
