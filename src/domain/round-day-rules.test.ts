import { describe, expect, it } from 'vitest';
import {
  canCompleteDay,
  canPlanDay,
  findPlanningStart,
  getNowClockIfToday,
  isFixedVisit,
  isOpenVisit,
  retimeStops,
  splitDayForPlanning,
  type RetimedStop,
} from './round-day-rules';

describe('which days are planned and completed', () => {
  it.each([
    ['2026-11-23', false, true],
    ['2026-11-24', true, true],
    ['2026-11-25', true, false],
  ])('%s against today 2026-11-24: plan %s, complete %s', (date, plan, complete) => {
    expect(canPlanDay(date, '2026-11-24')).toBe(plan);
    expect(canCompleteDay(date, '2026-11-24')).toBe(complete);
  });
});

describe('getNowClockIfToday', () => {
  // 10:05 on 18 November 2026 in Sydney (UTC+11).
  const nowMs = Date.parse('2026-11-17T23:05:00Z');
  it.each([
    ['2026-11-18', 'Australia/Sydney', '10:05'],
    ['2026-11-17', 'Australia/Sydney', null],
    ['2026-11-19', 'Australia/Sydney', null],
    ['2026-11-17', 'UTC', '23:05'],
    ['2026-11-18', 'Not/AZone', null],
  ])('%s in %s: %s', (date, zone, clock) => {
    expect(getNowClockIfToday(date, zone, nowMs)).toBe(clock);
  });
});

describe('isOpenVisit', () => {
  it.each([
    ['scheduled', true],
    ['on_hold', true],
    ['completed', false],
    ['cancelled', false],
  ])('%s: %s', (status, open) => {
    expect(isOpenVisit({ status })).toBe(open);
  });
});

describe('isFixedVisit', () => {
  it.each([
    ['completed', '14:00', null, true],
    ['cancelled', '14:00', null, true],
    ['scheduled', '09:00', null, false],
    ['scheduled', '10:29', '10:30', true],
    ['scheduled', '10:30', '10:30', true],
    ['scheduled', '10:31', '10:30', false],
    ['scheduled', '23:59', '23:59', false],
    ['on_hold', '08:00', '10:30', true],
  ])('%s at %s, now %s: %s', (status, start, now, fixed) => {
    expect(isFixedVisit({ status, start }, now)).toBe(fixed);
  });
});

const visit = (id: number, status: string, start: string, end = start) => ({ id, status, start, end });

describe('splitDayForPlanning', () => {
  const visits = [
    visit(1, 'scheduled', '11:00'),
    visit(2, 'completed', '09:40', '09:50'),
    visit(3, 'cancelled', '12:00'),
    visit(4, 'scheduled', '10:00', '10:10'),
    visit(5, 'scheduled', '23:59'),
  ];
  const ids = (list: { id: number }[]) => list.map((each) => each.id);

  it('plans every open visit of a later day and sets the closed ones aside', () => {
    const split = splitDayForPlanning(visits, null);
    expect([ids(split.done), ids(split.open), ids(split.aside)]).toEqual([[], [1, 4, 5], [2, 3]]);
  });

  it('keeps today’s visits done or under way first, in time order, and plans the rest', () => {
    const split = splitDayForPlanning(visits, '10:05');
    expect([ids(split.done), ids(split.open), ids(split.aside)]).toEqual([[2, 4], [1, 5], [3]]);
  });

  it('plans all of today’s open visits before the first one starts', () => {
    expect(ids(splitDayForPlanning(visits, '07:00').open)).toEqual([1, 4, 5]);
  });
});

describe('findPlanningStart', () => {
  it.each([
    ['a later day: the pickup time', [], null, '09:30'],
    ['today before the pickup time', [], '08:00', '09:30'],
    ['today after the pickup time: now', [], '10:12', '10:12'],
    ['today after a visit done: its end', [{ end: '11:20' }], '10:12', '11:20'],
    ['today, the last visit done long ago: now', [{ end: '09:50' }], '13:00', '13:00'],
  ])('%s', (_, done, now, start) => {
    expect(findPlanningStart('09:30', done, now)).toBe(start);
  });
});

