import { solveVrptwInWorkers, type WorkerOptions } from '../../routing/vrptw/solve-in-workers';
import type { Heartbeat } from './jobs';
import type { SolveDay } from './plan-service';

/** A heartbeat that beats when the test says so: `tick` beats every job running and waits for the beats. */
export function createManualHeartbeat() {
  const beats = new Set<() => Promise<void>>();
  const heartbeat: Heartbeat = (beat) => {
    beats.add(beat);
    return () => beats.delete(beat);
  };
  return {
    heartbeat,
    async tick(): Promise<void> {
      await Promise.all([...beats].map((beat) => beat()));
    },
  };
}

/** A search the held solver has been asked for: it waits until released or stopped. */
export type HeldSearch = { options: WorkerOptions; aborted: Promise<void>; release: () => void };

/**
 * A day solver whose searches wait for the test (a plan then stays in its search), and then search for real:
 * at once when released, or stopped at once (the best plan found so far) when their job was stopped.
 */
export function createHeldSolver() {
  const started: HeldSearch[] = [];
  const waiting: ((search: HeldSearch) => void)[] = [];
  const solve: SolveDay = async (problem, options) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const aborted = new Promise<void>((resolve) => {
      if (options.signal?.aborted) resolve();
      options.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    const search = { options, aborted, release };
    const waiter = waiting.shift();
    if (waiter) waiter(search);
    else started.push(search);
    await Promise.race([released, aborted]);
    // A search stopped before the test took it is over: the next one asked for is another.
    const index = started.indexOf(search);
    if (index >= 0) started.splice(index, 1);
    return solveVrptwInWorkers(problem, options);
  };
  return {
    solve,
    /** The next search asked for (already asked, or once it is). */
    nextSearch(): Promise<HeldSearch> {
      const search = started.shift();
      return search ? Promise.resolve(search) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}
