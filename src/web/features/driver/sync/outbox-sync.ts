import { getBackoffDelayMs, type RetryBackoff } from '../../../../domain/retry-backoff';
import type { SendOutcome } from './send-outbox';

/** The first retry after a failed send waits 2 s, doubling up to a minute; the phone never gives up. */
export const driverOutboxBackoff: RetryBackoff = { firstDelayMs: 2_000, maxDelayMs: 60_000 };

export type Timers = {
  setTimeout: (run: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
};

export type OutboxSync = {
  /** Sends now (or right after a send under way), and forgets any waiting retry. */
  flush: () => Promise<void>;
  stop: () => void;
};

/**
 * Runs the outbox sender one send at a time: after a failure it tries again with a doubling wait; a flush (the
 * page loading, the network returning, a new outcome) sends at once. `onSettled` tells the page to reread the queue.
 */
export function createOutboxSync(
  send: () => Promise<SendOutcome>,
  onSettled: (result: SendOutcome) => void,
  timers: Timers = {
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (id) => window.clearTimeout(id),
  },
): OutboxSync {
  let running: Promise<void> | null = null;
  let isAgainWanted = false;
  let failedAttempts = 0;
  let retryTimer: number | null = null;
  let isStopped = false;

  function cancelRetry() {
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
  }

  async function runOnce(): Promise<void> {
    let result: SendOutcome;
    try {
      result = await send();
    } catch {
      // IndexedDB or the network failed in an unexpected way: treat it as a failed send and try again later.
      result = 'retry';
    }
    if (isStopped) return;
    failedAttempts = result === 'retry' ? failedAttempts + 1 : 0;
    if (result === 'retry' && !isAgainWanted) {
      retryTimer = timers.setTimeout(
        () => {
          retryTimer = null;
          void flush();
        },
        getBackoffDelayMs(driverOutboxBackoff, failedAttempts),
      );
    }
    onSettled(result);
  }

  async function flush(): Promise<void> {
    if (isStopped) return;
    cancelRetry();
    if (running) {
      isAgainWanted = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          isAgainWanted = false;
          await runOnce();
        } while (isAgainWanted && !isStopped);
      } finally {
        // In the same step as the last check of isAgainWanted, so a flush arriving now starts a new send.
        running = null;
      }
    })();
    return running;
  }

  return {
    flush,
    stop: () => {
      isStopped = true;
      cancelRetry();
    },
  };
}
