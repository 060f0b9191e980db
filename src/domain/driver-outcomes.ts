import { addDays, toInstantMs, toZonedParts } from './zoned-time';

/**
 * Rules of the driver app: when a driver link lapses, which outcome of a visit is its current one, and how an
 * outcome reads as a visit note in the CRM.
 */

/** What a driver records at a door, in the order the phone's buttons and the reports' columns show them. */
export const driverOutcomes = ['delivered', 'not_home', 'refused', 'concern', 'other'] as const;
export type DriverOutcomeKind = (typeof driverOutcomes)[number];
type OutcomeKind = DriverOutcomeKind;

/** The words for each outcome, on the phone, the office screens and in the CRM's visit notes. */
export const driverOutcomeLabels: Record<OutcomeKind, string> = {
  delivered: 'Delivered',
  not_home: 'Not home',
  refused: 'Refused',
  concern: 'Concern',
  other: 'Other',
};

/**
 * The outcomes the office must look at (each opens, or keeps open, one alert for its visit), that leave a note on
 * the CRM's visit, and that a welfare check's clock may start on.
 */
export const alertingOutcomes = ['not_home', 'refused', 'concern'] as const satisfies readonly OutcomeKind[];

export function isAlertingOutcome(outcome: OutcomeKind): boolean {
  return alertingOutcomes.some((alerting) => alerting === outcome);
}

/**
 * A link of a run's day works until the end of the next day in the round's timezone (midnight starting the day
 * after that): long enough for a late run and for a phone that sends its queue the next morning.
 */
export function getDriverLinkExpiryMs(date: string, timeZone: string): number {
  return toInstantMs(addDays(date, 2), '00:00', timeZone);
}

export type RecordedOutcome = { recordedAtMs: number; id: number };

/**
 * Is `a` later than `b`? By the time the phone recorded it; two recorded at the same instant are ordered by arrival
 * (the larger id), so every visit has exactly one current outcome.
 */
export function isLaterOutcome(a: RecordedOutcome, b: RecordedOutcome): boolean {
  return a.recordedAtMs > b.recordedAtMs || (a.recordedAtMs === b.recordedAtMs && a.id > b.id);
}

/** AlayaCare keeps at most this many characters in a visit note. */
export const sourceNoteMaxLength = 1000;

/**
 * The visit note a not_home, refused or concern outcome leaves in the CRM: who wrote it, what happened and when
 * (the round's local time), then the driver's note, cut to the CRM's limit.
 */
export function formatSourceVisitNote(
  outcome: OutcomeKind,
  note: string,
  recordedAt: Date,
  timeZone: string,
): string {
  const time = toZonedParts(recordedAt, timeZone).time;
  const heading = `Driver: ${driverOutcomeLabels[outcome]} at ${time}.`;
  const text = note.trim() ? `${heading} ${note.trim()}` : heading;
  return text.length > sourceNoteMaxLength ? `${text.slice(0, sourceNoteMaxLength - 1)}…` : text;
}
