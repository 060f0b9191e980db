import { describe, expect, it } from 'vitest';
import { getOffsetMinutes, toZonedIso, toZonedParts } from './zoned-time';

describe('zoned time', () => {
  it.each([
    ['2026-11-23', '10:30', 'Australia/Sydney', '2026-11-23T10:30:00+11:00'],
    ['2026-06-15', '10:30', 'Australia/Sydney', '2026-06-15T10:30:00+10:00'],
    ['2026-06-15', '10:30', 'Australia/Brisbane', '2026-06-15T10:30:00+10:00'],
    ['2026-11-23', '10:30', 'Australia/Brisbane', '2026-11-23T10:30:00+10:00'],
    ['2026-11-23', '10:30', 'Australia/Adelaide', '2026-11-23T10:30:00+10:30'],
    ['2026-11-23', '10:30', 'Australia/Perth', '2026-11-23T10:30:00+08:00'],
    ['2026-11-23', '00:00', 'Australia/Lord_Howe', '2026-11-23T00:00:00+11:00'],
    ['2026-06-15', '23:59', 'Australia/Lord_Howe', '2026-06-15T23:59:00+10:30'],
    // Daylight saving starts 4 Oct 2026 at 02:00 in Sydney: 02:30 does not exist and moves forward.
    ['2026-10-04', '02:30', 'Australia/Sydney', '2026-10-04T03:30:00+11:00'],
    ['2026-10-04', '01:59', 'Australia/Sydney', '2026-10-04T01:59:00+10:00'],
    ['2026-10-04', '03:00', 'Australia/Sydney', '2026-10-04T03:00:00+11:00'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(toZonedIso(date, time, zone)).toBe(expected);
  });

  it('reads an instant back as local date and time, across midnight', () => {
    expect(toZonedParts(new Date('2026-11-22T13:30:00Z'), 'Australia/Sydney')).toEqual({
      date: '2026-11-23',
      time: '00:30',
    });
    expect(toZonedParts(new Date('2026-11-22T13:30:00Z'), 'Australia/Perth')).toEqual({
      date: '2026-11-22',
      time: '21:30',
    });
  });

  it('round-trips every quarter hour of a day across the autumn change', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const iso = toZonedIso('2026-04-05', time, 'Australia/Sydney');
      expect(toZonedParts(new Date(iso), 'Australia/Sydney')).toEqual({ date: '2026-04-05', time });
    }
  });

  it('knows the offset at an instant', () => {
    expect(getOffsetMinutes(Date.parse('2026-01-01T00:00:00Z'), 'Australia/Sydney')).toBe(660);
    expect(getOffsetMinutes(Date.parse('2026-07-01T00:00:00Z'), 'Australia/Darwin')).toBe(570);
  });
});
