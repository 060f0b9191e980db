import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, parseDayMonthYear, snapToMonday, weekDates, weekIdOf } from './weeks';

describe('snapToMonday', () => {
  it.each([
    ['2024-06-10', '2024-06-10'], // Monday
    ['2024-06-11', '2024-06-10'],
    ['2024-06-12', '2024-06-10'],
    ['2024-06-13', '2024-06-10'],
    ['2024-06-14', '2024-06-10'],
    ['2024-06-15', '2024-06-10'],
    ['2024-06-16', '2024-06-10'], // Sunday belongs to the week before
    ['2024-06-17', '2024-06-17'],
  ])('every weekday: %s -> %s', (date, monday) => {
    expect(snapToMonday(date)).toBe(monday);
  });

  it.each([
    ['2025-01-01', '2024-12-30'], // year boundary, Wednesday
    ['2021-01-03', '2020-12-28'], // year boundary, Sunday
    ['2024-12-31', '2024-12-30'],
    ['2024-03-01', '2024-02-26'], // month boundary in a leap year
    ['2023-03-01', '2023-02-27'],
    ['2024-09-01', '2024-08-26'], // Sunday, month boundary
    ['2024-02-29', '2024-02-26'],
  ])('year and month boundaries: %s -> %s', (date, monday) => {
    expect(snapToMonday(date)).toBe(monday);
  });
});

describe('week dates and DD-MM-YYYY', () => {
  it('lists the seven days of a week across a year boundary', () => {
    expect(weekDates('2024-12-30')).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
  });

  it.each([
    ['05-01-2025', '2025-01-05'],
    ['29-02-2024', '2024-02-29'],
    ['29-02-2023', null],
    ['31-04-2024', null],
    ['2024-01-05', null],
    ['5-1-2025', null],
    ['31-12-9999', null],
    ['01-01-0000', null],
    ['', null],
  ])('parses %s as %s', (value, iso) => {
    expect(parseDayMonthYear(value)).toBe(iso);
  });

  it('formats and snaps week ids', () => {
    expect(formatDayMonthYear('2025-01-05')).toBe('05-01-2025');
    expect(weekIdOf('05-01-2025')).toBe('30-12-2024');
    expect(weekIdOf('30-12-2024')).toBe('30-12-2024');
    expect(weekIdOf('32-12-2024')).toBeNull();
  });
});
