import { describe, expect, it } from 'vitest';
import { expandPattern, findFirstOverlap, isPatternOn, type RosterPatternRule } from './roster-patterns';

// November 2026: Monday 02, 09, 16, 23, 30; Tuesdays 03, 10, 17, 24. December 2026: Tuesdays 01, 08, 15, 22, 29.
const rule = (overrides: Partial<RosterPatternRule> = {}): RosterPatternRule => ({
  weekdays: [1],
  everyWeeks: 1,
  weekOfMonth: null,
  starts: '2026-11-02',
  ends: null,
  ...overrides,
});

describe('expandPattern', () => {
  it.each<[string, Partial<RosterPatternRule>, string, string, string[]]>([
    [
      'every Monday',
      {},
      '2026-11-01',
      '2026-11-30',
      ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'],
    ],
    ['Monday and Thursday', { weekdays: [1, 4] }, '2026-11-02', '2026-11-08', ['2026-11-02', '2026-11-05']],
    [
      'every 2 weeks',
      { everyWeeks: 2 },
      '2026-11-01',
      '2026-11-30',
      ['2026-11-02', '2026-11-16', '2026-11-30'],
    ],
    [
      'every 3 weeks',
      { everyWeeks: 3 },
      '2026-11-01',
      '2026-12-31',
      ['2026-11-02', '2026-11-23', '2026-12-14'],
    ],
    [
      'every 2 weeks counted from the week of a Wednesday start',
      { weekdays: [1, 5], everyWeeks: 2, starts: '2026-11-04' },
      '2026-11-01',
      '2026-11-22',
      ['2026-11-06', '2026-11-16', '2026-11-20'],
    ],
    [
      'starts is included',
      { starts: '2026-11-09' },
      '2026-11-01',
      '2026-11-16',
      ['2026-11-09', '2026-11-16'],
    ],
    [
      'ends is included',
      { ends: '2026-11-16' },
      '2026-11-01',
      '2026-11-30',
      ['2026-11-02', '2026-11-09', '2026-11-16'],
    ],
    ['nothing before starts', { starts: '2026-12-01' }, '2026-11-01', '2026-11-30', []],
    [
      'the 2nd Tuesday',
      { weekdays: [2], weekOfMonth: 2 },
      '2026-11-01',
      '2026-12-31',
      ['2026-11-10', '2026-12-08'],
    ],
    [
      'the 5th Tuesday (November has none)',
      { weekdays: [2], weekOfMonth: 5 },
      '2026-11-01',
      '2026-12-31',
      ['2026-12-29'],
    ],
    ['Sunday is 7', { weekdays: [7] }, '2026-11-01', '2026-11-16', ['2026-11-08', '2026-11-15']],
  ])('%s', (_title, overrides, from, to, expected) => {
    expect(expandPattern(rule(overrides), from, to)).toEqual(expected);
  });

  it('isPatternOn agrees with the expansion', () => {
    const pattern = rule({ weekdays: [2, 3], everyWeeks: 2 });
    const days = expandPattern(pattern, '2026-11-01', '2026-11-30');
    expect(isPatternOn(pattern, '2026-11-03')).toBe(true);
    expect(isPatternOn(pattern, '2026-11-10')).toBe(false);
    expect(days).toContain('2026-11-18');
  });
});

describe('findFirstOverlap', () => {
  it.each<[string, Partial<RosterPatternRule>, Partial<RosterPatternRule>, string | null]>([
    ['the same weekday: the later start', {}, { starts: '2026-11-20' }, '2026-11-23'],
    ['no shared weekday', {}, { weekdays: [2] }, null],
    ['alternate weeks never meet', { everyWeeks: 2 }, { everyWeeks: 2, starts: '2026-11-09' }, null],
    ['every 2 and every 3 weeks meet in week 6', { everyWeeks: 2 }, { everyWeeks: 3 }, '2026-11-02'],
    [
      'every 2 and every 3 weeks, shifted a week',
      { everyWeeks: 2 },
      { everyWeeks: 3, starts: '2026-11-09' },
      '2026-11-30',
    ],
    ['one ends before the other starts', { ends: '2026-11-30' }, { starts: '2026-12-01' }, null],
    [
      'the 2nd Tuesday against every Tuesday',
      { weekdays: [2], weekOfMonth: 2 },
      { weekdays: [2] },
      '2026-11-10',
    ],
    [
      'the 1st and the 2nd Tuesday never meet',
      { weekdays: [2], weekOfMonth: 1 },
      { weekdays: [2], weekOfMonth: 2 },
      null,
    ],
    [
      'the 2nd Tuesday against alternate Tuesdays from 17-11',
      { weekdays: [2], weekOfMonth: 2 },
      { weekdays: [2], everyWeeks: 2, starts: '2026-11-17' },
      '2027-01-12',
    ],
  ])('%s', (_title, a, b, expected) => {
    expect(findFirstOverlap(rule(a), rule(b))).toBe(expected);
    expect(findFirstOverlap(rule(b), rule(a))).toBe(expected);
  });
});
