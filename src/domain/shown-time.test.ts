import { describe, expect, it } from 'vitest';
import { formatShownClock, formatShownDateTime } from './shown-time';

describe('formatShownDateTime', () => {
  it.each([
    { given: '2026-11-22T23:05:00Z', zone: 'Australia/Sydney', expected: '23-11-2026 10:05' },
    { given: '2026-11-23T10:05:00+11:00', zone: 'Australia/Perth', expected: '23-11-2026 07:05' },
    { given: '2026-06-30T14:30:00.123Z', zone: 'Australia/Sydney', expected: '01-07-2026 00:30' },
    { given: '2026-11-22T23:05:00Z', zone: 'Not/AZone', expected: '23-11-2026 10:05' },
    { given: 'not a time', zone: 'Australia/Sydney', expected: 'not a time' },
  ])('$given in $zone: $expected', ({ given, zone, expected }) => {
    expect(formatShownDateTime(given, zone)).toBe(expected);
  });
});

describe('formatShownClock', () => {
  it.each([
    // "Delivered at 05:13" was the phone's UTC reading of 16:13 in Sydney.
    { given: '2026-11-27T05:13:00Z', zone: 'Australia/Sydney', expected: '16:13' },
    { given: '2026-11-27T05:13:00Z', zone: 'Australia/Perth', expected: '13:13' },
    { given: '2026-07-01T05:13:00Z', zone: 'Australia/Sydney', expected: '15:13' },
    { given: '2026-11-27T05:13:00Z', zone: 'Not/AZone', expected: '16:13' },
    { given: '', zone: 'Australia/Sydney', expected: '' },
  ])('$given in $zone: $expected', ({ given, zone, expected }) => {
    expect(formatShownClock(given, zone)).toBe(expected);
  });
});
