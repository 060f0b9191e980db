/**
 * The one retry backoff of every queue (mail, contact forwards, CRM writes, messages, the driver app's outbox) and
 * of the CRM adapter's repeated reads: the first retry waits `firstDelayMs`, each further one twice as long, never
 * more than `maxDelayMs`; with `maxAttempts`, nothing is tried after that many attempts. Each queue keeps its own
 * numbers (a welfare text cannot wait like a mail), not its own formula.
 */
export type RetryBackoff = {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts in all, the first included; none means the queue never gives up. */
  maxAttempts?: number;
};

/** The wait after `attempts` attempts (0 and 1 both wait `firstDelayMs`). */
export function getBackoffDelayMs(backoff: RetryBackoff, attempts: number): number {
  // The exponent is bounded so a long-failing row never computes Infinity * 0 or a float that overflows.
  const doublings = Math.min(Math.max(0, attempts - 1), 52);
  return Math.min(backoff.firstDelayMs * 2 ** doublings, backoff.maxDelayMs);
}

/** The wait before attempt `attempts + 1`, or null when the `attempts` made were the last allowed. */
export function getRetryDelayMs(backoff: RetryBackoff, attempts: number): number | null {
  if (backoff.maxAttempts !== undefined && attempts >= backoff.maxAttempts) return null;
  return getBackoffDelayMs(backoff, attempts);
}
