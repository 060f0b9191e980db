import { describe, expect, it } from 'vitest';
import { getBackoffDelayMs, getRetryDelayMs, type RetryBackoff } from './retry-backoff';

const minuteToHour: RetryBackoff = { firstDelayMs: 60_000, maxDelayMs: 3_600_000, maxAttempts: 12 };

describe('getBackoffDelayMs', () => {
  it.each([
    [0, 60_000],
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [6, 1_920_000],
    [7, 3_600_000],
    [50, 3_600_000],
    [5_000, 3_600_000],
  ])('after %i attempts waits %i ms', (attempts, expected) => {
    expect(getBackoffDelayMs(minuteToHour, attempts)).toBe(expected);
  });

  it('doubles without a bound when the longest wait is unbounded', () => {
    const delays = [1, 2, 3, 4].map((attempts) =>
      getBackoffDelayMs({ firstDelayMs: 250, maxDelayMs: Number.POSITIVE_INFINITY }, attempts),
    );
    expect(delays).toEqual([250, 500, 1_000, 2_000]);
  });
});

describe('getRetryDelayMs', () => {
  it('gives up after the last allowed attempt', () => {
    expect(getRetryDelayMs(minuteToHour, 11)).toBe(3_600_000);
    expect(getRetryDelayMs(minuteToHour, 12)).toBeNull();
    expect(getRetryDelayMs(minuteToHour, 13)).toBeNull();
  });

  it('never gives up without a number of attempts', () => {
    expect(getRetryDelayMs({ firstDelayMs: 60_000, maxDelayMs: 3_600_000 }, 10_000)).toBe(3_600_000);
  });
});
