import { describe, expect, it } from 'vitest';
import { getAccountTimeZone, getAccountToday, getTodayIn } from './today';

// 23 Nov 2026 00:30 in Sydney: still 22 Nov in Perth.
const instant = Date.parse('2026-11-22T13:30:00Z');

describe("the account's today", () => {
  it('counts today in the zone, an unknown zone in the default one', () => {
    expect(getTodayIn('Australia/Sydney', instant)).toBe('2026-11-23');
    expect(getTodayIn('Australia/Perth', instant)).toBe('2026-11-22');
    expect(getTodayIn('Not/AZone', instant)).toBe('2026-11-23');
  });

  it("takes the lowest-id round's zone, whatever the order or names, else the default", () => {
    const rounds = [
      { id: 7, timezone: 'Australia/Sydney' },
      { id: 3, timezone: 'Australia/Perth' },
    ];
    expect(getAccountTimeZone(rounds)).toBe('Australia/Perth');
    expect(getAccountTimeZone([])).toBe('Australia/Sydney');
    expect(getAccountToday(rounds, instant)).toBe('2026-11-22');
    expect(getAccountToday([], instant)).toBe('2026-11-23');
    expect(getAccountToday([{ id: 1, timezone: 'Not/AZone' }], instant)).toBe('2026-11-23');
  });
});
