import type { attemptChannels, attemptResults } from '../../../contracts/alerts';

type AttemptChannel = (typeof attemptChannels)[number];
type AttemptResult = (typeof attemptResults)[number];

/** The words for an attempt's channel and result on the board and in its form. */
export const attemptChannelLabels: Record<AttemptChannel, string> = {
  phone: 'Phone call',
  sms: 'SMS',
  voice: 'Voice message',
  visit: 'Visit',
  other: 'Other',
};

export const attemptResultLabels: Record<AttemptResult, string> = {
  no_answer: 'No answer',
  answered: 'Answered',
  left_message: 'Left a message',
  safe: 'Safe',
  not_safe: 'Not safe',
  failed: 'Failed',
};

/** "Open 12 min" / "Open 2 h 5 min": how long the check's clock has run. */
export function formatMinutesOpen(startIso: string, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(startIso)) / 60_000));
  if (minutes < 60) return `Open ${String(minutes)} min`;
  return `Open ${String(Math.floor(minutes / 60))} h ${String(minutes % 60)} min`;
}
