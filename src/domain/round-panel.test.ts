import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignLegs,
  findEarliestStart,
  findLatestEnd,
  formatPanelDate,
  formatStopTimes,
  hasTimesChanged,
  isFutureDate,
  isDrivenTo,
  listLegAddresses,
  listPanelDates,
  shiftPanelDate,
  swapWithNeighbour,
  type Leg,
} from './round-panel';

const legs: Leg[] = [
  { kms: 3.26, mins: 7 },
  { kms: 1.1, mins: 3.2 },
  { kms: 4, mins: 9 },
];
const stops = [
  { start: '10:00', end: '10:20' },
  { start: '10:30', end: '10:45' },
];

describe('the four-day window', () => {
  it('starts the day before the chosen date', () => {
    expect(listPanelDates('2026-11-23')).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
  });

  it('crosses months and years', () => {
    expect(listPanelDates('2027-01-01')).toEqual(['2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it("moves by four days with '<' and '>'", () => {
    expect(shiftPanelDate('2026-11-23', 1)).toBe('2026-11-27');
    expect(shiftPanelDate('2026-11-23', -1)).toBe('2026-11-19');
    expect(listPanelDates(shiftPanelDate('2026-11-23', 1))[0]).toBe('2026-11-26');
  });

  it('back and forth returns to the same window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (offset) => {
        const date = new Date(Date.UTC(2000, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        expect(shiftPanelDate(shiftPanelDate(date, 1), -1)).toBe(date);
      }),
    );
  });

  it('names each day by weekday, day and month', () => {
    expect(formatPanelDate('2026-11-23')).toBe('Mon 23 Nov');
    expect(formatPanelDate('2027-01-03')).toBe('Sun 3 Jan');
  });
});

describe('past and future dates', () => {
  it('plans days after today and completes today and earlier', () => {
    expect(isFutureDate('2026-11-24', '2026-11-23')).toBe(true);
    expect(isFutureDate('2026-11-23', '2026-11-23')).toBe(false);
  });
});

describe('route legs', () => {
  it('lists the legs from the base through every stop and back', () => {
    expect(listLegAddresses('Base', ['A', 'B'])).toEqual([
      ['Base', 'A'],
      ['A', 'B'],
      ['B', 'Base'],
    ]);
    expect(listLegAddresses('Base', [])).toEqual([]);
  });

  it('drives to every visit but a cancelled one', () => {
    expect(['scheduled', 'completed', 'in_progress'].every((status) => isDrivenTo({ status }))).toBe(true);
    expect(isDrivenTo({ status: 'cancelled' })).toBe(false);
  });

  it('gives each driven visit its leg, none to a cancelled one, and the way home last', () => {
    const visits = [
      { status: 'cancelled' },
      { status: 'scheduled' },
      { status: 'cancelled' },
      { status: 'completed' },
    ];
    // The legs of the two driven visits: base to the first, first to second, second to base.
    expect(alignLegs(visits, ['to 2', '2 to 4', '4 home'])).toEqual([null, 'to 2', null, '2 to 4', '4 home']);
    expect(alignLegs([{ status: 'cancelled' }], [])).toEqual([null, null]);
    expect(alignLegs([], [])).toEqual([null]);
  });
});

describe('earliest start and latest end', () => {
  it('include the first and last travel and the contingency', () => {
    expect(findEarliestStart(stops, legs, 2)).toBe('09:51');
    expect(findLatestEnd(stops, legs, 2)).toBe('10:56');
  });

  it("use the account's contingency, 2 minutes by default", () => {
    expect(findEarliestStart(stops, legs)).toBe('09:51');
    expect(findEarliestStart(stops, legs, 10)).toBe('09:43');
    expect(findLatestEnd(stops, legs, 0)).toBe('10:54');
  });

  it('skip visits with no time (23:59)', () => {
    const withNoTime = [{ start: '23:59', end: '23:59' }, ...stops, { start: '23:59', end: '00:14' }];
    const fourLegs: Leg[] = [
      { kms: 1, mins: 1 },
      ...legs.slice(0, 2),
      { kms: 1, mins: 6 },
      { kms: 1, mins: 8 },
    ];
    // The first timed visit is the second stop: its own leg in (7 minutes) counts; the last timed visit's leg
    // out (6 minutes) counts.
    expect(findEarliestStart(withNoTime, fourLegs, 2)).toBe('09:51');
    expect(findLatestEnd(withNoTime, fourLegs, 2)).toBe('10:53');
  });

  it('count unknown travel as no minutes', () => {
    expect(findEarliestStart(stops, [null, null, null], 2)).toBe('09:58');
    expect(findLatestEnd(stops, [], 2)).toBe('10:47');
  });

  it('are unknown when no visit has a time', () => {
    expect(findEarliestStart([{ start: '23:59', end: '23:59' }], legs)).toBeNull();
    expect(findLatestEnd([], legs)).toBeNull();
  });

  it('show a visit with no time as such', () => {
    expect(formatStopTimes({ start: '10:00', end: '10:20' })).toBe('10:00-10:20');
    expect(formatStopTimes({ start: '23:59', end: '00:19' })).toBe('No time');
  });
});

describe('change detection', () => {
  it('marks a visit changed when its start or end differs from the original', () => {
    const base = { start: '10:00', end: '10:20', original_start: '10:00', original_end: '10:20' };
    expect(hasTimesChanged(base)).toBe(false);
    expect(hasTimesChanged({ ...base, start: '10:05' })).toBe(true);
    expect(hasTimesChanged({ ...base, end: '10:25' })).toBe(true);
  });
});

describe('moving', () => {
  it('swaps a visit with its neighbour and leaves the ends alone', () => {
    expect(swapWithNeighbour(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(swapWithNeighbour(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(swapWithNeighbour(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(swapWithNeighbour(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
