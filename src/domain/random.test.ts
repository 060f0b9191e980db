import { describe, expect, it } from 'vitest';
import { createSeededStream } from './random';

describe('createSeededStream', () => {
  it('gives the same floats in [0, 1) for the same seed, and others for another seed', () => {
    const take = (seed: number) => {
      const next = createSeededStream(seed);
      return Array.from({ length: 5 }, () => next());
    };
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
    for (const value of take(7)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('keeps the mulberry32 sequence the demo data and the optimiser were built on', () => {
    const next = createSeededStream(1);
    expect(Math.floor(next() * 2 ** 32)).toBe(2693262067);
  });
});
