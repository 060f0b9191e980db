import type { MealDayState } from '../../../contracts/clients';
import { holdReasonLabels } from '../../../contracts/holds';

/** Why a day's meals do not count: the client is on hold, or the CRM cancelled every visit of the day. */
export type PausedKind = 'held' | 'cancelled';

/** A day whose meals do not count, and why in words (capitalised as the reason is; the caller frames it). */
export type PausedDay = { kind: PausedKind; reason: string };

/** Null when the day's meals count (docs/product-rules.md, Counting orders). */
export function readPausedDay(state: Pick<MealDayState, 'hold_reason' | 'cancel_reason'>): PausedDay | null {
  if (state.hold_reason !== null) return { kind: 'held', reason: holdReasonLabels[state.hold_reason] };
  if (state.cancel_reason !== null) return { kind: 'cancelled', reason: state.cancel_reason };
  return null;
}

/** 'on hold (hospital)', 'visit cancelled in the CRM (Client in hospital)' or, without a reason, '... in the CRM'. */
export function describePausedDay(paused: PausedDay): string {
  if (paused.kind === 'held') return `on hold (${paused.reason.toLowerCase()})`;
  return paused.reason === ''
    ? 'visit cancelled in the CRM'
    : `visit cancelled in the CRM (${paused.reason})`;
}

/** The look of a day whose meals do not count, the same in the list's strip and the client's week: hatched. */
export const pausedDayBackgrounds: Record<PausedKind, string> = {
  held: 'repeating-linear-gradient(135deg, #e5dbff 0 4px, #f3f0ff 4px 8px)',
  cancelled: 'repeating-linear-gradient(135deg, #dee2e6 0 4px, #f8f9fa 4px 8px)',
};

/** A day's note in the client's week: 'On hold (Hospital): meals not counted', 'Cancelled in the CRM (...): ...'. */
export function describePausedDayNote(paused: PausedDay): string {
  const what =
    paused.kind === 'held'
      ? `On hold (${paused.reason})`
      : paused.reason === ''
        ? 'Cancelled in the CRM'
        : `Cancelled in the CRM (${paused.reason})`;
  return `${what}: meals not counted`;
}
