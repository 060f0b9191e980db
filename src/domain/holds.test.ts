import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  doHoldsOverlap,
  findCurrentHold,
  getEndNow,
  getReturnDate,
  groupHoldsForReport,
  isDateHeld,
  isDateInHold,
  type HoldSpan,
} from './holds';
import { addDays } from './zoned-time';

const hold = (fromDate: string, toDate: string | null): HoldSpan => ({ fromDate, toDate });

describe('isDateInHold', () => {
  it.each([
    ['2026-11-30', false],
    ['2026-12-01', true],
    ['2026-12-05', true],
    ['2026-12-06', false],
  ])('a hold of 01-12 to 05-12 covers %s: %s', (date, expected) => {
    expect(isDateInHold(hold('2026-12-01', '2026-12-05'), date)).toBe(expected);
  });

  it('an open-ended hold covers every day from its first', () => {
    expect(isDateInHold(hold('2026-12-01', null), '2030-01-01')).toBe(true);
    expect(isDateInHold(hold('2026-12-01', null), '2026-11-30')).toBe(false);
  });

  it('isDateHeld: any of the holds', () => {
    const holds = [hold('2026-12-01', '2026-12-02'), hold('2026-12-10', null)];
    expect(isDateHeld(holds, '2026-12-02')).toBe(true);
    expect(isDateHeld(holds, '2026-12-05')).toBe(false);
    expect(isDateHeld(holds, '2027-02-05')).toBe(true);
    expect(isDateHeld([], '2026-12-02')).toBe(false);
  });
});

describe('doHoldsOverlap', () => {
  it.each([
    [hold('2026-12-01', '2026-12-05'), hold('2026-12-05', '2026-12-09'), true],
    [hold('2026-12-01', '2026-12-05'), hold('2026-12-06', '2026-12-09'), false],
    [hold('2026-12-01', null), hold('2027-06-01', '2027-06-02'), true],
    [hold('2026-12-10', null), hold('2026-12-01', '2026-12-09'), false],
    [hold('2026-12-10', null), hold('2026-12-01', null), true],
  ])('%o and %o overlap: %s', (a, b, expected) => {
    expect(doHoldsOverlap(a, b)).toBe(expected);
    expect(doHoldsOverlap(b, a)).toBe(expected);
  });

  it('overlap exactly when some day is in both (bounded holds over a month)', () => {
    const day = fc.integer({ min: 0, max: 30 }).map((offset) => addDays('2026-12-01', offset));
    const span = fc.tuple(day, day).map(([a, b]) => (a <= b ? hold(a, b) : hold(b, a)));
    fc.assert(
      fc.property(span, span, (a, b) => {
        const days = Array.from({ length: 31 }, (_, offset) => addDays('2026-12-01', offset));
        const isShared = days.some((date) => isDateInHold(a, date) && isDateInHold(b, date));
        expect(doHoldsOverlap(a, b)).toBe(isShared);
      }),
    );
  });
});

describe('getEndNow', () => {
  const today = '2026-12-10';
  it('removes a hold that has not begun (today or later)', () => {
    expect(getEndNow(hold('2026-12-10', '2026-12-20'), today)).toEqual({ kind: 'remove' });
    expect(getEndNow(hold('2026-12-15', null), today)).toEqual({ kind: 'remove' });
  });
  it('ends a running hold yesterday', () => {
    expect(getEndNow(hold('2026-12-01', '2026-12-20'), today)).toEqual({ kind: 'end', toDate: '2026-12-09' });
    expect(getEndNow(hold('2026-12-01', null), today)).toEqual({ kind: 'end', toDate: '2026-12-09' });
    expect(getEndNow(hold('2026-12-01', '2026-12-10'), today)).toEqual({ kind: 'end', toDate: '2026-12-09' });
  });
  it('says a hold already over cannot be ended', () => {
    expect(getEndNow(hold('2026-12-01', '2026-12-09'), today)).toEqual({ kind: 'over' });
  });
});

describe('getReturnDate and findCurrentHold', () => {
  it('the client counts again the day after the hold; never for an open-ended one', () => {
    expect(getReturnDate(hold('2026-12-01', '2026-12-31'))).toBe('2027-01-01');
    expect(getReturnDate(hold('2026-12-01', null))).toBeNull();
  });
  it('finds the hold covering today', () => {
    const holds = [hold('2026-12-01', '2026-12-02'), hold('2026-12-10', null)];
    expect(findCurrentHold(holds, '2026-12-11')).toBe(holds[1]);
    expect(findCurrentHold(holds, '2026-12-05')).toBeNull();
  });
});

describe('groupHoldsForReport', () => {
  // Wednesday 02-12-2026; its week runs Monday 30-11 to Sunday 06-12.
  const date = '2026-12-02';
  const named = (name: string, fromDate: string, toDate: string | null) => ({ name, fromDate, toDate });
  const holds = [
    named('ended last week', '2026-11-16', '2026-11-27'),
    named('back on Monday', '2026-11-20', '2026-11-29'),
    named('open-ended', '2026-11-25', null),
    named('back on Friday', '2026-11-26', '2026-12-03'),
    named('ends today', '2026-12-01', '2026-12-02'),
    named('starts tomorrow, back on Sunday', '2026-12-03', '2026-12-05'),
    named('starts next week', '2026-12-07', '2026-12-20'),
    named('back next Monday', '2026-12-02', '2026-12-06'),
  ];
  const names = (list: { name: string }[]) => list.map((hold) => hold.name);

  it('lists who is on hold that day by return date, open-ended last', () => {
    expect(names(groupHoldsForReport(holds, date).onHold)).toEqual([
      'ends today',
      'back on Friday',
      'back next Monday',
      'open-ended',
    ]);
  });

  it('lists the holds that begin after the day by start', () => {
    expect(names(groupHoldsForReport(holds, date).upcoming)).toEqual([
      'starts tomorrow, back on Sunday',
      'starts next week',
    ]);
  });

  it('lists who comes back in the week holding the day, already back or not, by return date', () => {
    expect(names(groupHoldsForReport(holds, date).returning)).toEqual([
      'back on Monday',
      'ends today',
      'back on Friday',
      'starts tomorrow, back on Sunday',
    ]);
  });

  it('answers empty sections for no holds', () => {
    expect(groupHoldsForReport([], date)).toEqual({ onHold: [], upcoming: [], returning: [] });
  });
});
