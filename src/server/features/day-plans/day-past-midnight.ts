import { describePastMidnight, isPastDayEnd } from '../../../domain/round-schedule';
import type { DayPlaces } from '../../shared/day-places';
import type { PlanVisitRow } from '../../shared/day-portions';

/**
 * Why a route of the day cannot be applied: the visits it would end after 23:58 (arrival plus duration, in the
 * planner's time model), in the rounds screen's words (describePastMidnight, ADR 0031). Null when it fits the day.
 */
export function describeRoutePastMidnight(
  places: DayPlaces,
  visits: readonly PlanVisitRow[],
  arrivals: readonly number[],
): string | null {
  return describePastMidnight(
    visits
      .filter((visit, index) => isPastDayEnd((arrivals[index] ?? 0) + places.stopOf(visit).durationMins))
      .map((visit) => visit.client.name),
  );
}
