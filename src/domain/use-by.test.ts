import { describe, expect, it } from 'vitest';
import { defaultUseByDays, getUseByDate } from './use-by';

describe('getUseByDate', () => {
  const days = { Hot: 1, Frozen: 90, Fresh: 3 };

  it.each([
    ['2026-12-07', 'Hot', '2026-12-08'],
    ['2026-12-07', 'Fresh', '2026-12-10'],
    ['2026-12-07', 'Frozen', '2027-03-07'],
    // Month and year ends, and a leap day.
    ['2026-12-31', 'Hot', '2027-01-01'],
    ['2028-02-28', 'Hot', '2028-02-29'],
    ['2028-02-27', 'Fresh', '2028-03-01'],
  ])('delivered %s, %s: use by %s', (date, state, expected) => {
    expect(getUseByDate(date, state, days)).toBe(expected);
  });

  it('0 days is the delivery date itself', () => {
    expect(getUseByDate('2026-12-07', 'Hot', { ...days, Hot: 0 })).toBe('2026-12-07');
  });

  it('adds calendar days across a daylight-saving change (Sydney, 4 October 2026)', () => {
    expect(getUseByDate('2026-10-03', 'Fresh', days)).toBe('2026-10-06');
    expect(getUseByDate('2027-04-03', 'Hot', days)).toBe('2027-04-04');
  });

  it('an unknown state takes the shortest period', () => {
    expect(getUseByDate('2026-12-07', 'Chilled', days)).toBe('2026-12-08');
    expect(getUseByDate('2026-12-07', '', { Hot: 5, Frozen: 2, Fresh: 9 })).toBe('2026-12-09');
  });

  it('defaults: hot the next day, fresh in 3 days, frozen in 90', () => {
    expect(defaultUseByDays).toEqual({ Hot: 1, Frozen: 90, Fresh: 3 });
  });
});
