import { describe, expect, it } from 'vitest';
import { describePastMidnight, formatClockMinutes, parseClockMinutes, scheduleStops } from './round-schedule';

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
      { start: '09:14', end: '09:24', isPastDayEnd: false },
      { start: '09:33', end: '09:38', isPastDayEnd: false },
    ]);
  });

  it('rounds travel minutes up and uses the default contingency of 2 minutes', () => {
    expect(scheduleStops('10:00', [{ durationMins: 15, travelMins: 4.2 }])).toEqual([
      { start: '10:07', end: '10:22', isPastDayEnd: false },
    ]);
  });

  it('honours a zero contingency', () => {
    expect(scheduleStops('08:30', [{ durationMins: 0, travelMins: 0 }], 0)).toEqual([
      { start: '08:30', end: '08:30', isPastDayEnd: false },
    ]);
  });

  it('never produces the 23:59 no-time marker or wraps past midnight, and flags the visits held there', () => {
    const [late] = scheduleStops('23:50', [{ durationMins: 30, travelMins: 5 }], 2);
    expect(late).toEqual({ start: '23:57', end: '23:58', isPastDayEnd: true });
  });

  it('flags every stop that would end after 23:58, not the ones that end by then', () => {
    const times = scheduleStops(
      '22:00',
      [
        { durationMins: 10, travelMins: 0 },
        { durationMins: 58, travelMins: 0 },
        { durationMins: 1, travelMins: 0 },
        { durationMins: 10, travelMins: 90 },
      ],
      0,
    );
    expect(times.map((time) => [time.start, time.end, time.isPastDayEnd])).toEqual([
      ['22:00', '22:10', false],
      ['22:10', '23:08', false],
      ['23:08', '23:09', false],
      ['23:58', '23:58', true],
    ]);
    const [atEnd] = scheduleStops('23:00', [{ durationMins: 58, travelMins: 0 }], 0);
    expect(atEnd).toEqual({ start: '23:00', end: '23:58', isPastDayEnd: false });
  });

  it('answers nothing for a round without stops', () => {
    expect(scheduleStops('09:00', [])).toEqual([]);
  });
});

describe('describePastMidnight', () => {
  it('says nothing when every visit fits the day', () => {
    expect(describePastMidnight([])).toBeNull();
  });

  it('names the one visit that would end after 23:58 and what to do', () => {
    expect(describePastMidnight(['Ada Brown'])).toBe(
      "This plan runs past midnight: Ada Brown's visit would end after 23:58. Shorten the travel contingency or move stops to another round.",
    );
  });

  it('counts the visits past the end and names the first', () => {
    expect(describePastMidnight(['Ada Brown', 'Ben Cole', 'Cy Dunn'])).toBe(
      "This plan runs past midnight: 3 visits, from Ada Brown's on, would end after 23:58. Shorten the travel contingency or move stops to another round.",
    );
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
