import type { Round } from '../../../../contracts/accounts';
import type {
  DayPlan,
  DayPlanApply,
  DayPlanRequest,
  DayPlanStop,
  DayPlanUnassignedReason,
} from '../../../../contracts/day-plans';
import { parseCapacity } from '../../../../domain/day-plan-limits';

export const unassignedReasonText: Record<DayPlanUnassignedReason, string> = {
  window_impossible: "Outside the client's delivery window",
  no_capacity: 'No capacity left',
  no_time: 'Cannot be back by the latest return time',
  no_location: 'No map location',
};

export const noRoundOutMessage = 'Tick at least one round that is out.';

/** A round's line in the form: out or not this day, and its capacity for the day as typed ('' = unlimited). */
export type RoundChoice = { roundId: number; isOut: boolean; capacityText: string };

/** A stop the coordinator moved by hand: the next plan keeps it on this round. */
export type Pin = { visit_id: number; round_id: number };

/** Every round out unless it is marked off that day, at its usual capacity. */
export function buildRoundChoices(rounds: readonly Round[], offRoundIds: readonly number[]): RoundChoice[] {
  return rounds.map((round) => ({
    roundId: round.id,
    isOut: !offRoundIds.includes(round.id),
    capacityText: round.capacity === null ? '' : String(round.capacity),
  }));
}

/**
 * The rounds nobody drives that day (the roster's slot of a round with visits has no driver): Plan Day opens with
 * them unticked. A round without visits that day has no slot and keeps its tick. While the account has no active
 * driver the roster is not in use, and no round is unticked for it.
 */
export function findRoundsWithoutDriver(
  rounds: readonly Round[],
  slots: readonly { round_id: number; driver: { id: number } | null }[],
  hasActiveDrivers: boolean,
): number[] {
  if (!hasActiveDrivers) return [];
  const unfilled = new Set(slots.filter((slot) => slot.driver === null).map((slot) => slot.round_id));
  return rounds.filter((round) => unfilled.has(round.id)).map((round) => round.id);
}

export type PlanRequestCheck =
  { request: DayPlanRequest } | { capacityErrors: Map<number, string>; formError: string | null };

/** The form as a request, or what is wrong with it (capacities of rounds out, at least one round out). */
export function buildPlanRequest(choices: readonly RoundChoice[], pins: readonly Pin[]): PlanRequestCheck {
  const capacityErrors = new Map<number, string>();
  const rounds: DayPlanRequest['rounds'] = [];
  for (const choice of choices) {
    if (!choice.isOut) continue;
    const capacity = parseCapacity(choice.capacityText);
    if ('error' in capacity) capacityErrors.set(choice.roundId, capacity.error);
    else rounds.push({ id: choice.roundId, capacity: capacity.value });
  }
  const formError = choices.some((choice) => choice.isOut) ? null : noRoundOutMessage;
  if (capacityErrors.size > 0 || formError) return { capacityErrors, formError };
  const outIds = new Set(rounds.map((round) => round.id));
  return { request: { rounds, pins: pins.filter((pin) => outIds.has(pin.round_id)) } };
}

export type ShownStop = DayPlanStop & {
  /** Rides another round than the client's own. */
  isMoved: boolean;
  /** Placed by the coordinator; the next plan keeps it there. */
  isPinned: boolean;
};

export type ShownRoute = {
  roundId: number;
  roundName: string;
  /** The round was one of those planned (out that day); stops can be moved only to these. */
  isOut: boolean;
  stops: ShownStop[];
};

/**
 * The plan's routes with the coordinator's moves on top: a stop pinned to another round than the plan gave it
 * leaves its route and joins the end of the pinned one, until a re-plan finds its place.
 */
export function applyPins(
  plan: DayPlan,
  pins: readonly Pin[],
  plannedRoundIds: ReadonlySet<number>,
): ShownRoute[] {
  const pinnedRound = new Map(pins.map((pin) => [pin.visit_id, pin.round_id]));
  const routes: ShownRoute[] = plan.routes.map((route) => ({
    roundId: route.round_id,
    roundName: route.round_name,
    isOut: plannedRoundIds.has(route.round_id),
    stops: [],
  }));
  const byRound = new Map(routes.map((route) => [route.roundId, route]));
  const moving: { stop: DayPlanStop; roundId: number }[] = [];
  for (const route of plan.routes) {
    for (const stop of route.stops) {
      const target = pinnedRound.get(stop.visit_id) ?? route.round_id;
      if (target === route.round_id || !byRound.has(target))
        addStop(byRound, route.round_id, stop, pinnedRound);
      else moving.push({ stop, roundId: target });
    }
  }
  for (const { stop, roundId } of moving) addStop(byRound, roundId, stop, pinnedRound);
  return routes;
}

function addStop(
  byRound: Map<number, ShownRoute>,
  roundId: number,
  stop: DayPlanStop,
  pinnedRound: Map<number, number>,
): void {
  byRound.get(roundId)?.stops.push({
    ...stop,
    isMoved: stop.usual_round_id !== null && stop.usual_round_id !== roundId,
    isPinned: pinnedRound.get(stop.visit_id) === roundId,
  });
}

/** True when a pin puts a stop on another round than the plan did: the figures wait for a re-plan. */
export function hasUnplannedPins(plan: DayPlan, pins: readonly Pin[]): boolean {
  const plannedRound = new Map(
    plan.routes.flatMap((route) => route.stops.map((stop) => [stop.visit_id, route.round_id] as const)),
  );
  return pins.some((pin) => plannedRound.get(pin.visit_id) !== pin.round_id);
}

export function countMovedStops(routes: readonly ShownRoute[]): number {
  return routes.reduce((sum, route) => sum + route.stops.filter((stop) => stop.isMoved).length, 0);
}

/** The assignment Apply writes: each round out (and any round given stops) with its stops in driving order. */
export function buildApplyBody(routes: readonly ShownRoute[]): DayPlanApply {
  return {
    routes: routes
      .filter((route) => route.isOut || route.stops.length > 0)
      .map((route) => ({ round_id: route.roundId, visit_ids: route.stops.map((stop) => stop.visit_id) })),
  };
}

/** A plan with nothing to place: no visits that day. */
export function isEmptyPlan(plan: DayPlan): boolean {
  return plan.unassigned.length === 0 && plan.routes.every((route) => route.stops.length === 0);
}