const stop = (start: string, duration: number, extra: Partial<RetimedStop> = {}): RetimedStop => ({
  start,
  end: start,
  duration,
  isFixed: false,
  isDriven: true,
  wantedStart: start,
  ...extra,
});

const timesOf = (times: readonly { start: string; end: string }[]) =>
  times.map(({ start, end }) => ({ start, end }));

describe('retimeStops', () => {
  it('keeps every time that still fits and moves only what must', () => {
    // 2 min contingency; A 10:00 (10 min), then C moved up before B: C wants B's old slot 10:30, B follows it.
    const stops = [
      stop('10:00', 10),
      stop('11:00', 10, { wantedStart: '10:30' }),
      stop('10:30', 15),
      stop('12:00', 5),
    ];
    expect(timesOf(retimeStops('09:30', stops, [10, 5, 5, 5]))).toEqual([
      { start: '10:00', end: '10:10' },
      { start: '10:30', end: '10:40' },
      { start: '10:47', end: '11:02' },
      { start: '12:00', end: '12:05' },
    ]);
  });

  it('pushes the following visits only as far as they no longer fit', () => {
    const stops = [stop('10:00', 60), stop('10:30', 10), stop('11:30', 10), stop('14:00', 10)];
    expect(timesOf(retimeStops('09:30', stops, [10, 10, 10, 10]))).toEqual([
      { start: '10:00', end: '11:00' },
      { start: '11:12', end: '11:22' },
      { start: '11:34', end: '11:44' },
      { start: '14:00', end: '14:10' },
    ]);
  });

  it('times a visit with no time as soon as it can be reached, and counts an unknown leg as 0', () => {
    expect(timesOf(retimeStops('09:30', [stop('23:59', 10, { wantedStart: null })], [null]))).toEqual([
      { start: '09:32', end: '09:42' },
    ]);
  });

  it('leaves cancelled and fixed visits alone; the next visit follows the fixed one and now', () => {
    const stops = [
      stop('09:40', 10, { isFixed: true, end: '09:50' }),
      stop('10:00', 10, { isDriven: false, isFixed: true, end: '10:10' }),
      stop('10:05', 10),
      stop('13:00', 10),
    ];
    expect(timesOf(retimeStops('09:30', stops, [10, 5, 5], '10:20'))).toEqual([
      { start: '09:40', end: '09:50' },
      { start: '10:00', end: '10:10' },
      { start: '10:27', end: '10:37' },
      { start: '13:00', end: '13:10' },
    ]);
  });

  it('says why a visit could not keep its time: where the driver comes from and the travel', () => {
    const stops = [
      stop('10:00', 60),
      stop('10:30', 10),
      stop('14:00', 10),
      stop('23:59', 5, { wantedStart: null }),
    ];
    const result = retimeStops('09:30', stops, [10, 10, 10, 10]);
    expect(result.map((time) => time.delay)).toEqual([
      null,
      { wantedStart: '10:30', from: { kind: 'stop', index: 0, leavesAt: '11:00' }, travelMins: 10 },
      null,
      { wantedStart: null, from: { kind: 'stop', index: 2, leavesAt: '14:10' }, travelMins: 10 },
    ]);
    const late = retimeStops('09:30', [stop('09:35', 10)], [20]);
    expect(late[0]?.delay).toEqual({
      wantedStart: '09:35',
      from: { kind: 'base', leavesAt: '09:30' },
      travelMins: 20,
    });
    const afterNow = retimeStops('09:30', [stop('10:00', 10)], [20], '10:20');
    expect(afterNow[0]?.delay?.from).toEqual({ kind: 'now', leavesAt: '10:20' });
  });

  it('flags a visit pushed past 23:58', () => {
    const result = retimeStops('09:30', [stop('23:30', 10), stop('23:45', 20)], [5, 5]);
    expect(result.map((time) => [time.start, time.end, time.isPastDayEnd])).toEqual([
      ['23:30', '23:40', false],
      ['23:47', '23:58', true],
    ]);
  });
});
