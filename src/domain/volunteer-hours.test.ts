import { describe, expect, it } from 'vitest';
import { getCountedDays, sumDrivenRounds, toHours } from './volunteer-hours';

const november = { first: '2026-11-01', last: '2026-11-30' };

describe('getCountedDays', () => {
  it.each([
    ['a month under way counts to yesterday', '2026-11-18', { from: '2026-11-01', to: '2026-11-17' }],
    ['a past month counts whole', '2026-12-05', { from: '2026-11-01', to: '2026-11-30' }],
    ['the first of the month counts nothing yet', '2026-11-01', null],
    ['a month to come counts nothing', '2026-10-20', null],
    ['the day after the month counts it whole', '2026-12-01', { from: '2026-11-01', to: '2026-11-30' }],
  ])('%s', (_, today, expected) => {
    expect(getCountedDays(november, today)).toEqual(expected);
  });
});

describe('toHours', () => {
  it.each([
    [0, 0],
    [95, 1.6],
    [60, 1],
    [24, 0.4],
  ])('%i minutes are %d hours', (minutes, hours) => {
    expect(toHours(minutes)).toBe(hours);
  });
});

describe('sumDrivenRounds', () => {
  it('counts a day once per driver, sums minutes and km, keeps drivers apart', () => {
    const totals = sumDrivenRounds([
      { driverId: 1, date: '2026-11-10', minutes: 100, km: 10.15 },
      { driverId: 1, date: '2026-11-03', minutes: 50, km: 5.1 },
      { driverId: 1, date: '2026-11-10', minutes: 30, km: 0.1 },
      { driverId: 2, date: '2026-11-03', minutes: 40, km: 4 },
    ]);
    expect(totals.get(1)).toEqual({ dates: ['2026-11-03', '2026-11-10'], minutes: 180, km: 15.4 });
    expect(totals.get(2)).toEqual({ dates: ['2026-11-03'], minutes: 40, km: 4 });
  });
});
