import { addDays } from './zoned-time';

/*
 * Volunteer hours: the credit a driver gets for a month. A day counts once it is over (before the account's today)
 * and only for a round that carried a visit that day; its time runs from the round's pickup to its return to the
 * base, by the day planner's route model (simulateRoute), and its km are that route's.
 */

/** A round's day the driver drove, with the time and distance of the round. Date YYYY-MM-DD. */
export type DrivenRound = { driverId: number; date: string; minutes: number; km: number };

export type DriverTotals = { dates: string[]; minutes: number; km: number };

/** The month's days counted on `today`: its first day to the day before today, or null when none is over yet. */
export function getCountedDays(
  month: { first: string; last: string },
  today: string,
): { from: string; to: string } | null {
  const yesterday = addDays(today, -1);
  const to = month.last < yesterday ? month.last : yesterday;
  return to < month.first ? null : { from: month.first, to };
}

/** Minutes as hours to one decimal (95 -> 1.6). */
export function toHours(minutes: number): number {
  return Math.round(minutes / 6) / 10;
}

/** Km to one decimal, so sums of many legs do not show float noise. */
function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** Each driver's days (two rounds on one day are one day, oldest first), minutes and km. */
export function sumDrivenRounds(rounds: readonly DrivenRound[]): Map<number, DriverTotals> {
  const totals = new Map<number, DriverTotals>();
  for (const round of rounds) {
    const current = totals.get(round.driverId) ?? { dates: [], minutes: 0, km: 0 };
    totals.set(round.driverId, {
      dates: current.dates.includes(round.date) ? current.dates : [...current.dates, round.date].sort(),
      minutes: current.minutes + round.minutes,
      km: roundKm(current.km + round.km),
    });
  }
  return totals;
}
