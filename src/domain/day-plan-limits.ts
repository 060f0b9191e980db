/**
 * The day planner's per-round and per-client limits as the forms and the server check them: a vehicle capacity in
 * portions, a latest return to base and a client's delivery window, all clock times HH:MM (24-hour, local).
 */

export const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
export const clockTimeMessage = 'Use HH:MM.';

/** Portions a vehicle carries: a whole number from 1; more than this is surely a typing slip. */
export const capacityRange = { min: 1, max: 10_000 } as const;
export const capacityMessage = `Capacity must be a whole number from ${String(capacityRange.min)} to ${String(capacityRange.max)}, or empty for no limit.`;

export const latestReturnMessage = 'The latest return must be after the pick up time.';
export const windowOrderMessage = 'The latest arrival must be after the earliest.';
export const windowBothMessage = 'Give both times, or leave both empty for no window.';

export function isClockTime(value: string): boolean {
  return clockTimePattern.test(value);
}

/** HH:MM strings compare as text in clock order, so no parsing is needed once both are valid. */
export function isClockTimeAfter(later: string, earlier: string): boolean {
  return isClockTime(later) && isClockTime(earlier) && later > earlier;
}

/** The capacity field as typed: '' is unlimited (null); answers the number or an error message. */
export function parseCapacity(text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (!/^\d{1,6}$/.test(trimmed)) return { error: capacityMessage };
  const value = Number(trimmed);
  if (value < capacityRange.min || value > capacityRange.max) return { error: capacityMessage };
  return { value };
}

/** The latest return field as typed ('' = none): an error message, or null when it is fine. */
export function findLatestReturnError(latestReturn: string, pickupTime: string): string | null {
  if (latestReturn === '') return null;
  if (!isClockTime(latestReturn)) return clockTimeMessage;
  if (isClockTime(pickupTime) && !isClockTimeAfter(latestReturn, pickupTime)) return latestReturnMessage;
  return null;
}

export type DeliveryWindowErrors = { earliest: string | null; latest: string | null };

/** The delivery window fields as typed: both empty is no window; otherwise both HH:MM, earliest first. */
export function findDeliveryWindowErrors(earliest: string, latest: string): DeliveryWindowErrors {
  if (earliest === '' && latest === '') return { earliest: null, latest: null };
  const errors: DeliveryWindowErrors = {
    earliest: earliest === '' ? windowBothMessage : isClockTime(earliest) ? null : clockTimeMessage,
    latest: latest === '' ? windowBothMessage : isClockTime(latest) ? null : clockTimeMessage,
  };
  if (errors.earliest === null && errors.latest === null && !isClockTimeAfter(latest, earliest))
    errors.latest = windowOrderMessage;
  return errors;
}
