import type { PlannedVisit } from './plan-visits';

/*
 * What a new plan changes in the visits MealRounds keeps for an account without a CRM (docs/product-rules.md,
 * "Visits without a CRM"). Only visits from today on are looked at; a visit that is completed or has a driver's
 * outcome is never touched, and no visit is ever deleted: one the plan no longer calls for is cancelled with the
 * plan's own cancel code, and put back if the plan calls for it again. A visit a hold cancelled keeps its status
 * (the holds put it back). Times follow the plan only while they are the plan's (never published) or when the
 * client moved to another round; a visit published with the optimiser's times keeps them.
 */

/** The cancel code of a visit the client's plan no longer calls for (only in MealRounds' own visits). */
export const notInPlanCancelCode = {
  id: 'not-in-plan',
  code: 'PLAN',
  description: 'Not in the client’s plan',
} as const;

/** The cancel code a client hold puts on its days' visits when MealRounds keeps the visits. */
export const clientHoldCancelCode = {
  id: 'client-hold',
  code: 'HOLD',
  description: 'Client on hold',
} as const;

export type KeptVisit = {
  id: number;
  clientKey: string;
  roundId: number | null;
  date: string;
  start: string;
  end: string;
  status: 'scheduled' | 'completed' | 'cancelled';
  cancelCodeId: string | null;
  /** The times are the plan's (never set by a publish). */
  isPlannedTime: boolean;
  /** Completed, or a driver recorded an outcome: history, left alone. */
  isSettled: boolean;
};

export type VisitTimes = { id: number; roundId: number; start: string; end: string };

export type PlanVisitChanges = {
  create: PlannedVisit[];
  /** New times (and round) for visits that stay as they are otherwise. */
  retime: VisitTimes[];
  /** Cancelled with notInPlanCancelCode. */
  cancel: number[];
  /** Visits the plan cancelled that it calls for again: scheduled with these times. */
  restore: VisitTimes[];
};

const keyOf = (clientKey: string, date: string) => `${clientKey}|${date}`;

function isInstantEqual(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b);
}

/** The changes that make the kept visits from `today` on what the planned visits say. */
export function findPlanVisitChanges(input: {
  planned: readonly PlannedVisit[];
  kept: readonly KeptVisit[];
  today: string;
}): PlanVisitChanges {
  const changes: PlanVisitChanges = { create: [], retime: [], cancel: [], restore: [] };
  const keptByKey = new Map(
    input.kept.filter((visit) => visit.date >= input.today).map((v) => [keyOf(v.clientKey, v.date), v]),
  );
  const plannedKeys = new Set<string>();
  for (const planned of input.planned) {
    if (planned.date < input.today) continue;
    const key = keyOf(planned.clientKey, planned.date);
    plannedKeys.add(key);
    const kept = keptByKey.get(key);
    if (!kept) {
      changes.create.push(planned);
      continue;
    }
    if (kept.isSettled) continue;
    const times = { id: kept.id, roundId: planned.roundId, start: planned.start, end: planned.end };
    if (kept.status === 'cancelled' && kept.cancelCodeId === notInPlanCancelCode.id) {
      changes.restore.push(times);
      continue;
    }
    const followsPlan = kept.isPlannedTime || kept.roundId !== planned.roundId;
    const isSame =
      kept.roundId === planned.roundId &&
      isInstantEqual(kept.start, planned.start) &&
      isInstantEqual(kept.end, planned.end);
    if (followsPlan && !isSame) changes.retime.push(times);
  }
  for (const [key, kept] of keptByKey) {
    if (plannedKeys.has(key) || kept.isSettled || kept.status !== 'scheduled') continue;
    changes.cancel.push(kept.id);
  }
  return changes;
}

/** True when nothing is to change. */
export function hasNoPlanVisitChanges(changes: PlanVisitChanges): boolean {
  return (
    changes.create.length === 0 &&
    changes.retime.length === 0 &&
    changes.cancel.length === 0 &&
    changes.restore.length === 0
  );
}
