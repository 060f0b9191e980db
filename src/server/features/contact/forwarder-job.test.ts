import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startContactForwarder } from '../../jobs/contact-forwarder';
import type { ForwardResult } from './service';

const interval = 1_000;
const done: ForwardResult = { forwarded: 0, failed: 0 };

function createLog() {
  return { error: vi.fn<(obj: object, msg: string) => void>() };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startContactForwarder', () => {
  it('forwards pending messages once per interval', async () => {
    const forwardPending = vi.fn(async () => done);
    const job = startContactForwarder({ forwardPending }, interval, createLog());

    await vi.advanceTimersByTimeAsync(interval - 1);
    expect(forwardPending).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * interval);
    expect(forwardPending).toHaveBeenCalledTimes(2);

    await job.stop();
  });

  it('never starts a run while the previous one is still going', async () => {
    let finish = () => {};
    const forwardPending = vi.fn(
      () =>
        new Promise<ForwardResult>((resolve) => {
          finish = () => resolve(done);
        }),
    );
    const job = startContactForwarder({ forwardPending }, interval, createLog());

    await vi.advanceTimersByTimeAsync(5 * interval);
    expect(forwardPending).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(interval);
    expect(forwardPending).toHaveBeenCalledTimes(2);

    finish();
    await job.stop();
  });

  it('logs a failed run and tries again at the next interval', async () => {
    const forwardPending = vi.fn(async (): Promise<ForwardResult> => {
      throw new Error('database is restarting');
    });
    const log = createLog();
    const job = startContactForwarder({ forwardPending }, interval, log);

    await vi.advanceTimersByTimeAsync(2 * interval);

    expect(forwardPending).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith({ reason: 'database is restarting' }, expect.any(String));
    await job.stop();
  });

  it('stop waits for the run in progress and ends the schedule', async () => {
    let finish = () => {};
    const forwardPending = vi.fn(
      () =>
        new Promise<ForwardResult>((resolve) => {
          finish = () => resolve(done);
        }),
    );
    const job = startContactForwarder({ forwardPending }, interval, createLog());
    await vi.advanceTimersByTimeAsync(interval);

    let isStopped = false;
    const stopping = job.stop().then(() => {
      isStopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(isStopped).toBe(false);
    finish();
    await stopping;
    expect(isStopped).toBe(true);

    await vi.advanceTimersByTimeAsync(5 * interval);
    expect(forwardPending).toHaveBeenCalledTimes(1);
  });

  it('does not keep the process alive', async () => {
    vi.useRealTimers();
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const job = startContactForwarder({ forwardPending: async () => done }, interval, createLog());

    const timer = setIntervalSpy.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);

    setIntervalSpy.mockRestore();
    await job.stop();
  });
});
