import type { Account } from '../../../contracts/accounts';
import type { OptimisedVisit } from '../../../contracts/optimise';
import type { Visit } from '../../../contracts/visits';
import { findPlanningStart, splitDayForPlanning } from '../../../domain/round-day-rules';
import { isDrivenTo } from '../../../domain/round-panel';
import { describePastMidnight, scheduleStops } from '../../../domain/round-schedule';
import { invalidInput } from '../../http/errors';
import type { solveTour } from '../../routing/solve-tour';
import { normaliseAddress, type TravelMatrix } from '../../shared/travel-matrix';
import type { TravelService } from '../travel/service';

export type SolveTour = typeof solveTour;

/** How a round is to be ordered and timed. */
export type RoundPlan = {
  baseAddress: string;
  pickupTime: string;
  contingencyMins: number;
  optimiseBy: 'optimal' | 'preferred';
  /** optimisation_preference_tm: the time share in percent; the km share is the rest. */
  timeSharePercent: number;
  /** The round's preferred delivery order (client keys), for 'preferred'. */
  preferredClientKeys: readonly string[];
  /** HH:MM now where the round runs when the day is today, else null: today's visits under way stay put. */
  nowClock: string | null;
};

/** The plan of a round as the account's settings make it; used by the optimise call and round automation. */
export function toRoundPlan(
  account: Account,
  round: Pick<Account['rounds'][number], 'name' | 'address' | 'pickup_time'>,
  optimiseBy: RoundPlan['optimiseBy'],
): RoundPlan {
  return {
    baseAddress: round.address,
    pickupTime: round.pickup_time,
    contingencyMins: account.travel_contingency_mins,
    optimiseBy,
    timeSharePercent: account.optimisation_preference_tm,
    preferredClientKeys: account.preferred_delivery_order[round.name] ?? [],
    nowClock: null,
  };
}

/**
 * The tour's cost matrix over the base (node 0) and the visits: time share x minutes + km share x km, each term
 * divided by the matrix's mean so that neither unit dominates by its scale alone.
 */
export function buildObjective(matrix: TravelMatrix, nodeAddress: number[], timeSharePercent: number) {
  const size = nodeAddress.length;
  const cells = (values: number[]) => {
    const grid: number[] = [];
    for (const i of nodeAddress) for (const j of nodeAddress) grid.push(values[i * matrix.size + j] ?? 0);
    return grid;
  };
  const mins = cells(matrix.mins);
  const kms = cells(matrix.kms);
  const offDiagonal = size * (size - 1);
  const mean = (grid: number[]) =>
    offDiagonal > 0 ? grid.reduce((sum, value) => sum + value, 0) / offDiagonal : 0;
  const meanMins = mean(mins);
  const meanKms = mean(kms);
  const timeWeight = meanMins > 0 ? timeSharePercent / 100 / meanMins : 0;
  const kmWeight = meanKms > 0 ? (1 - timeSharePercent / 100) / meanKms : 0;
  const costs = new Float64Array(size * size);
  for (let index = 0; index < costs.length; index += 1) {
    costs[index] = timeWeight * (mins[index] ?? 0) + kmWeight * (kms[index] ?? 0);
  }
  return { costs, size };
}

