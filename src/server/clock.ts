/** The server's clock: every "now" of a running server comes from here. */
export type Clock = () => Date;

/**
 * The wall clock, or, given a start instant (CLOCK_START, accepted by the config only with NODE_ENV=test), a clock
 * that starts there and runs on at the real pace. A browser journey that depends on the time of day (what is under
 * way today, what is still to come) starts its own server on such a clock and the same time in the browser, so it
 * runs the same on a Saturday night as on a Tuesday morning.
 */
export function createClock(start: string, readElapsedMs: () => number = () => performance.now()): Clock {
  if (!start) return () => new Date();
  const startMs = Date.parse(start);
  const startedAtMs = readElapsedMs();
  return () => new Date(startMs + (readElapsedMs() - startedAtMs));
}
