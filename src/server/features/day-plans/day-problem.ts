import type { WorkloadBalance } from '../../../contracts/accounts';
import type { VrptwProblem } from '../../routing/vrptw/types';
import { toMinutes, type DayRound, type DayStop, type DayTravel } from '../../shared/day-route-model';
import { meanLegMinutes, toWeights } from './day-routes';

/** A round taking part, with its capacity for the day (null: unlimited) and the node of its base. */
export type Vehicle = { round: DayRound; baseNode: number; capacity: number | null };

/** A located stop to plan: its usual round (a vehicle index, or null) and its pin (a vehicle index, or null). */
export type PlannedStop = DayStop & { node: number; usualVehicle: number | null; onlyVehicle: number | null };

/**
 * A moved stop must save more than this share of an average leg's cost (the weights make one average leg cost 1),
 * so that drivers keep their clients unless moving them clearly pays. A whole leg: with less, emptying a round
 * whose base is shared with another (its round trip saved) outweighed moving all of its clients.
 */
export const stabilityShareOfLeg = 1;

/**
 * Workload balance per setting: what one more minute of work costs, in minutes of driving, on a round that
 * already works an hour, beyond what it costs on an idle one. The solver squares each round's work (driving plus
 * time at stops), so that cost grows with the round's length: at 4 hours of work a minute costs 4 times this. A
 * stop then moves from a long round to a shorter one with room when the detour costs less than this x (hours
 * between their working times) x (the stop's minutes).
 */
export const balanceMinutesPerHour: Record<WorkloadBalance, number> = { off: 0, some: 1, strong: 4 };

/**
 * The solver's balance weight for the setting: one minute of driving costs 1 / (mean leg minutes) in the weights
 * of toWeights, and the square's slope at an hour is 2 x 60 x the weight.
 */
export function toBalanceWeight(travel: DayTravel, balance: WorkloadBalance): number {
  const minutesPerLeg = meanLegMinutes(travel.matrix);
  return minutesPerLeg > 0 ? balanceMinutesPerHour[balance] / (120 * minutesPerLeg) : 0;
}

/**
 * The day as a VRPTW problem in the model of day-route-model.ts: a route leaves at the pickup time plus the contingency
 * (the first leg's), a stop takes its duration plus the contingency (the next leg's), and so the solver's service
 * starts are the arrivals simulateRoute gives for the same order.
 */
export function buildDayProblem(
  travel: DayTravel,
  vehicles: Vehicle[],
  stops: PlannedStop[],
  timeSharePercent: number,
  balance: WorkloadBalance,
): VrptwProblem {
  const { matrix, contingencyMins } = travel;
  return {
    size: matrix.size,
    travelTimes: Float64Array.from(matrix.mins),
    distances: Float64Array.from(matrix.kms),
    vehicles: vehicles.map((vehicle) => ({
      startNode: vehicle.baseNode,
      startTime: (toMinutes(vehicle.round.pickupTime) ?? 0) + contingencyMins,
      latestReturn: toMinutes(vehicle.round.latestReturnTime),
      capacity: vehicle.capacity,
    })),
    visits: stops.map((stop) => ({
      node: stop.node,
      demand: stop.portions,
      serviceTime: stop.durationMins + contingencyMins,
      earliest: toMinutes(stop.windowEarliest),
      latest: toMinutes(stop.windowLatest),
      usualVehicle: stop.usualVehicle,
      onlyVehicle: stop.onlyVehicle,
    })),
    weights: toWeights(matrix, timeSharePercent),
    stabilityPenalty: stabilityShareOfLeg,
    balanceWeight: toBalanceWeight(travel, balance),
  };
}
