import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchUpWindowMs } from '../features/rounds/automation/catch-up';
import { findLastRunAt, findNextRunAt, startRoundAutomationScheduler } from './round-automation';

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

describe('findNextRunAt across daylight saving in Sydney', () => {
  it('runs once on each change day: at the end of the skipped hour, at the first of a repeated one', () => {
    // 4 October 2026: 02:00 jumps to 03:00, so 02:30 never comes; the run is at 03:00 (16:00Z).
    expect(findNextRunAt(new Date('2026-10-03T12:00:00Z'), '02:30')).toEqual(
      new Date('2026-10-03T16:00:00Z'),
    );
    // 5 April 2026: 03:00 goes back to 02:00, so 02:30 comes twice; the run is at the first (02:30 +11:00).
    expect(findNextRunAt(new Date('2026-04-04T12:00:00Z'), '02:30')).toEqual(
      new Date('2026-04-04T15:30:00Z'),
    );
  });
});

describe('findLastRunAt', () => {
  it('finds the latest time of day in Sydney at or before now', () => {
    // 03:00 on the 18th in Sydney: today's 02:00 an hour ago; at exactly 02:00, that one.
    expect(findLastRunAt(new Date('2026-11-17T16:00:00Z'), '02:00')).toEqual(
      new Date('2026-11-17T15:00:00Z'),
    );
    expect(findLastRunAt(new Date('2026-11-17T15:00:00Z'), '02:00')).toEqual(
      new Date('2026-11-17T15:00:00Z'),
    );
    // 01:00 on the 18th: yesterday's.
    expect(findLastRunAt(new Date('2026-11-17T14:00:00Z'), '02:00')).toEqual(
      new Date('2026-11-16T15:00:00Z'),
    );
  });
});

describe('startRoundAutomationScheduler', () => {
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
    const scheduler = startRoundAutomationScheduler({ runScheduled }, { time: '02:00' });
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

  it('at start, makes the run of a slot missed within the catch-up window, then keeps the schedule', async () => {
    // 04:30 in Sydney: the 02:00 run was missed (no server was up) two and a half hours ago.
    vi.useFakeTimers({ now: new Date('2026-11-17T17:30:00Z') });
    const runScheduled = vi.fn((_slot: Date) => Promise.resolve([]));
    const scheduler = startRoundAutomationScheduler({ runScheduled }, { time: '02:00' });
    await vi.advanceTimersByTimeAsync(10);
    expect(runScheduled.mock.calls.map(([slot]) => slot.toISOString())).toEqual(['2026-11-17T15:00:00.000Z']);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(runScheduled.mock.calls.map(([slot]) => slot.toISOString())).toEqual([
      '2026-11-17T15:00:00.000Z',
      '2026-11-18T15:00:00.000Z',
    ]);
    await scheduler.stop();
  });

  it('leaves a slot missed longer ago than the window to the next day', async () => {
    vi.useFakeTimers({ now: new Date(Date.parse('2026-11-17T15:00:00Z') + catchUpWindowMs) });
    const runScheduled = vi.fn((_slot: Date) => Promise.resolve([]));
    const scheduler = startRoundAutomationScheduler({ runScheduled }, { time: '02:00' });
    await vi.advanceTimersByTimeAsync(10);
    expect(runScheduled).not.toHaveBeenCalled();
    await scheduler.stop();
  });

  it('logs a failed run and keeps the schedule', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-17T14:00:00Z') });
    const log = { error: vi.fn() };
    const runScheduled = vi.fn(() => Promise.reject(new Error('database gone')));
    const scheduler = startRoundAutomationScheduler({ runScheduled }, { time: '02:00', log });
    await vi.advanceTimersByTimeAsync(25 * 60 * 60 * 1000);
    expect(runScheduled).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      { reason: 'database gone' },
      expect.stringContaining('round automation'),
    );
    await scheduler.stop();
  });
});
