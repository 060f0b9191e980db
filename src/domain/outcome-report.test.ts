import { describe, expect, it } from 'vitest';
import {
  compareOutcomeClients,
  countNoOutcomes,
  hasRepeatedWorry,
  resolveOutcomeRange,
  type OutcomeCounts,
} from './outcome-report';

function counts(overrides: Partial<OutcomeCounts>): OutcomeCounts {
  return { ...countNoOutcomes(), ...overrides };
}

describe('hasRepeatedWorry', () => {
  it.each([
    { title: 'nothing', given: {}, expected: false },
    { title: 'one not home', given: { not_home: 1 }, expected: false },
    { title: 'one concern', given: { concern: 1 }, expected: false },
    { title: 'two not home', given: { not_home: 2 }, expected: true },
    { title: 'two concerns', given: { concern: 2 }, expected: true },
    { title: 'a not home and a concern', given: { not_home: 1, concern: 1 }, expected: true },
    { title: 'refusals and others do not count', given: { refused: 3, other: 3 }, expected: false },
    { title: 'deliveries do not count', given: { delivered: 9, not_home: 1 }, expected: false },
  ])('$title: $expected', ({ given, expected }) => {
    expect(hasRepeatedWorry(counts(given))).toBe(expected);
  });
});

describe('compareOutcomeClients', () => {
  it('puts repeated not-home or concern first, most first, then everyone by name and id', () => {
    const clients = [
      { id: 1, name: 'Zoe', counts: counts({ delivered: 5 }) },
      { id: 2, name: 'Amy', counts: counts({ not_home: 1 }) },
      { id: 3, name: 'Yan', counts: counts({ not_home: 2 }) },
      { id: 4, name: 'Bea', counts: counts({ concern: 2, not_home: 1 }) },
      { id: 5, name: 'Amy', counts: counts({ refused: 4 }) },
      { id: 6, name: 'Xia', counts: counts({ concern: 1, not_home: 1 }) },
    ];
    const sorted = [...clients].sort(compareOutcomeClients).map((client) => client.id);
    expect(sorted).toEqual([4, 6, 3, 2, 5, 1]);
  });
});

describe('resolveOutcomeRange', () => {
  const today = '2026-11-23';
  it.each([
    {
      title: 'no dates: four weeks to today',
      from: undefined,
      to: undefined,
      expected: ['2026-10-27', today],
    },
    { title: 'only a start: to today', from: '2026-11-01', to: undefined, expected: ['2026-11-01', today] },
    {
      title: 'a start after today: that day',
      from: '2026-12-01',
      to: undefined,
      expected: ['2026-12-01', '2026-12-01'],
    },
    {
      title: 'only an end: four weeks to it',
      from: undefined,
      to: '2026-02-28',
      expected: ['2026-02-01', '2026-02-28'],
    },
    { title: 'one day', from: '2026-11-05', to: '2026-11-05', expected: ['2026-11-05', '2026-11-05'] },
    {
      title: 'a leap year of 366 days',
      from: '2028-01-01',
      to: '2028-12-31',
      expected: ['2028-01-01', '2028-12-31'],
    },
  ])('$title', ({ from, to, expected }) => {
    expect(resolveOutcomeRange(today, from, to)).toEqual({ from: expected[0], to: expected[1] });
  });

  it('refuses an end before the start and more than 366 days, on the end date', () => {
    expect(resolveOutcomeRange(today, '2026-11-05', '2026-11-04')).toEqual({
      field: 'to',
      message: 'The end date must not be before the start date.',
    });
    expect(resolveOutcomeRange(today, '2026-01-01', '2027-01-02')).toEqual({
      field: 'to',
      message: 'Choose at most 366 days.',
    });
  });
});
