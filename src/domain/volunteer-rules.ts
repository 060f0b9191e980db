import { addDays, toInstantMs } from './zoned-time';

/**
 * The rules of a driver's own page and of the roster's reminders (ADR 0040). A slot is a round's day: its date
 * (YYYY-MM-DD) and pickup time (HH:MM) are the round's time zone's.
 */
export type SlotTime = { date: string; pickupTime: string; timeZone: string };

const hourMs = 60 * 60 * 1000;

/** How many days ahead a driver's page looks: their next four weeks, today included. */
export const volunteerPageDays = 28;

/** The local hour of the day before at which a driver's reminder becomes due. */
export const driverReminderTime = '09:00';

export const getPickupMs = (slot: SlotTime) => toInstantMs(slot.date, slot.pickupTime, slot.timeZone);

/** The last instant a driver may give the day back through their link: `cutoffHours` before the pickup. */
export const getReleaseCutoffMs = (slot: SlotTime, cutoffHours: number) =>
  getPickupMs(slot) - cutoffHours * hourMs;

/** May the driver still give the day back themselves? Before the cutoff only; after it, they phone the office. */
export const canReleaseAt = (slot: SlotTime, cutoffHours: number, nowMs: number) =>
  nowMs < getReleaseCutoffMs(slot, cutoffHours);

/** What a driver is told when it is too late to give the day back through the link. */
export function describeReleaseTooLate(cutoffHours: number): string {
  const span = cutoffHours === 1 ? '1 hour' : `${String(cutoffHours)} hours`;
  return `It is too late to give this day back here: days can be given back until ${span} before pickup. Please phone the office.`;
}

/** May a slot be picked up now? Only before its pickup. */
export const canPickUpAt = (slot: SlotTime, nowMs: number) => nowMs < getPickupMs(slot);

/** A driver's reminder is due from 09:00 of the day before (or at once after that), until the pickup. */
export const getDriverReminderDueMs = (slot: SlotTime) =>
  toInstantMs(addDays(slot.date, -1), driverReminderTime, slot.timeZone);

export type UnfilledAlertKind = 'unfilled_48h' | 'unfilled_24h';

/** The hours before pickup at which the office is told of an unfilled slot, latest first. */
export const unfilledAlertHours: readonly { kind: UnfilledAlertKind; hours: number }[] = [
  { kind: 'unfilled_24h', hours: 24 },
  { kind: 'unfilled_48h', hours: 48 },
];

/**
 * Which alert an unfilled slot is due for now: the latest stage reached (a slot found unfilled 20 hours before
 * pickup gets the 24-hour alert only, not both at once); none before 48 hours or once the pickup has passed.
 */
export function getDueUnfilledAlert(slot: SlotTime, nowMs: number): UnfilledAlertKind | null {
  const pickupMs = getPickupMs(slot);
  if (nowMs >= pickupMs) return null;
  const stage = unfilledAlertHours.find(({ hours }) => nowMs >= pickupMs - hours * hourMs);
  return stage?.kind ?? null;
}

/** Is the driver's reminder of this slot due now? From its due time until the pickup. */
export function isDriverReminderDue(slot: SlotTime, nowMs: number): boolean {
  return nowMs >= getDriverReminderDueMs(slot) && nowMs < getPickupMs(slot);
}
