import type { Mailer } from '../integrations/mail/mailer';

export type MailSenderLog = { error(obj: object, msg: string): void };

/**
 * Delivers the queued mails that are due (new ones whose first attempt failed or was cut short by a stopped
 * process, and retries) at start and then every `intervalMs`. Runs never overlap: a tick that finds the previous
 * run still going is skipped. The timer is unref'd so it never keeps the process alive; `stop` waits for a run in
 * progress.
 */
export function startMailSender(
  mailer: Pick<Mailer, 'deliverDue'>,
  log: MailSenderLog,
  intervalMs = 30_000,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;

  function runOnce() {
    if (running) return;
    running = mailer
      .deliverDue()
      .then(
        () => undefined,
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          log.error({ reason }, 'mail sender run failed; it tries again at the next interval');
        },
      )
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(runOnce, intervalMs);
  timer.unref();
  runOnce();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
