import { describe, expect, it } from 'vitest';
import { getBackoffDelayMs } from '../../../../domain/retry-backoff';
import { createOutboxSync, driverOutboxBackoff, type Timers } from './outbox-sync';
import type { SendOutcome } from './send-outbox';

/** Timers the test runs by hand: nothing waits on the clock. */
function buildTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let nextId = 1;
  const timers: Timers = {
    setTimeout: (run, ms) => {
      pending.set(nextId, { run, ms });
      return nextId++;
    },
    clearTimeout: (id) => pending.delete(id),
  };
  async function fireNext() {
    const [id, timer] = [...pending.entries()][0] ?? [];
    if (id === undefined || !timer) throw new Error('no timer waiting');
    pending.delete(id);
    timer.run();
    await Promise.resolve();
  }
  return { timers, pending, fireNext };
}

function buildSender(results: SendOutcome[]) {
  let calls = 0;
  const send = async (): Promise<SendOutcome> => {
    calls += 1;
    return results.shift() ?? 'sent';
  };
  return { send, count: () => calls };
}

describe('retry waits', () => {
  it('double from 2 s up to a minute', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 20].map((attempts) => getBackoffDelayMs(driverOutboxBackoff, attempts)),
    ).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});

describe('the outbox sync', () => {
  it('tries again after each failure with a doubling wait, then stops retrying once sent', async () => {
    const { timers, pending, fireNext } = buildTimers();
    const sender = buildSender(['retry', 'retry', 'sent']);
    const settled: SendOutcome[] = [];
    const sync = createOutboxSync(sender.send, (result) => settled.push(result), timers);
    await sync.flush();
    expect([...pending.values()].map((timer) => timer.ms)).toEqual([2_000]);
    await fireNext();
    await sync.flush();
    expect(settled).toEqual(['retry', 'retry', 'sent']);
    expect(pending.size).toBe(0);
  });

  it('sends at once on a flush (the network is back) and drops the waiting retry', async () => {
    const { timers, pending } = buildTimers();
    const sender = buildSender(['retry', 'sent']);
    const sync = createOutboxSync(sender.send, () => {}, timers);
    await sync.flush();
    expect(pending.size).toBe(1);
    await sync.flush();
    expect(sender.count()).toBe(2);
    expect(pending.size).toBe(0);
  });

  it('runs one send at a time: a flush during a send sends once more afterwards', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const send = () => {
      calls += 1;
      return calls === 1
        ? new Promise<SendOutcome>((resolve) => {
            release = () => resolve('sent');
          })
        : Promise.resolve<SendOutcome>('sent');
    };
    const sync = createOutboxSync(send, () => {}, buildTimers().timers);
    const first = sync.flush();
    const second = sync.flush();
    const third = sync.flush();
    expect(calls).toBe(1);
    release();
    await Promise.all([first, second, third]);
    expect(calls).toBe(2);
  });

  it('treats a thrown error as a failed send and waits no more once stopped', async () => {
    const { timers, pending } = buildTimers();
    const sync = createOutboxSync(
      () => Promise.reject(new Error('IndexedDB closed')),
      () => {},
      timers,
    );
    await sync.flush();
    expect(pending.size).toBe(1);
    sync.stop();
    expect(pending.size).toBe(0);
  });

  it('does not retry a link that no longer works', async () => {
    const { timers, pending } = buildTimers();
    const sync = createOutboxSync(buildSender(['gone']).send, () => {}, timers);
    await sync.flush();
    expect(pending.size).toBe(0);
  });
});
