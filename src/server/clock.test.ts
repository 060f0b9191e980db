import { describe, expect, it } from 'vitest';
import { createClock } from './clock';

describe('createClock', () => {
  it('starts at the given instant and runs on at the pace of the elapsed time', () => {
    let elapsedMs = 5_000;
    const clock = createClock('2026-11-25T10:00:00+11:00', () => elapsedMs);
    expect(clock().toISOString()).toBe('2026-11-24T23:00:00.000Z');
    elapsedMs += 90_000;
    expect(clock().toISOString()).toBe('2026-11-24T23:01:30.000Z');
  });

  it('is the wall clock when no start is given', () => {
    const clock = createClock('', () => {
      throw new Error('the wall clock reads no elapsed time');
    });
    const before = Date.now();
    const read = clock().getTime();
    expect(read).toBeGreaterThanOrEqual(before);
  });
});
