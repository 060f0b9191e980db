import type { Leg } from './round-panel';

/** A round's travel for a day: what the rounds panel's header and the driver sheet both show. */
export type RoundTravel = { kms: number; mins: number };

/**
 * The one definition of a round's travel totals: every known leg of the day, from the base to the first stop,
 * stop to stop and the drive back to the base, km to one decimal and minutes rounded up per leg (the times a
 * panel schedules use whole minutes per leg). Unknown legs (null) add nothing.
 */
export function sumRoundTravel(legs: readonly Leg[]): RoundTravel {
  let kms = 0;
  let mins = 0;
  for (const leg of legs) {
    if (!leg) continue;
    kms += leg.kms;
    mins += Math.ceil(leg.mins);
  }
  return { kms: Math.round(kms * 10) / 10, mins };
}

/** '112.3 km, 235 mins': the totals as the panel and the driver sheet print them. */
export function formatRoundTravel(travel: RoundTravel): string {
  return `${travel.kms.toFixed(1)} km, ${String(travel.mins)} mins`;
}
