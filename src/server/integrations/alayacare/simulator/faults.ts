/**
 * Fault modes of the simulator, settable at runtime so tests (and a curious demo) can see how the product copes
 * with a CRM that is down, slow, flaky or talking nonsense. It also records every request it receives, so tests can
 * check what the adapter sent (for instance that a write was tried once).
 */

export type FaultSettings = {
  /** Every connection is destroyed before an answer (the CRM is down or a proxy drops the line). */
  isDown: boolean;
  /** Delay before each answer. */
  latencyMs: number;
  /**
   * Share of requests (0..1) answered 500. Failures are spread evenly rather than drawn at random, and the first
   * request after setting it fails, so a test knows which attempt fails (0.5: fail, pass, fail, pass ...).
   */
  errorRate: number;
  /** Every request is answered with this status (e.g. 503), or null. */
  status5xx: number | null;
  /** Answers are broken JSON ('json') or valid JSON of the wrong shape ('shape'), or null. */
  malformed: 'json' | 'shape' | null;
};

export type RecordedRequest = { method: string; url: string };

const noFaults: FaultSettings = {
  isDown: false,
  latencyMs: 0,
  errorRate: 0,
  status5xx: null,
  malformed: null,
};

function checkSettings(settings: FaultSettings): void {
  if (!Number.isFinite(settings.latencyMs) || settings.latencyMs < 0) {
    throw new RangeError('latencyMs must be 0 or more.');
  }
  if (!(settings.errorRate >= 0 && settings.errorRate <= 1)) throw new RangeError('errorRate must be 0..1.');
  if (settings.status5xx !== null && !(settings.status5xx >= 500 && settings.status5xx <= 599)) {
    throw new RangeError('status5xx must be 500..599 or null.');
  }
}

export function createSimulatorFaults() {
  let settings: FaultSettings = { ...noFaults };
  let errorBudget = 0;
  const requests: RecordedRequest[] = [];

  return {
    get settings(): Readonly<FaultSettings> {
      return settings;
    },
    setFaults(partial: Partial<FaultSettings>): void {
      const next = { ...settings, ...partial };
      checkSettings(next);
      if (partial.errorRate !== undefined) errorBudget = 1 - next.errorRate;
      settings = next;
    },
    resetFaults(): void {
      settings = { ...noFaults };
      errorBudget = 0;
    },
    /** Whether this request is one of the errorRate share. */
    shouldFailRequest(): boolean {
      if (settings.errorRate <= 0) return false;
      errorBudget += settings.errorRate;
      if (errorBudget < 1 - 1e-9) return false;
      errorBudget -= 1;
      return true;
    },
    /** Requests received since the start or the last clearRequests(), oldest first. */
    requests,
    recordRequest(request: RecordedRequest): void {
      requests.push(request);
      // Bounded: the embedded simulator runs for days.
      if (requests.length > 10_000) requests.splice(0, requests.length - 10_000);
    },
    clearRequests(): void {
      requests.length = 0;
    },
  };
}

export type SimulatorFaults = ReturnType<typeof createSimulatorFaults>;
