import type { ContactService } from '../features/contact/service';

export type ForwarderLog = { error(obj: object, msg: string): void };

const consoleLog: ForwarderLog = {
  error: (obj, msg) => console.error(msg, obj),
};

/**
 * Retries contact messages whose forward failed (or was never tried) every `intervalMs`. Runs never overlap:
 * a tick that finds the previous run still going is skipped. The timer is unref'd so it never keeps the
 * process alive; `stop` waits for a run in progress.
 */
export function startContactForwarder(
  contact: Pick<ContactService, 'forwardPending'>,
  intervalMs = 60_000,
  log: ForwarderLog = consoleLog,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;

  function runOnce() {
    if (running) return;
    running = contact
      .forwardPending()
      .then(
        () => undefined,
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          log.error({ reason }, 'contact forwarder run failed; it tries again at the next interval');
        },
      )
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(runOnce, intervalMs);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
