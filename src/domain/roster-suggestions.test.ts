import { describe, expect, it } from 'vitest';
import { describeSuggestion, rankSuggestions, type SuggestionCandidate } from './roster-suggestions';

const candidate = (
  id: number,
  name: string,
  overrides: Partial<SuggestionCandidate> = {},
): SuggestionCandidate => ({
  id,
  name,
  knowsRound: false,
  lastDroveRound: null,
  otherRound: null,
  daysThisMonth: 0,
  isOnTimeOff: false,
  ...overrides,
});

describe('rankSuggestions', () => {
  it.each<[string, SuggestionCandidate[], string[]]>([
    [
      'knowing the round first',
      [candidate(1, 'Ann'), candidate(2, 'Bob', { knowsRound: true })],
      ['Bob', 'Ann'],
    ],
    [
      'free that day before driving another round',
      [candidate(1, 'Ann', { otherRound: 'North' }), candidate(2, 'Bob')],
      ['Bob', 'Ann'],
    ],
    [
      'drove it lately, the latest first',
      [
        candidate(1, 'Ann'),
        candidate(2, 'Bob', { lastDroveRound: '2026-11-02' }),
        candidate(3, 'Cat', { lastDroveRound: '2026-11-16' }),
      ],
      ['Cat', 'Bob', 'Ann'],
    ],
    [
      'fewer days this month first',
      [candidate(1, 'Ann', { daysThisMonth: 6 }), candidate(2, 'Bob', { daysThisMonth: 2 })],
      ['Bob', 'Ann'],
    ],
    ['then by name', [candidate(1, 'Zoe'), candidate(2, 'Amy')], ['Amy', 'Zoe']],
    ['time off is left out', [candidate(1, 'Ann', { isOnTimeOff: true }), candidate(2, 'Bob')], ['Bob']],
    [
      'knowing beats a lighter month',
      [
        candidate(1, 'Ann', { daysThisMonth: 0 }),
        candidate(2, 'Bob', { knowsRound: true, daysThisMonth: 9 }),
      ],
      ['Bob', 'Ann'],
    ],
  ])('%s', (_title, candidates, expected) => {
    expect(rankSuggestions(candidates, 'Inner West', 'November').map((ranked) => ranked.name)).toEqual(
      expected,
    );
  });
});

describe('describeSuggestion', () => {
  it.each<[string, Partial<SuggestionCandidate>, string[]]>([
    [
      'a regular of the round',
      { knowsRound: true, lastDroveRound: '2026-11-16', daysThisMonth: 3 },
      [
        'Knows Inner West',
        'Free that day',
        'Drove Inner West on 16-11-2026',
        'Not on time off',
        'Drives 3 days in November',
      ],
    ],
    [
      'a newcomer busy elsewhere',
      { otherRound: 'North Shore', daysThisMonth: 1 },
      [
        'Does not know Inner West yet',
        'Already drives North Shore that day',
        'Not on time off',
        'Drives 1 day in November',
      ],
    ],
    [
      'no days yet',
      {},
      ['Does not know Inner West yet', 'Free that day', 'Not on time off', 'No days yet in November'],
    ],
  ])('%s', (_title, overrides, expected) => {
    expect(describeSuggestion(candidate(1, 'Ann', overrides), 'Inner West', 'November')).toEqual(expected);
  });
});
