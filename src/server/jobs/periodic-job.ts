export type JobLog = { error(obj: object, msg: string): void };

/**
 * Runs `work` every `intervalMs` (and at once with `runAtStart`). Runs never overlap: a tick that finds the
 * previous run still going is skipped. The timer is unref'd so it never keeps the process alive; `stop` waits for
 * a run in progress.
 */
export function startPeriodicJob(
  name: string,
  work: () => Promise<unknown>,
  options: { intervalMs: number; log: JobLog; runAtStart?: boolean },
): { stop(): Promise<void> } {
  const { intervalMs, log } = options;
  let running: Promise<void> | null = null;

  function runOnce() {
    if (running) return;
    running = work()
      .then(
        () => undefined,
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          log.error({ reason }, `${name} run failed; it tries again at the next interval`);
        },
      )
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(runOnce, intervalMs);
  timer.unref();
  if (options.runAtStart) runOnce();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
