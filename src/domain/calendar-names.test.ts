import { describe, expect, it } from 'vitest';
import { formatLongDate, getMonthName, getWeekdayName, weekdayNames } from './calendar-names';

describe('calendar names', () => {
  it('names weekdays Monday first, long and short, round the week', () => {
    expect(weekdayNames[0]).toBe('Monday');
    expect(getWeekdayName(0)).toBe('Monday');
    expect(getWeekdayName(6, 'short')).toBe('Sun');
    expect(getWeekdayName(8, 'short')).toBe('Tue');
    expect(getWeekdayName(-1)).toBe('');
  });

  it('names months from 1, long and short, and nothing for a month that does not exist', () => {
    expect(getMonthName(1)).toBe('January');
    expect(getMonthName(9, 'short')).toBe('Sep');
    expect(getMonthName(13)).toBe('');
  });

  it('writes a day out in full', () => {
    expect(formatLongDate('2026-11-24')).toBe('Tuesday 24 November 2026');
    expect(formatLongDate('2027-01-03')).toBe('Sunday 3 January 2027');
  });
});
