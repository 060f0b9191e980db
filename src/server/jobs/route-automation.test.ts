import { afterEach, describe, expect, it, vi } from 'vitest';
import { findNextRunAt, startRouteAutomationScheduler } from './route-automation';

describe('findNextRunAt', () => {
  it('finds the next time of day in Sydney, in summer and in winter time', () => {
    // 01:00 on the 18th in Sydney (UTC+11): 02:00 is an hour away.
    expect(findNextRunAt(new Date('2026-11-17T14:00:00Z'), '02:00')).toEqual(
      new Date('2026-11-17T15:00:00Z'),
    );
    // Exactly at 02:00 the next run is tomorrow's.
    expect(findNextRunAt(new Date('2026-11-17T15:00:00Z'), '02:00')).toEqual(
      new Date('2026-11-18T15:00:00Z'),
    );
    // 22:00 on 30 June in Sydney (UTC+10).
    expect(findNextRunAt(new Date('2026-06-30T12:00:00Z'), '02:00')).toEqual(
      new Date('2026-06-30T16:00:00Z'),
    );
    expect(findNextRunAt(new Date('2026-06-30T12:00:00Z'), '23:30')).toEqual(
      new Date('2026-06-30T13:30:00Z'),
    );
  });
});

describe('startRouteAutomationScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at the configured time every day, and stop waits for a run in progress', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-17T14:00:00Z') });
    const slots: string[] = [];
    let finishRun: () => void = () => undefined;
    const runScheduled = vi.fn((slot: Date) => {
      slots.push(slot.toISOString());
      return new Promise<never[]>((resolve) => {
        finishRun = () => resolve([]);
      });
    });
    const scheduler = startRouteAutomationScheduler({ runScheduled }, { time: '02:00' });
    await vi.advanceTimersByTimeAsync(59 * 60 * 1000);
    expect(slots).toEqual([]);
    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(slots).toEqual(['2026-11-17T15:00:00.000Z']);
    finishRun();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(slots).toEqual(['2026-11-17T15:00:00.000Z', '2026-11-18T15:00:00.000Z']);
    let isStopped = false;
    const stopping = scheduler.stop().then(() => {
      isStopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(isStopped).toBe(false);
    finishRun();
    await stopping;
    await vi.advanceTimersByTimeAsync(3 * 24 * 60 * 60 * 1000);
    expect(slots).toHaveLength(2);
  });

  it('logs a failed run and keeps the schedule', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-17T14:00:00Z') });
    const log = { error: vi.fn() };
    const runScheduled = vi.fn(() => Promise.reject(new Error('database gone')));
    const scheduler = startRouteAutomationScheduler({ runScheduled }, { time: '02:00', log });
    await vi.advanceTimersByTimeAsync(25 * 60 * 60 * 1000);
    expect(runScheduled).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      { reason: 'database gone' },
      expect.stringContaining('route automation'),
    );
    await scheduler.stop();
  });
});
