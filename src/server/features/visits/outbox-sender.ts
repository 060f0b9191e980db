import { getRetryDelayMs } from '../../../domain/retry-backoff';
import { createLimiter } from '../../concurrency';
import { drainDue } from '../../db/job-queue';
import { ApiError } from '../../http/errors';
import { SourceRefusal, type SourceSystem } from '../../integrations/source-system';
import type { SourceService } from '../source/service';
import type { ClaimedWrite, OutboxRepository } from './outbox-repository';
import type {
  CancelPayload,
  CompletePayload,
  NotePayload,
  PremiumsPayload,
  TimesPayload,
} from '../../shared/outbox-writes';

/**
 * How the outbox sends: its backoff (5 seconds doubling to 5 minutes; after 30 attempts without an answer from the
 * CRM a write fails, and the user may retry it), and how long a sender holds a row.
 */
export const outboxPolicy = {
  maxAttempts: 30,
  firstDelayMs: 5_000,
  maxDelayMs: 5 * 60_000,
  /** Longer than a write's CRM calls can take (premiums read, then write a few, each with a 10 s timeout). */
  leaseMs: 2 * 60_000,
  /** Writes taken per claim; the sends of one claim run a few at a time. */
  batchSize: 20,
  concurrency: 4,
  /** How long an answer to a user (publish, complete, meals sync) waits for the CRM before saying what waits. */
  answerWaitMs: 8_000,
} as const;

type Outcome =
  | { result: 'done' }
  | { result: 'refused'; error: string }
  | { result: 'retry'; error: string; isOutcomeUnknown: boolean };

export type OutboxLog = { error(obj: object, msg: string): void };

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/**
 * One attempt at a write. A write whose last attempt may have reached the CRM (a timeout, a broken answer, a
 * sender that died) is first read back: if the CRM already has it, it is done without sending it again.
 */
async function attemptWrite(source: SourceSystem, write: ClaimedWrite): Promise<'done' | string> {
  switch (write.kind) {
    case 'visit_times': {
      const times = write.payload as TimesPayload;
      if (write.isOutcomeUnknown) {
        const visit = await source.getVisit(times.visitSourceId);
        if (visit && sameInstant(visit.start, times.start) && sameInstant(visit.end, times.end))
          return 'done';
      }
      await source.updateVisitTimes(times.visitSourceId, { start: times.start, end: times.end });
      return 'done';
    }
    case 'visit_complete': {
      const { visitSourceId } = write.payload as CompletePayload;
      if (write.isOutcomeUnknown) {
        const visit = await source.getVisit(visitSourceId);
        if (visit?.status === 'completed') return 'done';
      }
      const [result] = await source.lockVisits([visitSourceId]);
      return result?.isLocked ? 'done' : result?.message || 'The CRM did not lock this visit.';
    }
    case 'visit_note': {
      const { visitSourceId, text } = write.payload as NotePayload;
      if (write.isOutcomeUnknown) {
        const notes = await source.listVisitNotes(visitSourceId);
        if (notes?.includes(text)) return 'done';
      }
      await source.addVisitNote(visitSourceId, text);
      return 'done';
    }
    case 'visit_cancel': {
      const { visitSourceId, isCancelled, cancelCodeId } = write.payload as CancelPayload;
      if (write.isOutcomeUnknown) {
        const visit = await source.getVisit(visitSourceId);
        if (visit && (visit.status === 'cancelled') === isCancelled) return 'done';
      }
      await source.setVisitCancelled(visitSourceId, { isCancelled, cancelCodeId });
      return 'done';
    }
    case 'visit_premiums': {
      // The adapter reads the visit's premiums and writes only the differences: a repeat is its own read-back.
      const { visitSourceId, premiums } = write.payload as PremiumsPayload;
      await source.setVisitPremiums(
        visitSourceId,
        Object.entries(premiums).map(([premiumId, quantity]) => ({ premiumId, quantity })),
      );
      return 'done';
    }
  }
}

async function sendWrite(source: SourceSystem, write: ClaimedWrite): Promise<Outcome> {
  try {
    const answer = await attemptWrite(source, write);
    return answer === 'done' ? { result: 'done' } : { result: 'refused', error: answer };
  } catch (error) {
    if (error instanceof SourceRefusal) return { result: 'refused', error: error.message };
    if (error instanceof ApiError) return { result: 'retry', error: error.message, isOutcomeUnknown: true };
    throw error;
  }
}

/**
 * Sends the outbox's due writes to the CRM and records each outcome: done when the CRM confirmed it (its answer
 * checked against the wire schema by the adapter), failed when it refused, else due again after a delay.
 */
