/** Travel contingency per leg when the account sets none. */
export const defaultContingencyMins = 2;

/** A start of 23:59 means the visit has no time (the CRM books untimed visits at 23:59). */
export const noTime = '23:59';

/** The latest time a recomputed visit may take: later times would read as 'no time' or wrap past midnight. */
const latestMinute = 23 * 60 + 58;

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

/**
 * Start and end (HH:MM) of each stop when the driver leaves the base at the pickup time: each leg costs its
 * travel (whole minutes, rounded up) plus the contingency, and each visit its duration. Times past 23:58 are held
 * at 23:58 so that a long round never produces the 'no time' marker.
 */
export function scheduleStops(
  pickupTime: string,
  stops: readonly ScheduleStop[],
  contingencyMins: number = defaultContingencyMins,
): { start: string; end: string }[] {
  let clock = parseClockMinutes(pickupTime);
  return stops.map((stop) => {
    clock += Math.ceil(stop.travelMins) + contingencyMins;
    const start = clock;
    clock += stop.durationMins;
    return { start: formatClockMinutes(start), end: formatClockMinutes(clock) };
  });
}