/** Visits by the preferred order of their clients; clients not in it keep their relative order, after the rest. */
export function sortByPreferredOrder<T extends { client: { key: string } }>(
  visits: T[],
  clientKeys: readonly string[],
): T[] {
  const rank = new Map(clientKeys.map((key, index) => [key, index]));
  return visits
    .map((visit, index) => ({ visit, index, rank: rank.get(visit.client.key) ?? clientKeys.length }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.visit);
}

/**
 * The new order with the visits that are not driven to (cancelled) put back at their places in the list: they
 * have no leg and keep their times, so where they sit changes no route, and a coordinator finds them where they
 * were rather than all at the end.
 */
export function keepUndrivenInPlace<T extends { status: string }, D>(
  visits: readonly T[],
  driven: readonly D[],
  toUndriven: (visit: T) => D,
): D[] {
  const rest = [...driven];
  const placed = visits.flatMap((visit) => {
    if (!isDrivenTo(visit)) return [toUndriven(visit)];
    const next = rest.shift();
    return next === undefined ? [] : [next];
  });
  return [...placed, ...rest];
}

/**
 * Orders a round's visits and recomputes their times (splitDayForPlanning, ADR 0024): the open visits are routed
 * (by the objective or by the preferred order) and timed with scheduleStops, so the server and the screen agree.
 * On a later day they leave the base at the pickup time; on today they follow the visits done or under way, which
 * keep their times and come first. Completed visits of a later day follow, unchanged; cancelled ones keep their
 * places in the list, unchanged and without travel. Every visit driven to carries the travel of its leg from the
 * stop before it (the base first), so the screen's legs and totals are right whatever was kept. A plan whose
 * visits would end after 23:58 is refused with describePastMidnight's words: its times cannot be published.
 */
export function createRoundOrderer(deps: { travel: TravelService; solve: SolveTour }) {
  async function solveOrder<T extends Visit>(
    accountId: number,
    plan: RoundPlan,
    open: T[],
    signal?: AbortSignal,
  ): Promise<T[]> {
    if (open.length < 2) return open;
    // The same visits make the same problem whatever order they came in (for a symmetric matrix a tour and its
    // reverse cost the same): ordering a published day again then changes nothing.
    const visitsById = [...open].sort((a, b) => a.id - b.id);
    const addresses: string[] = [];
    const indexOf = new Map<string, number>();
    const addressIndex = (address: string) => {
      const key = normaliseAddress(address);
      if (!indexOf.has(key)) {
        indexOf.set(key, addresses.length);
        addresses.push(address);
      }
      return indexOf.get(key) ?? 0;
    };
    const nodeAddress = [plan.baseAddress, ...visitsById.map((visit) => visit.address)].map(addressIndex);
    const matrix = await deps.travel.getMatrix(accountId, addresses);
    const problem = buildObjective(matrix, nodeAddress, plan.timeSharePercent);
    const { order } = await deps.solve(problem, signal ? { signal } : {});
    return order.slice(1).map((node) => visitsById[node - 1] as T);
  }

  return async function orderRound<T extends Visit>(
    accountId: number,
    plan: RoundPlan,
    visits: T[],
    signal?: AbortSignal,
  ): Promise<(T & Pick<OptimisedVisit, 'travel_mins' | 'travel_kms'>)[]> {
    const { done, open, aside } = splitDayForPlanning(visits, plan.nowClock);
    // On today the driver carries on from the last visit done; the solver's tour starts (and ends) there.
    const origin = done.at(-1)?.address ?? plan.baseAddress;
    const ordered =
      plan.optimiseBy === 'optimal'
        ? await solveOrder(accountId, { ...plan, baseAddress: origin }, open, signal)
        : sortByPreferredOrder(open, plan.preferredClientKeys);
    const kept = aside.filter(isDrivenTo);
    const driven = [...done, ...ordered, ...kept];
    const stops = [plan.baseAddress, ...driven.map((visit) => visit.address)];
    const legs = await deps.travel.getLegs(
      accountId,
      driven.map((_, index): [string, string] => [stops[index] ?? '', stops[index + 1] ?? '']),
    );
    const orderedLegs = legs.slice(done.length, done.length + ordered.length);
    const times = scheduleStops(
      findPlanningStart(plan.pickupTime, done, plan.nowClock),
      ordered.map((visit, index) => ({
        durationMins: visit.duration,
        travelMins: orderedLegs[index]?.mins ?? 0,
      })),
      plan.contingencyMins,
    );
    const pastMidnight = describePastMidnight(
      ordered.filter((_, index) => times[index]?.isPastDayEnd).map((visit) => visit.client.name),
    );
    if (pastMidnight) throw invalidInput(pastMidnight);
    const retimed = ordered.map((visit, index) => ({
      ...visit,
      start: times[index]?.start ?? visit.start,
      end: times[index]?.end ?? visit.end,
    }));
    const withTravel = [...done, ...retimed, ...kept].map((visit, index) => ({
      ...visit,
      travel_mins: legs[index]?.mins ?? 0,
      travel_kms: legs[index]?.kms ?? 0,
    }));
    return keepUndrivenInPlace(visits, withTravel, (visit) => ({ ...visit, travel_mins: 0, travel_kms: 0 }));
  };
}
export type OrderRound = ReturnType<typeof createRoundOrderer>;