export function createOutboxSender(deps: {
  repository: OutboxRepository;
  source: Pick<SourceService, 'openSource'>;
  now: () => Date;
  log: OutboxLog;
}) {
  const { repository } = deps;

  async function settle(write: ClaimedWrite, outcome: Outcome) {
    const now = deps.now();
    if (outcome.result === 'done') return repository.markDone(write, now);
    if (outcome.result === 'refused') return repository.markFailed(write, outcome.error, now);
    const delayMs = getRetryDelayMs(outboxPolicy, write.attempts);
    if (delayMs === null) {
      const error = `Not confirmed by the CRM after ${write.attempts} attempts. ${outcome.error}`;
      return repository.markFailed(write, error, now);
    }
    return repository.markRetry(
      write,
      {
        error: outcome.error,
        // Once an attempt may have reached the CRM, the write is read back before it is sent again.
        isOutcomeUnknown: write.isOutcomeUnknown || outcome.isOutcomeUnknown,
        nextAttemptAt: new Date(now.getTime() + delayMs),
      },
      now,
    );
  }

  async function sendClaimed(writes: ClaimedWrite[]) {
    const sources = new Map<number, Promise<SourceSystem>>();
    const sourceOf = (accountId: number) => {
      const known = sources.get(accountId);
      if (known) return known;
      const opened = deps.source.openSource(accountId).then(({ source }) => source);
      sources.set(accountId, opened);
      return opened;
    };
    const runLimited = createLimiter(outboxPolicy.concurrency);
    const send = async (write: ClaimedWrite) => {
      try {
        const outcome = await sourceOf(write.accountId).then(
          (source) => sendWrite(source, write),
          (error: unknown): Outcome => {
            if (error instanceof ApiError)
              return { result: 'retry', error: error.message, isOutcomeUnknown: false };
            throw error;
          },
        );
        await settle(write, outcome);
      } catch (error) {
        // A fault of ours (a database error, a bug): the lease runs out and the write is read back and sent again.
        deps.log.error({ err: error, writeId: write.id }, 'A CRM write could not be sent.');
      }
    };
    await Promise.all(writes.map((write) => runLimited(() => send(write))));
  }

  /** Sends one batch of due writes (of these ids only, when given); answers how many were taken. */
  async function sendDue(ids?: number[]): Promise<number> {
    const writes = await repository.claimDue(deps.now(), outboxPolicy.leaseMs, outboxPolicy.batchSize, ids);
    await sendClaimed(writes);
    return writes.length;
  }

  const inFlight = new Set<Promise<void>>();

  /**
   * Sends these writes batch after batch until each was taken once (once sent it is done, failed or due later, so
   * the drain ends when every id was taken rather than asking again for none; a write queued behind another of its
   * visit waits a turn) or `isOver` says stop. Kept in `inFlight` until it ends.
   */
  function drainIds(ids: number[], isOver: () => boolean): Promise<void> {
    let untaken = ids.length;
    const work = drainDue(async () => {
      if (isOver() || untaken <= 0) return { taken: 0, succeeded: 0 };
      const taken = await sendDue(ids);
      untaken -= taken;
      return { taken, succeeded: 0 };
    }).then(
      () => undefined,
      (error: unknown) => deps.log.error({ err: error }, 'CRM writes could not be sent.'),
    );
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  }

  return {
    sendDue,

    /**
     * Sends every due write, batch after batch until none is due: a write the CRM confirmed lets its visit's next
     * write go in the same run.
     */
    async sendAllDue(): Promise<void> {
      // Only whether a batch took anything matters here: what each write came to is in its row.
      await drainDue(async () => ({ taken: await sendDue(), succeeded: 0 }));
    },

    /**
     * Sends these writes at once, batch after batch, for at most `waitMs`: an answer to a user waits that long for
     * the CRM. Sends already begun go on after it; the rest are left to the outbox worker.
     */
    async sendNow(ids: number[], waitMs: number): Promise<void> {
      let isOver = false;
      const work = drainIds(ids, () => isOver);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      await Promise.race([work, deadline]);
      isOver = true;
      clearTimeout(timer);
    },

    /**
     * Sends these writes right after the caller has answered, without holding the answer back: for a caller whose
     * answer does not say what the CRM did (the writes are committed in the outbox, which sends them either way).
     */
    sendAfterAnswer(ids: number[]): void {
      if (ids.length > 0) void drainIds(ids, () => false);
    },

    /** Resolves once every send begun for an answer has ended (closing waits for it, as do tests reading the CRM). */
    async whenIdle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
export type OutboxSender = ReturnType<typeof createOutboxSender>;
