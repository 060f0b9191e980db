import { describe, expect, it } from 'vitest';
import { getMonthName, getWeekdayName, weekdayNames } from './calendar-names';

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
});
