import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatZonedIso,
  getIsoWeekday,
  getOffsetMinutes,
  getZonedDate,
  isIsoDate,
  parseIsoDateTime,
  toInstantMs,
} from './zoned-time';

const sydney = 'Australia/Sydney';

describe('zoned time', () => {
  it.each([
    // date, time, zone, ISO with offset
    ['2026-01-15', '10:30', sydney, '2026-01-15T10:30:00+11:00'],
    ['2026-07-15', '10:30', sydney, '2026-07-15T10:30:00+10:00'],
    ['2026-04-05', '12:00', sydney, '2026-04-05T12:00:00+10:00'], // daylight saving ended at 03:00
    ['2026-10-04', '12:00', sydney, '2026-10-04T12:00:00+11:00'], // and started at 02:00
    ['2026-04-05', '12:00', 'Australia/Lord_Howe', '2026-04-05T12:00:00+10:30'],
    ['2026-03-08', '12:00', 'America/St_Johns', '2026-03-08T12:00:00-02:30'],
    ['2026-06-01', '00:00', 'UTC', '2026-06-01T00:00:00+00:00'],
  ])('%s %s in %s is %s', (date, time, zone, iso) => {
    const instant = toInstantMs(date, time, zone);
    expect(instant).toBe(Date.parse(iso));
    expect(formatZonedIso(instant, zone)).toBe(iso);
    expect(getZonedDate(instant, zone)).toBe(date);
  });

  it('knows the offset either side of a change and the Sydney date of a UTC instant', () => {
    expect(getOffsetMinutes(Date.parse('2026-04-04T15:59:59Z'), sydney)).toBe(660);
    expect(getOffsetMinutes(Date.parse('2026-04-04T16:00:00Z'), sydney)).toBe(600);
    expect(getZonedDate(Date.parse('2026-03-15T13:00:00Z'), sydney)).toBe('2026-03-16');
    expect(getZonedDate(Date.parse('2026-03-15T12:59:59Z'), sydney)).toBe('2026-03-15');
  });

  it('does calendar arithmetic and reads ISO values strictly', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-16', -28)).toBe('2026-02-16');
    expect(getIsoWeekday('2026-03-16')).toBe(1);
    expect(getIsoWeekday('2026-03-22')).toBe(7);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(parseIsoDateTime('2026-03-16T10:30:00+11:00')).toBe(Date.parse('2026-03-15T23:30:00Z'));
    expect(parseIsoDateTime('2026-03-16T10:30:00.250Z')).toBe(Date.parse('2026-03-16T10:30:00.250Z'));
    expect(parseIsoDateTime('2026-03-16T10:30:00')).toBeNull();
    expect(parseIsoDateTime('2026-03-16 10:30:00Z')).toBeNull();
    expect(parseIsoDateTime('16/03/2026')).toBeNull();
  });
});

describe('getIsoWeekday against the calendar', () => {
  it('agrees with Date on every day of 1999 to 2101 (leap years and century rules)', () => {
    for (let time = Date.UTC(1999, 0, 1); time <= Date.UTC(2101, 11, 31); time += 86_400_000) {
      const date = new Date(time).toISOString().slice(0, 10);
      const weekday = new Date(time).getUTCDay();
      expect(getIsoWeekday(date), date).toBe(weekday === 0 ? 7 : weekday);
    }
  });
});
