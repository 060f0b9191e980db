import { describe, expect, it } from 'vitest';
import {
  formatDayHeader,
  formatMonthTitle,
  getDefaultKitchenDate,
  getDefaultMealChoicesDate,
  getDefaultPackingDate,
  normaliseReportDate,
} from './report-dates';

describe('report dates', () => {
  // Saturday 21 November 2026.
  const today = '2026-11-21';

  it('defaults to the dates each report starts from', () => {
    expect(getDefaultKitchenDate(today)).toBe('23-11-2026');
    expect(getDefaultMealChoicesDate(today)).toBe('16-11-2026');
    expect(getDefaultPackingDate(today)).toBe('22-11-2026');
    expect(getDefaultPackingDate('2026-12-31')).toBe('01-01-2027');
  });

  it('reads typed dates, snapping week reports to Monday', () => {
    expect(normaliseReportDate(' 26-11-2026 ', 'monday')).toBe('23-11-2026');
    expect(normaliseReportDate('26-11-2026', 'day')).toBe('26-11-2026');
    expect(normaliseReportDate('31-02-2026', 'day')).toBeNull();
    expect(normaliseReportDate('2026-11-26', 'day')).toBeNull();
  });

  it('formats headers', () => {
    expect(formatDayHeader('23-11-2026')).toEqual({ weekday: 'Mon', day: '23/11' });
    expect(formatMonthTitle('01-11-2026')).toBe('November 2026');
  });
});
