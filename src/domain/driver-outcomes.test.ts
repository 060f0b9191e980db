import { describe, expect, it } from 'vitest';
import {
  sourceNoteMaxLength,
  formatSourceVisitNote,
  getDriverLinkExpiryMs,
  isAlertingOutcome,
  isLaterOutcome,
} from './driver-outcomes';

describe('getDriverLinkExpiryMs', () => {
  it.each([
    // Sydney in summer (+11:00): the end of the 24th is 13:00 UTC on the 24th.
    ['2026-11-23', 'Australia/Sydney', '2026-11-24T13:00:00.000Z'],
    // Perth has no daylight saving (+08:00).
    ['2026-11-23', 'Australia/Perth', '2026-11-24T16:00:00.000Z'],
    // Across the end of a month and a year.
    ['2026-12-31', 'Australia/Sydney', '2027-01-01T13:00:00.000Z'],
    // The next day is the first of daylight saving in Sydney (4 October 2026): midnight after it is +11:00.
    ['2026-10-03', 'Australia/Sydney', '2026-10-04T13:00:00.000Z'],
    // The next day ends daylight saving (5 April 2026): midnight after it is +10:00.
    ['2026-04-04', 'Australia/Sydney', '2026-04-05T14:00:00.000Z'],
  ])('a link of %s in %s lapses at %s', (date, zone, expected) => {
    expect(new Date(getDriverLinkExpiryMs(date, zone)).toISOString()).toBe(expected);
  });
});

describe('isAlertingOutcome', () => {
  it.each([
    ['delivered', false],
    ['not_home', true],
    ['refused', true],
    ['concern', true],
    ['other', false],
  ] as const)('%s alerts: %s', (outcome, expected) => {
    expect(isAlertingOutcome(outcome)).toBe(expected);
  });
});

describe('isLaterOutcome', () => {
  it('orders by the time recorded, then by arrival', () => {
    expect(isLaterOutcome({ recordedAtMs: 2, id: 1 }, { recordedAtMs: 1, id: 9 })).toBe(true);
    expect(isLaterOutcome({ recordedAtMs: 1, id: 9 }, { recordedAtMs: 2, id: 1 })).toBe(false);
    expect(isLaterOutcome({ recordedAtMs: 1, id: 2 }, { recordedAtMs: 1, id: 1 })).toBe(true);
    expect(isLaterOutcome({ recordedAtMs: 1, id: 1 }, { recordedAtMs: 1, id: 1 })).toBe(false);
  });
});

describe('formatSourceVisitNote', () => {
  const at = new Date('2026-11-23T00:42:00Z');

  it('says what happened at the round local time, then the driver note', () => {
    expect(formatSourceVisitNote('not_home', ' Left a card. ', at, 'Australia/Sydney')).toBe(
      'Driver: Not home at 11:42. Left a card.',
    );
    expect(formatSourceVisitNote('concern', '', at, 'Australia/Perth')).toBe('Driver: Concern at 08:42.');
  });

  it('keeps within the CRM limit', () => {
    const text = formatSourceVisitNote('refused', 'x'.repeat(2000), at, 'Australia/Sydney');
    expect(text).toHaveLength(sourceNoteMaxLength);
    expect(text.endsWith('…')).toBe(true);
  });
});
