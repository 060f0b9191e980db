import type { SourceWrite, SourceWriteOutcome } from '../../../contracts/source-writes';
import { conflict, notFound } from '../../http/errors';
import type { Transaction } from '../../db/transaction';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import type { OutboxRepository, SourceWriteRow } from './outbox-repository';
import {
  planStatusWrite,
  type StatusWritePlan,
  type StatusWriteRequest,
  type VisitWriteState,
} from './outbox-queue';
import type { OutboxSender } from './outbox-sender';
import type { WriteRequest } from '../../shared/outbox-writes';

/** More open writes than this means the CRM has been away for long: the list shows the oldest. */
const listedWrites = 500;
const busyMessage = 'A change of this visit is being sent to the CRM right now. Try again in a minute.';

type Listed = { write: SourceWriteRow; date: string; clientName: string };

function toSourceWrite({ write, date, clientName }: Listed): SourceWrite {
  return {
    id: write.id,
    visit_id: write.visitId,
    kind: write.kind,
    status: write.status === 'failed' ? 'failed' : 'pending',
    attempts: write.attempts,
    message: write.lastError,
    client_name: clientName,
    date,
    created_at: write.createdAt.toISOString(),
    next_attempt_at: write.nextAttemptAt.toISOString(),
  };
}

/**
 * The CRM write outbox as other features use it: queue writes in the caller's transaction and send them once it
 * is committed; and what the screens do with it: see what the CRM has not confirmed, send a write again, or give
 * it up.
 */
export function createOutboxService(deps: {
  repository: OutboxRepository;
  sender: Pick<OutboxSender, 'sendDue' | 'sendNow' | 'sendAfterAnswer'>;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  /** The write a user action changed, recorded in the audit log; a missing or busy write is an error. */
  async function recordAction(
    session: Session,
    action: 'retry' | 'drop',
    result: SourceWriteRow | null | 'busy',
  ): Promise<SourceWriteRow> {
    if (result === 'busy') throw conflict(busyMessage);
    if (!result) throw notFound('CRM change');
    await deps.audit.record(session, {
      action: `source_writes.${action}`,
      targetType: 'visit',
      targetId: String(result.visitId),
      detail: { write: result.id, kind: result.kind },
    });
    return result;
  }

  return {
    /** Queues writes in the caller's transaction, so the local change and its CRM write commit together. */
    enqueueIn(
      tx: Transaction,
      accountId: number,
      userId: number | null,
      requests: WriteRequest[],
    ): Promise<number[]> {
      return repository.enqueueIn(tx, accountId, userId, requests, deps.now());
    },

    /**
     * What a write queued in one call with another change is decided on (see readWriteStates): each visit's state,
     * read without holding anything; the database refuses a plan made on a state that changed meanwhile.
     */
    readWriteStates(visitIds: number[]): Promise<Map<number, VisitWriteState>> {
      return repository.readWriteStates(visitIds);
    },

    /** The queue rule's decision for a status-only write on a visit's state, as the database queues it. */
    planStatusWrite(request: StatusWriteRequest, state: VisitWriteState): StatusWritePlan {
      return planStatusWrite(request, state.open, deps.now());
    },

    /** Sends queued writes now, waiting at most `waitMs` for the CRM (the outbox worker sends what is left). */
    async sendNow(writeIds: number[], waitMs: number): Promise<void> {
      if (writeIds.length > 0) await deps.sender.sendNow(writeIds, waitMs);
    },

    /** Sends the writes right after the caller's answer (see OutboxSender.sendAfterAnswer). */
    sendAfterAnswer(writeIds: number[]): void {
      deps.sender.sendAfterAnswer(writeIds);
    },

    async listOpen(session: Session): Promise<SourceWrite[]> {
      return (await repository.listOpen(session.accountId, listedWrites)).map(toSourceWrite);
    },

    /** Sends the write again now and answers where it stands (one attempt, at most the adapter's timeout). */
    async retry(session: Session, id: number): Promise<SourceWriteOutcome> {
      const write = await recordAction(
        session,
        'retry',
        await repository.retry(session.accountId, id, deps.now()),
      );
      await deps.sender.sendDue([write.id]);
      const [after] = await repository.findByIds(session.accountId, [write.id]);
      const status = after?.status === 'done' || after?.status === 'failed' ? after.status : 'pending';
      return { id: write.id, status, message: after?.lastError ?? '' };
    },

    async drop(session: Session, id: number): Promise<void> {
      await recordAction(session, 'drop', await repository.drop(session.accountId, id, deps.now()));
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
/** The shapes of a status write's decision, part of this service's interface for the driver's outcome call. */
export type { StatusWritePlan, StatusWriteRequest, VisitWriteState };
