import { describe, expect, it } from 'vitest';
import type { Leg } from './round-panel';
import { formatRoundTravel, sumRoundTravel } from './round-totals';

const legs: Leg[] = [
  { kms: 3.26, mins: 7 },
  { kms: 1.1, mins: 3.2 },
  // The drive back to the base counts like any other leg.
  { kms: 4, mins: 9 },
];

describe('round travel totals', () => {
  it('adds km to one decimal and minutes rounded up per leg, the return to base included', () => {
    expect(sumRoundTravel(legs)).toEqual({ kms: 8.4, mins: 20 });
  });

  it('skips unknown legs', () => {
    expect(sumRoundTravel([null, { kms: 2, mins: 5 }, null])).toEqual({ kms: 2, mins: 5 });
    expect(sumRoundTravel([])).toEqual({ kms: 0, mins: 0 });
  });

  it('formats the totals the same way everywhere', () => {
    expect(formatRoundTravel({ kms: 112.3, mins: 235 })).toBe('112.3 km, 235 mins');
    expect(formatRoundTravel({ kms: 0, mins: 0 })).toBe('0.0 km, 0 mins');
  });
});
