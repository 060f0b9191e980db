import { describe, expect, it } from 'vitest';
import {
  getPatternDriver,
  isOnTimeOff,
  resolveSlot,
  type SlotAssignment,
  type SlotPattern,
} from './roster-slots';

// Monday 23-11-2026 and Tuesday 24-11-2026.
const monday = '2026-11-23';
const tuesday = '2026-11-24';
const pattern = (id: number, driverId: number, weekdays: number[]): SlotPattern => ({
  id,
  driverId,
  weekdays,
  everyWeeks: 1,
  weekOfMonth: null,
  starts: '2026-11-02',
  ends: null,
});
const mondays = [pattern(1, 10, [1])];
const awayMonday = [{ driverId: 10, fromDate: monday, toDate: monday }];
const substituteAway = [{ driverId: 20, fromDate: '2026-11-20', toDate: '2026-11-30' }];

describe('resolveSlot', () => {
  it.each<[string, SlotPattern[], SlotAssignment | null, typeof awayMonday, string, unknown]>([
    ['the pattern driver', mondays, null, [], monday, { driverId: 10, kind: 'recurring', isReleased: false }],
    [
      'no pattern that day',
      mondays,
      null,
      [],
      tuesday,
      { driverId: null, kind: 'unfilled', isReleased: false },
    ],
    [
      'the pattern driver on time off',
      mondays,
      null,
      awayMonday,
      monday,
      { driverId: null, kind: 'unfilled', isReleased: false },
    ],
    [
      'a substitute replaces the pattern driver',
      mondays,
      { driverId: 20, isReleased: false },
      [],
      monday,
      { driverId: 20, kind: 'substitute', isReleased: false },
    ],
    [
      'a substitute stands in for the driver on time off',
      mondays,
      { driverId: 20, isReleased: false },
      awayMonday,
      monday,
      { driverId: 20, kind: 'substitute', isReleased: false },
    ],
    [
      'a one-time driver on a day without a pattern',
      mondays,
      { driverId: 20, isReleased: false },
      [],
      tuesday,
      { driverId: 20, kind: 'one_time', isReleased: false },
    ],
    [
      'an assigned driver later on time off leaves the slot unfilled',
      mondays,
      { driverId: 20, isReleased: false },
      substituteAway,
      monday,
      { driverId: null, kind: 'unfilled', isReleased: false },
    ],
    [
      'left unfilled beats the pattern',
      mondays,
      { driverId: null, isReleased: false },
      [],
      monday,
      { driverId: null, kind: 'unfilled', isReleased: false },
    ],
    [
      'a released day',
      mondays,
      { driverId: null, isReleased: true },
      [],
      monday,
      { driverId: null, kind: 'unfilled', isReleased: true },
    ],
    [
      'the pattern driver assigned again is recurring',
      mondays,
      { driverId: 10, isReleased: false },
      [],
      monday,
      { driverId: 10, kind: 'recurring', isReleased: false },
    ],
  ])('%s', (_title, patterns, assignment, timeOff, date, expected) => {
    expect(resolveSlot(patterns, assignment, timeOff, date)).toEqual(expected);
  });

  it('the oldest pattern counts when two would meet', () => {
    expect(getPatternDriver([pattern(5, 50, [1]), pattern(3, 30, [1])], monday)).toBe(30);
  });

  it.each([
    ['2026-11-19', false],
    ['2026-11-20', true],
    ['2026-11-30', true],
    ['2026-12-01', false],
  ])('time off 20-11 to 30-11 covers %s: %s', (date, expected) => {
    expect(isOnTimeOff(substituteAway, 20, date)).toBe(expected);
    expect(isOnTimeOff(substituteAway, 10, date)).toBe(false);
  });
});
