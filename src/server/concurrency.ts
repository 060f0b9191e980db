import pLimit from 'p-limit';

/**
 * Runs tasks with at most `limit` of them in flight, the rest waiting their turn in the order they came: the CRM
 * adapter's page and detail requests, the outbox's writes. One limiter shared by the calls it should bound
 * (p-limit underneath).
 */
export function createLimiter(limit: number) {
  const limitTo = pLimit(limit);
  return function runLimited<T>(task: () => Promise<T>): Promise<T> {
    return limitTo(task);
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
