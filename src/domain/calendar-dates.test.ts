import { describe, expect, it } from 'vitest';
import { isRealCalendarDate, maxCalendarYear, minCalendarYear, parseIsoDate } from './calendar-dates';

describe('isRealCalendarDate', () => {
  it.each([
    [2024, 2, 29, true, 'leap year (divisible by 4)'],
    [2026, 2, 29, false, 'not a leap year'],
    [2000, 2, 29, true, 'leap year (divisible by 400)'],
    [2100, 2, 29, false, 'not a leap year (divisible by 100)'],
    [2026, 2, 28, true, 'last day of February'],
    [2026, 2, 31, false, '31 February'],
    [2026, 4, 31, false, '31 April'],
    [2026, 6, 31, false, '31 June'],
    [2026, 9, 31, false, '31 September'],
    [2026, 11, 31, false, '31 November'],
    [2026, 4, 30, true, '30 April'],
    [2026, 1, 31, true, '31 January'],
    [2026, 12, 31, true, '31 December'],
    [2026, 0, 10, false, 'month 0'],
    [2026, 13, 10, false, 'month 13'],
    [2026, 5, 0, false, 'day 0'],
    [2026, 5, 32, false, 'day 32'],
    [0, 1, 1, false, 'year 0000'],
    [9999, 12, 31, false, 'year 9999'],
    [minCalendarYear, 1, 1, true, 'first accepted day'],
    [maxCalendarYear, 12, 31, true, 'last accepted day'],
    [minCalendarYear - 1, 12, 31, false, 'the day before the range'],
    [maxCalendarYear + 1, 1, 1, false, 'the day after the range'],
    [2026, 1.5, 1, false, 'fractional month'],
    [Number.NaN, 1, 1, false, 'NaN year'],
  ])('%i-%i-%i is %s (%s)', (year, month, day, expected) => {
    expect(isRealCalendarDate(year, month, day)).toBe(expected);
  });
});

describe('parseIsoDate', () => {
  it.each([
    ['2026-03-02', '2026-03-02'],
    ['2024-02-29', '2024-02-29'],
    ['2026-02-31', null],
    ['2026-02-29', null],
    ['0000-01-01', null],
    ['9999-12-31', null],
    ['2026-3-2', null],
    ['02-03-2026', null],
    ['2026-03-02T00:00:00Z', null],
    [' 2026-03-02', null],
    ['', null],
  ])('%j gives %j', (value, expected) => {
    expect(parseIsoDate(value)).toBe(expected);
  });
});
