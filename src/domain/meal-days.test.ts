import { describe, expect, it } from 'vitest';
import { isMissingMealDay, isPlannedDay, mealStripDates } from './meal-days';

const weekdaysOnly = [1, 1, 1, 1, 1, 0, 0];

describe('isPlannedDay', () => {
  it.each([
    [1, true],
    [5, true],
    [6, false],
    [7, false],
  ])('weekday %i of a Monday-to-Friday plan is planned: %s', (weekday, expected) => {
    expect(isPlannedDay(weekdaysOnly, weekday)).toBe(expected);
  });
});

describe('isMissingMealDay', () => {
  it.each([
    ['2026-11-16', 0, true], // a planned Monday with no meals
    ['2026-11-16', undefined, true], // absent counts as 0
    ['2026-11-16', 2, false],
    ['2026-11-21', 0, false], // Saturday is not planned
    ['2026-11-22', 3, false], // an unplanned day with meals is not "missing"
  ])('%s with %s meals is missing: %s', (date, count, expected) => {
    expect(isMissingMealDay(weekdaysOnly, date, count, false)).toBe(expected);
  });

  it('never marks a day missing for a client without a plan', () => {
    expect(isMissingMealDay([0, 0, 0, 0, 0, 0, 0], '2026-11-16', 0, false)).toBe(false);
  });
});

describe('mealStripDates', () => {
  it('starts on the Monday of the current week and covers 14 days', () => {
    const dates = mealStripDates('2026-11-21');
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2026-11-16');
    expect(dates[13]).toBe('2026-11-29');
  });

  it('starts on today when today is a Monday, across a month end', () => {
    expect(mealStripDates('2026-11-30').slice(0, 3)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });
});

describe('isMissingMealDay on a held day', () => {
  it('is never missing, planned or not', () => {
    expect(isMissingMealDay([1, 1, 1, 1, 1, 0, 0], '2026-11-16', 0, true)).toBe(false);
    expect(isMissingMealDay([1, 1, 1, 1, 1, 0, 0], '2026-11-16', 0, false)).toBe(true);
  });
});
