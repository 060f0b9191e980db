import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** Where the counts live: the database, so that every app server counts against the same limit. */
export type RateCounters = {
  increment: (key: string, windowMs: number, now: Date) => Promise<{ hits: number; windowEndsAt: Date }>;
  deleteEnded: (now: Date) => Promise<void>;
};

type RateLimitCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** How often ended counters are cleared away (by whichever request comes first after that). */
const cleanupEveryMs = 60 * 1000;

function describeRoute(routeOptions: unknown): string {
  const info = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  return `${String(info?.method ?? '')} ${String(info?.url ?? '')}`;
}

/**
 * A @fastify/rate-limit store on the database (fixed windows, as the plugin's own memory store), for the per-IP
 * limits of the public routes. Each limited route counts under its own key.
 */
export function createDatabaseRateLimitStore(
  counters: RateCounters,
  now: () => Date,
): FastifyRateLimitStoreCtor {
  let nextCleanupAt = 0;

  function clearEndedCounters(at: Date) {
    if (at.getTime() < nextCleanupAt) return Promise.resolve();
    nextCleanupAt = at.getTime() + cleanupEveryMs;
    return counters.deleteEnded(at);
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: RateLimitCallback, timeWindow: number) {
      const at = now();
      clearEndedCounters(at)
        .then(() => counters.increment(`${this.prefix}${key}`, timeWindow, at))
        .then(
          ({ hits, windowEndsAt }) =>
            callback(null, { current: hits, ttl: Math.max(0, windowEndsAt.getTime() - at.getTime()) }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: unknown) {
      return new DatabaseRateLimitStore(undefined, `${describeRoute(routeOptions)} `);
    }
  }
  return DatabaseRateLimitStore;
}
