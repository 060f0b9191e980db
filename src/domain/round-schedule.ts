/** Travel contingency per leg when the account sets none. */
export const defaultContingencyMins = 2;

/** A start of 23:59 means the visit has no time (the CRM books untimed visits at 23:59). */
export const noTime = '23:59';

/**
 * The latest time a recomputed visit may take: later times would read as 'no time' or wrap past midnight. A visit
 * that would end later does not fit the day (isPastDayEnd).
 */
export const latestMinute = 23 * 60 + 58;

export function parseClockMinutes(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function formatClockMinutes(totalMinutes: number): string {
  const clamped = Math.min(Math.max(Math.round(totalMinutes), 0), latestMinute);
  const hours = Math.floor(clamped / 60);
  return `${String(hours).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/** A stop of a round: how long the visit lasts and the travel minutes from the stop before it (the base first). */
export type ScheduleStop = { durationMins: number; travelMins: number };

/** A stop's times (HH:MM) and whether it would really end after 23:58, its times then being held there. */
export type ScheduledTimes = { start: string; end: string; isPastDayEnd: boolean };

/** Would a visit ending at `endMinutes` (minutes from the day's midnight, unbounded) run past the day? */
export function isPastDayEnd(endMinutes: number): boolean {
  return endMinutes > latestMinute;
}

/** The times of a stop from its start and end in minutes of the day, held at 23:58 and flagged when past it. */
export function toScheduledTimes(startMinutes: number, endMinutes: number): ScheduledTimes {
  return {
    start: formatClockMinutes(startMinutes),
    end: formatClockMinutes(endMinutes),
    isPastDayEnd: isPastDayEnd(endMinutes),
  };
}

/**
 * Start and end (HH:MM) of each stop when the driver leaves the base at the pickup time: each leg costs its
 * travel (whole minutes, rounded up) plus the contingency, and each visit its duration. Times past 23:58 are held
 * at 23:58 so that a long round never produces the 'no time' marker, and flagged: such a plan does not fit the
 * day and must not be published (describePastMidnight says so).
 */
export function scheduleStops(
  pickupTime: string,
  stops: readonly ScheduleStop[],
  contingencyMins: number = defaultContingencyMins,
): ScheduledTimes[] {
  let clock = parseClockMinutes(pickupTime);
  return stops.map((stop) => {
    clock += Math.ceil(stop.travelMins) + contingencyMins;
    const start = clock;
    clock += stop.durationMins;
    return toScheduledTimes(start, clock);
  });
}

/**
 * Why a plan is refused when some of its visits would end after 23:58: the clients of those visits in order
 * (the first is named) and what the coordinator can do about it. Null when every visit fits the day.
 */
export function describePastMidnight(pastDayEndClients: readonly string[]): string | null {
  const [first] = pastDayEndClients;
  if (first === undefined) return null;
  const count = pastDayEndClients.length;
  const which =
    count === 1
      ? `${first}'s visit would end after 23:58`
      : `${String(count)} visits, from ${first}'s on, would end after 23:58`;
  return `This plan runs past midnight: ${which}. Shorten the travel contingency or move stops to another round.`;
}
