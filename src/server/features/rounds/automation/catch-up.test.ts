import { describe, expect, it } from 'vitest';
import { catchUpWindowMs, isMissedRunStillDue } from './catch-up';

describe('isMissedRunStillDue', () => {
  const slot = new Date('2026-11-17T15:00:00Z');
  it.each([
    ['at the slot', 0, true],
    ['two and a half hours late', 2.5 * 60 * 60 * 1000, true],
    ['a moment before the window closes', catchUpWindowMs - 1, true],
    ['when the window closes', catchUpWindowMs, false],
    ['a day late', 24 * 60 * 60 * 1000, false],
  ])('%s: %s', (_when, lateMs, isDue) => {
    expect(isMissedRunStillDue(slot, new Date(slot.getTime() + lateMs))).toBe(isDue);
  });
});
