import type { DriverOutcomeKind, DriverStop } from '../../../contracts/driver';
import type { QueuedOutcome } from './store/driver-db';

/** A stop's outcome as the driver sees it: the server's, or one still on the phone. */
export type CurrentOutcome = {
  outcome: DriverOutcomeKind;
  note: string;
  recorded_at: string;
  isWaiting: boolean;
};

export type StopView = {
  stop: DriverStop;
  current: CurrentOutcome | null;
  /** The server's reason for refusing the latest outcome recorded here, when nothing later replaced it. */
  refusedMessage: string | null;
};

function latest<T extends { recorded_at: string }>(items: T[]): T | undefined {
  return items.reduce<T | undefined>(
    (found, item) => (!found || item.recorded_at > found.recorded_at ? item : found),
    undefined,
  );
}

/** Each stop with its latest outcome, taking outcomes still waiting on the phone over older ones the server has. */
export function buildStopViews(stops: DriverStop[], queue: QueuedOutcome[]): StopView[] {
  return stops.map((stop) => {
    const queued = queue.filter((outcome) => outcome.visit_id === stop.visit_id);
    const waiting = latest(queued.filter((outcome) => outcome.refused_message === null));
    const refused = latest(queued.filter((outcome) => outcome.refused_message !== null));
    let current: CurrentOutcome | null = stop.outcome ? { ...stop.outcome, isWaiting: false } : null;
    if (waiting && (!current || waiting.recorded_at >= current.recorded_at)) {
      current = {
        outcome: waiting.outcome,
        note: waiting.note,
        recorded_at: waiting.recorded_at,
        isWaiting: true,
      };
    }
    const isRefusalLatest = refused && (!current || refused.recorded_at > current.recorded_at);
    return { stop, current, refusedMessage: isRefusalLatest ? refused.refused_message : null };
  });
}

export function countDone(views: StopView[]): number {
  return views.filter((view) => view.current !== null).length;
}

export function countWaiting(queue: QueuedOutcome[]): number {
  return queue.filter((outcome) => outcome.refused_message === null).length;
}
