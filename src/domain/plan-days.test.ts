import { describe, expect, it } from 'vitest';
import { formatPlanLetters, listPlanDays, parsePlanLetters, setPlanDay } from './plan-days';

describe('listPlanDays', () => {
  it('lists M T W T F S S, Monday first, with full names', () => {
    const days = listPlanDays([0, 0, 0, 0, 0, 0, 0]);
    expect(days.map((day) => day.letter).join(' ')).toBe('M T W T F S S');
    expect(days.map((day) => day.name)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it.each([
    [[1, 1, 1, 1, 1, 0, 0], 'MTWTF--'],
    [[0, 0, 0, 0, 0, 1, 1], '-----SS'],
    [[1, 0, 1, 0, 1, 0, 1], 'M-W-F-S'],
    [[1, 1, 1, 1, 1, 1, 1], 'MTWTFSS'],
    [[0, 0, 0, 0, 0, 0, 0], '-------'],
    [[], '-------'], // no flags: no delivery days
    [[1, 1], 'MT-----'], // missing flags are off
    [[2, 1, -1, 1, 0, 0, 0], '-T-T---'], // only 1 marks a delivery day
    [[1, 1, 1, 1, 1, 1, 1, 1], 'MTWTFSS'], // extra flags are ignored
  ])('%j shows %s', (planDow, expected) => {
    const shown = listPlanDays(planDow)
      .map((day) => (day.isEnabled ? day.letter : '-'))
      .join('');
    expect(shown).toBe(expected);
  });
});

describe('setPlanDay', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0, 0], 0, true, [1, 0, 0, 0, 0, 0, 0]],
    [[1, 1, 1, 1, 1, 0, 0], 4, false, [1, 1, 1, 1, 0, 0, 0]],
    [[1, 1, 1, 1, 1, 0, 0], 6, true, [1, 1, 1, 1, 1, 0, 1]],
    [[1, 1, 1, 1, 1, 0, 0], 0, true, [1, 1, 1, 1, 1, 0, 0]], // already on
    [[], 2, true, [0, 0, 1, 0, 0, 0, 0]], // always seven flags
    [[2, 1, 1, 1, 1, 1, 1, 1], 0, false, [0, 1, 1, 1, 1, 1, 1]], // normalised to 0/1
  ])('%j with day %i set to %s gives %j', (planDow, index, isEnabled, expected) => {
    expect(setPlanDay(planDow, index, isEnabled)).toEqual(expected);
  });
});

describe('formatPlanLetters and parsePlanLetters', () => {
  it.each([
    ['MTW-F--', [1, 1, 1, 0, 1, 0, 0]],
    ['-------', [0, 0, 0, 0, 0, 0, 0]],
    ['MTWTFSS', [1, 1, 1, 1, 1, 1, 1]],
    ['-----SS', [0, 0, 0, 0, 0, 1, 1]],
  ])('%s reads as %j and writes back the same', (letters, flags) => {
    expect(parsePlanLetters(letters)).toEqual(flags);
    expect(formatPlanLetters(flags)).toBe(letters);
  });

  it('reads lower case and surrounding spaces', () => {
    expect(parsePlanLetters(' mtw-f-- ')).toEqual([1, 1, 1, 0, 1, 0, 0]);
  });

  it.each(['', 'MTWF', 'MTW-F---', 'TMW-F--', 'MTW F--', 'MTWXF--', 'SSSSSSS'])('refuses %j', (letters) => {
    expect(parsePlanLetters(letters)).toBeNull();
  });
});
