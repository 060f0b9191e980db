/**
 * Runs tasks with at most `limit` of them in flight, the rest waiting their turn in the order they came: the CRM
 * adapter's page and detail requests, the outbox's writes. One limiter shared by the calls it should bound.
 */
export function createLimiter(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function runLimited<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
