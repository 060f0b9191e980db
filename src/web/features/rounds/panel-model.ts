import type { OptimiseVisit, OptimisedVisit } from '../../../contracts/optimise';
import type { PrintRoundBody } from '../../../contracts/print';
import type { PublishVisitsBody, Visit } from '../../../contracts/visits';
import { toPublishEntry } from '../../../domain/publish-entry';
import { describeRetimeDelay } from '../../../domain/retime-reason';
import type { RetimedTimes } from '../../../domain/round-day-rules';
import { hasTimesChanged, type Leg } from '../../../domain/round-panel';

/** A visit on a panel with the times it was loaded (or last published) with, for change detection. */
export type PanelVisit = Visit & { original_start: string; original_end: string };

export function trackVisits(visits: readonly Visit[]): PanelVisit[] {
  return visits.map((visit) => ({ ...visit, original_start: visit.start, original_end: visit.end }));
}

function toVisit(visit: PanelVisit): Visit {
  const { id, date, start, end, duration, address, status, timezone, client, service } = visit;
  return { id, date, start, end, duration, address, status, timezone, client, service };
}

/** The events maps/optimise takes: the visits (nothing the screen adds) with their travel from the stop before. */
export function buildOptimiseVisits(visits: readonly PanelVisit[], legs: readonly Leg[]): OptimiseVisit[] {
  return visits.map((visit, index) => {
    const leg = legs[index];
    return leg ? { ...toVisit(visit), travel_mins: Math.ceil(leg.mins) } : toVisit(visit);
  });
}

/** The optimiser's order and times, keeping each visit's original times so the changes can be published. */
export function applyOptimised(
  previous: readonly PanelVisit[],
  optimised: readonly OptimisedVisit[],
): PanelVisit[] {
  const byId = new Map(previous.map((visit) => [visit.id, visit]));
  return optimised.flatMap((visit) => {
    const before = byId.get(visit.id);
    if (!before) return [];
    return [{ ...before, start: visit.start, end: visit.end }];
  });
}

/**
 * The reasons Publish Changes gives, by visit id, after a move to `moved` timed `times`: a visit the move pushed
 * later says why; the visits moved by hand (`movedIds`) and the ones that kept their times need no reason.
 */
export function updateRetimeReasons(
  previous: ReadonlyMap<number, string>,
  moved: readonly PanelVisit[],
  times: readonly RetimedTimes[],
  movedIds: ReadonlySet<number | undefined>,
  contingencyMins: number,
): Map<number, string> {
  const reasons = new Map(previous);
  const nameAt = (position: number) => moved[position]?.client.name ?? '';
  moved.forEach((visit, position) => {
    const time = times[position];
    if (movedIds.has(visit.id) || !time?.delay) reasons.delete(visit.id);
    else reasons.set(visit.id, describeRetimeDelay(time.delay, time.start, contingencyMins, nameAt));
  });
  return reasons;
}

/** Said when an order changes no visit's times: only times are published. */
export const nothingChangedText = 'No visit’s times changed, so there is nothing to publish.';

export function listChangedVisits(visits: readonly PanelVisit[]): PanelVisit[] {
  return visits.filter(hasTimesChanged);
}

/** PUT visits: the changed visits only. */
export function buildPublishBody(visits: readonly PanelVisit[]): PublishVisitsBody {
  return listChangedVisits(visits).map((visit) => toPublishEntry(visit, visit, visit.service.id));
}

/** After a publish, the published visits' originals become their current times. */
export function markPublished(
  visits: readonly PanelVisit[],
  publishedIds: ReadonlySet<number>,
): PanelVisit[] {
  return visits.map((visit) =>
    publishedIds.has(visit.id) ? { ...visit, original_start: visit.start, original_end: visit.end } : visit,
  );
}

export function markCompleted(
  visits: readonly PanelVisit[],
  completedIds: ReadonlySet<number>,
): PanelVisit[] {
  return visits.map((visit) => (completedIds.has(visit.id) ? { ...visit, status: 'completed' } : visit));
}

/** print/round: the panel's visits in their shown order and times, with each leg's travel where known. */
export function buildPrintVisits(
  visits: readonly PanelVisit[],
  legs: readonly Leg[],
): PrintRoundBody['events'] {
  return visits.map((visit, index) => {
    const leg = legs[index];
    const stop = { id: visit.id, start: visit.start, end: visit.end };
    return leg ? { ...stop, travel_mins: Math.ceil(leg.mins), travel_kms: leg.kms } : stop;
  });
}

/** print/round's drive back to the base: the leg after the last visit, when known (the panel counts it too). */
export function buildPrintReturn(
  visits: readonly PanelVisit[],
  legs: readonly Leg[],
): Pick<PrintRoundBody, 'return_travel'> {
  const leg = legs[visits.length];
  return leg ? { return_travel: { mins: Math.ceil(leg.mins), kms: leg.kms } } : {};
}

/** How fresh a panel's visits are: when the server last fetched them from the CRM, as the panel says it. */
export function formatUpdatedAgo(refreshedAt: string | null, now: Date): string {
  if (!refreshedAt) return 'Not yet updated from the CRM';
  const minutes = Math.floor((now.getTime() - Date.parse(refreshedAt)) / 60_000);
  if (minutes < 1) return 'Updated just now';
  const [count, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 1440
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / 1440), 'day'];
  return `Updated ${String(count)} ${unit}${count === 1 ? '' : 's'} ago`;
}
