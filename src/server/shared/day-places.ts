import type { Account } from '../../contracts/accounts';
import { formatStopAddress } from '../../domain/client-address';
import type { PlanVisitRow } from './day-portions';
import type { DayRound, DayStop, DayTravel } from './day-route-model';
import { normaliseAddress, type MatrixSource } from './travel-matrix';

export type DayPlaces = {
  travel: DayTravel;
  /** The matrix node of a round's base. */
  baseNodeOf: (round: DayRound) => number;
  /** The visit as a stop: its node (null without a location), duration, portions and window. */
  stopOf: (visit: PlanVisitRow) => DayStop;
};

export const hasLocation = (visit: PlanVisitRow) =>
  visit.client.latitude !== null && visit.client.longitude !== null;

export const toDayRound = (round: Account['rounds'][number]): DayRound => ({
  id: round.id,
  name: round.name,
  address: round.address,
  pickupTime: round.pickup_time,
  latestReturnTime: round.latest_return_time,
});

/**
 * The day's travel as one matrix over the rounds' bases and the located visits' addresses (one call to the
 * maps provider for the pairs not cached; every pair it answers is cached like the legs).
 */
export async function loadDayPlaces(
  travelService: MatrixSource,
  account: Pick<Account, 'id' | 'travel_contingency_mins'>,
  rounds: DayRound[],
  visits: PlanVisitRow[],
): Promise<DayPlaces> {
  const addresses: string[] = [];
  const nodes = new Map<string, number>();
  const add = (address: string) => {
    const key = normaliseAddress(address);
    if (nodes.has(key)) return;
    nodes.set(key, addresses.length);
    addresses.push(address);
  };
  for (const round of rounds) add(round.address);
  for (const visit of visits) if (hasLocation(visit)) add(formatStopAddress(visit.client));
  const matrix = await travelService.getMatrix(account.id, addresses);
  const nodeOf = (address: string) => {
    const node = nodes.get(normaliseAddress(address));
    // Only the rounds and visits given have a place in the matrix.
    if (node === undefined) throw new Error(`No matrix node for ${address}.`);
    return node;
  };
  return {
    travel: { matrix, contingencyMins: account.travel_contingency_mins },
    baseNodeOf: (round) => nodeOf(round.address),
    stopOf: (visit) => ({
      node: hasLocation(visit) ? nodeOf(formatStopAddress(visit.client)) : null,
      durationMins: Math.max(0, Math.round((visit.endAt.getTime() - visit.startAt.getTime()) / 60_000)),
      portions: visit.portions,
      windowEarliest: visit.client.windowEarliest,
      windowLatest: visit.client.windowLatest,
    }),
  };
}
