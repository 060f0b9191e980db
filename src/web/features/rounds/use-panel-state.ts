import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Round } from '../../../contracts/accounts';
import type { OptimisedVisit } from '../../../contracts/optimise';
import type { VisitOutcome } from '../../../contracts/visits';
import { isFixedVisit, isOpenVisit, retimeStops } from '../../../domain/round-day-rules';
import { describePastMidnight } from '../../../domain/round-schedule';
import {
  alignLegs,
  hasTime,
  isDrivenTo,
  listLegAddresses,
  swapWithNeighbour,
  type Leg,
} from '../../../domain/round-panel';
import type { RoundVisits } from '../../api/round-visits';
import { loadLegTravel, rememberLegTravel, useLegTravel } from '../../api/travel';
import {
  applyOptimised,
  listChangedVisits,
  markCompleted,
  markPublished,
  nothingChangedText,
  trackVisits,
  updateRetimeReasons,
  type PanelVisit,
} from './panel-model';

export type LegState = { leg: Leg; isPending: boolean; errorText: string | null };

const travelFailedText = 'Unable to calculate travel.';

/**
 * The state of one day's panel: the visits in their shown order and times (with their originals), the travel of
 * each leg, unpublished changes, the visits selected for completion and the notices to show.
 */
export function usePanelState(round: Round, loaded: RoundVisits, contingencyMins: number) {
  const queryClient = useQueryClient();
  const [visits, setVisits] = useState(() => trackVisits(loaded.visits));
  const [hasUnpublishedChanges, setHasUnpublishedChanges] = useState(false);
  const [isMoving, setIsMoving] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  // The CRM's message about the loaded visits is the panel's header's; these are the panel's own actions'.
  const [notices, setNotices] = useState<string[]>([]);
  /**
   * Why a visit the coordinator did not move got new times in a move (by visit id), for Publish Changes: a move
   * retimes the visits after it whose stored times cannot be driven.
   */
  const [retimeReasons, setRetimeReasons] = useState<ReadonlyMap<number, string>>(new Map());

  // The route: the base, the visits driven to (not the cancelled ones) in order, and back.
  const drivenVisits = visits.filter(isDrivenTo);
  const legAddresses = listLegAddresses(
    round.address,
    drivenVisits.map((visit) => visit.address),
  );
  const travel = useLegTravel(legAddresses);
  const drivenLegStates: LegState[] = travel.map((query) => ({
    leg: query.data ?? null,
    isPending: query.isPending,
    // Code 1 (no answer at all) says nothing useful; the server's own message does.
    errorText: query.isError
      ? query.error.message && query.error.message !== 'Unexpected error'
        ? query.error.message
        : travelFailedText
      : null,
  }));
  const drivenLegs = drivenLegStates.map((state) => state.leg);
  /** Per visit (null before a cancelled one), then the way home: what the rows, print and optimise show. */
  const legStates = alignLegs(visits, drivenLegStates);
  const legs = legStates.map((state) => state?.leg ?? null);

  function addNotice(text: string) {
    if (text) setNotices((current) => [...current, text]);
  }

  /**
   * Swaps a visit with its neighbour and retimes only what must move (retimeStops, ADR 0024): the visit moving up
   * takes the start of the one it passes, which follows as soon as it can; later visits keep their times where
   * they still fit. `nowClock` is now on today (visits done or under way stay put), else null.
   */
  async function moveVisit(index: number, direction: -1 | 1, nowClock: string | null) {
    if (isMoving) return;
    const moved = swapWithNeighbour(visits, index, direction);
    // The place the upper of the two now holds, and the visit that held it before: its start is wanted there.
    const slot = Math.min(index, index + direction);
    const passed = visits[slot];
    const driven = moved.filter(isDrivenTo);
    setIsMoving(true);
    try {
      const newLegs = await Promise.all(
        listLegAddresses(
          round.address,
          driven.map((visit) => visit.address),
        ).map(([from, to]) => loadLegTravel(queryClient, from, to)),
      );
      const stops = moved.map((visit, position) => {
        const wanted = position === slot && passed ? passed : visit;
        return {
          start: visit.start,
          end: visit.end,
          duration: visit.duration,
          isDriven: isDrivenTo(visit),
          isFixed: isFixedVisit(visit, nowClock),
          wantedStart: hasTime(wanted) ? wanted.start : null,
        };
      });
      const times = retimeStops(
        round.pickup_time,
        stops,
        newLegs.map((leg) => leg?.mins ?? null),
        nowClock,
        contingencyMins,
      );
      const pastMidnight = describePastMidnight(
        moved.filter((_, position) => times[position]?.isPastDayEnd).map((visit) => visit.client.name),
      );
      // Held at 23:58, such times would reach the CRM as if they were the plan: the move is not made.
      if (pastMidnight) {
        addNotice(pastMidnight);
        return;
      }
      const movedIds = new Set([visits[index]?.id, visits[index + direction]?.id]);
      const reasons = updateRetimeReasons(retimeReasons, moved, times, movedIds, contingencyMins);
      setRetimeReasons(reasons);
      setVisits(
        moved.map((visit, position) => {
          const time = times[position];
          return time ? { ...visit, start: time.start, end: time.end } : visit;
        }),
      );
      setHasUnpublishedChanges(true);
    } finally {
      setIsMoving(false);
    }
  }

  /**
   * The optimiser's (or the preferred) order and times replace the panel's; the travel of each visit driven to
   * seeds the cache (a cancelled one has no leg). Only times are published: an order that changes no time leaves
   * nothing to publish, and says so.
   */
  function applyOrder(optimised: readonly OptimisedVisit[]) {
    let from = round.address;
    for (const visit of optimised.filter(isDrivenTo)) {
      rememberLegTravel(queryClient, from, visit.address, { kms: visit.travel_kms, mins: visit.travel_mins });
      from = visit.address;
    }
    const next = applyOptimised(visits, optimised);
    setVisits(next);
    setRetimeReasons(new Map());
    const hasChanges = listChangedVisits(next).length > 0;
    setHasUnpublishedChanges(hasChanges);
    if (!hasChanges) addNotice(nothingChangedText);
  }

  function markPublishedOutcomes(outcomes: readonly VisitOutcome[], message: string) {
    // A change waiting for the CRM stands (the server keeps and sends it); a refused one was undone.
    const published = new Set(
      outcomes.filter((outcome) => outcome.status !== 'failed').map((outcome) => outcome.id),
    );
    const next = markPublished(visits, published);
    setVisits(next);
    setHasUnpublishedChanges(listChangedVisits(next).length > 0);
    addNotice(message);
  }

  function markCompletedOutcomes(outcomes: readonly VisitOutcome[], message: string) {
    const completed = new Set(
      outcomes.filter((outcome) => outcome.status !== 'failed').map((outcome) => outcome.id),
    );
    setVisits((current) => markCompleted(current, completed));
    setSelectedIds(new Set());
    addNotice(message);
  }

  const completableIds = visits.filter(isOpenVisit).map((visit) => visit.id);
  const isAllSelected = completableIds.length > 0 && completableIds.every((id) => selectedIds.has(id));

  function toggleSelected(id: number) {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setSelectedIds(isAllSelected ? new Set() : new Set(completableIds));
  }

  return {
    visits,
    legStates,
    legs,
    route: { visits: drivenVisits, legs: drivenLegs },
    hasUnpublishedChanges,
    retimeReasons,
    isMoving,
    selectedIds,
    isAllSelected,
    hasCompletable: completableIds.length > 0,
    notices,
    addNotice,
    clearNotices: () => setNotices([]),
    moveVisit,
    applyOrder,
    markPublishedOutcomes,
    markCompletedOutcomes,
    toggleSelected,
    toggleAll,
  };
}

export type PanelState = ReturnType<typeof usePanelState>;
export type { PanelVisit };
