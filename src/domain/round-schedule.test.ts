import { describe, expect, it } from 'vitest';
import { formatClockMinutes, parseClockMinutes, scheduleStops } from './round-schedule';

describe('scheduleStops', () => {
  it('starts each visit after the travel and the contingency, and ends it after its duration', () => {
    expect(
      scheduleStops(
        '09:00',
        [
          { durationMins: 10, travelMins: 12 },
          { durationMins: 5, travelMins: 7 },
        ],
        2,
      ),
    ).toEqual([
      { start: '09:14', end: '09:24' },
      { start: '09:33', end: '09:38' },
    ]);
  });

  it('rounds travel minutes up and uses the default contingency of 2 minutes', () => {
    expect(scheduleStops('10:00', [{ durationMins: 15, travelMins: 4.2 }])).toEqual([
      { start: '10:07', end: '10:22' },
    ]);
  });

  it('honours a zero contingency', () => {
    expect(scheduleStops('08:30', [{ durationMins: 0, travelMins: 0 }], 0)).toEqual([
      { start: '08:30', end: '08:30' },
    ]);
  });

  it('never produces the 23:59 no-time marker or wraps past midnight', () => {
    const [late] = scheduleStops('23:50', [{ durationMins: 30, travelMins: 5 }], 2);
    expect(late).toEqual({ start: '23:57', end: '23:58' });
  });

  it('answers nothing for a round without stops', () => {
    expect(scheduleStops('09:00', [])).toEqual([]);
  });
});

describe('clock minutes', () => {
  it.each([
    ['00:00', 0],
    ['09:05', 545],
    ['23:58', 1438],
  ])('%s is minute %i of the day and back', (hhmm, minutes) => {
    expect(parseClockMinutes(hhmm)).toBe(minutes);
    expect(formatClockMinutes(minutes)).toBe(hhmm);
  });
});
