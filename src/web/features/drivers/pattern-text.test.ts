import { describe, expect, it } from 'vitest';
import type { RosterPattern } from '../../../contracts/drivers';
import { describePattern } from './pattern-text';

const pattern = (overrides: Partial<RosterPattern>): RosterPattern => ({
  id: 1,
  driver_id: 1,
  round_id: 1,
  weekdays: [1],
  every_weeks: 1,
  starts: '02-11-2026',
  ends: null,
  week_of_month: null,
  ...overrides,
});

describe('describePattern', () => {
  it.each<[Partial<RosterPattern>, string]>([
    [{}, 'Mondays, from 02-11-2026'],
    [{ weekdays: [1, 4], every_weeks: 2 }, 'Mondays and Thursdays, every 2 weeks, from 02-11-2026'],
    [
      { weekdays: [1, 3, 5], ends: '31-12-2026' },
      'Mondays, Wednesdays and Fridays, from 02-11-2026 to 31-12-2026',
    ],
    [{ weekdays: [2], week_of_month: 2 }, 'The 2nd Tuesday of the month, from 02-11-2026'],
  ])('%j', (overrides, expected) => {
    expect(describePattern(pattern(overrides))).toBe(expected);
  });
});
