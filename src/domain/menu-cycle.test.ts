import { describe, expect, it } from 'vitest';
import { cycleSourceWeek, cycleWeekOf } from './menu-cycle';

describe('cycleWeekOf', () => {
  it.each([
    // weekStart, cycleStart, cycleWeeks, expected
    ['2024-06-10', '2024-06-10', 3, 1],
    ['2024-06-17', '2024-06-10', 3, 2],
    ['2024-06-24', '2024-06-10', 3, 3],
    ['2024-07-01', '2024-06-10', 3, 1],
    ['2024-07-08', '2024-06-10', 3, 2],
    ['2024-06-12', '2024-06-13', 3, 1], // both snap to Monday 10-06
    ['2024-06-16', '2024-06-10', 3, 1], // Sunday is still week 1
    ['2025-01-06', '2024-12-23', 2, 1], // across the year boundary
    ['2025-01-13', '2024-12-23', 2, 2],
    ['2024-06-10', '2024-06-10', 1, 1],
    ['2025-06-09', '2024-06-10', 52, 1], // 52 weeks later
    ['2024-06-10', '2024-06-10', 0, null], // no cycle
    ['2024-06-10', '2024-06-10', -1, null],
    ['2024-06-03', '2024-06-10', 3, null], // before the cycle starts
    ['2024-06-10', null, 3, null], // no start
  ])('%s from %s over %i weeks is week %s', (weekStart, cycleStart, cycleWeeks, expected) => {
    expect(cycleWeekOf(weekStart, cycleStart, cycleWeeks)).toBe(expected);
  });
});

describe('cycleSourceWeek', () => {
  it.each([
    ['2024-07-01', '2024-06-12', 3, '2024-06-10'],
    ['2024-07-15', '2024-06-12', 3, '2024-06-24'],
    ['2024-06-17', '2024-06-10', 3, '2024-06-17'], // inside the first cycle: the week itself
    ['2025-01-13', '2024-12-23', 2, '2024-12-30'], // across the year boundary
    ['2024-06-03', '2024-06-10', 3, null],
    ['2024-07-01', '2024-06-10', 0, null],
  ])('%s from %s over %i weeks shows %s', (weekStart, cycleStart, cycleWeeks, expected) => {
    expect(cycleSourceWeek(weekStart, cycleStart, cycleWeeks)).toBe(expected);
  });
});
