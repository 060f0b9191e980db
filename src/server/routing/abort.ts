/** The error a cancelled solve rejects with; callers tell it apart from failures by its name, as with fetch. */
export function createAbortError(): Error {
  const error = new Error('The tour optimisation was aborted.');
  error.name = 'AbortError';
  return error;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw createAbortError();
}

/** Lets the event loop run (other requests, the abort of this one) between slices of search. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
