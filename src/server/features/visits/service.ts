import type { PublishVisitsBody, VisitOutcome } from '../../../contracts/visits';
import { toZonedIso, toZonedParts } from '../../../domain/zoned-time';
import { invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import type { OutboxRepository, SourceWriteRow } from './outbox-repository';
import type { WriteRequest } from '../../shared/outbox-writes';
import { outboxPolicy, type OutboxSender } from './outbox-sender';
import type { VisitsRepository, VisitWithClient } from './repository';

type Outcomes = { data: VisitOutcome[]; message: string; isNothingDone: boolean };

function toOutcome(visit: VisitWithClient, write: SourceWriteRow | undefined): VisitOutcome {
  if (!write || write.status === 'done') return { id: visit.id, is_done: true, status: 'done', message: '' };
  if (write.status === 'pending') {
    const reason = write.lastError ? ` (${write.lastError.replace(/\.$/, '')})` : '';
    return {
      id: visit.id,
      is_done: false,
      status: 'pending',
      message: `${visit.client.name}: waiting for the CRM${reason}. It is kept and sent again automatically.`,
    };
  }
  return {
    id: visit.id,
    is_done: false,
    status: 'failed',
    message: `${visit.client.name}: ${write.lastError}`,
  };
}

/**
 * One line for the screen: each refusal with its reason, and the visits still waiting named once with the CRM's
 * reason (a CRM that is away gives every visit the same one).
 */
function summarise(
  outcomes: VisitOutcome[],
  visits: VisitWithClient[],
  writes: SourceWriteRow[],
  verb: string,
): Outcomes {
  const notDone = outcomes.filter((outcome) => !outcome.is_done);
  const isNothingDone = notDone.length === outcomes.length;
  if (notDone.length === 0) return { data: outcomes, message: '', isNothingDone };
  const count = isNothingDone
    ? `None of the ${outcomes.length} visits was`
    : `${notDone.length} of ${outcomes.length} visits were not`;
  const refusals = notDone.filter((outcome) => outcome.status === 'failed').map((outcome) => outcome.message);
  const waitingIds = new Set(
    notDone.filter((outcome) => outcome.status === 'pending').map((outcome) => outcome.id),
  );
  const waiting = visits.filter((visit) => waitingIds.has(visit.id));
  const reason = writes
    .find((write) => write.status === 'pending' && write.lastError)
    ?.lastError.replace(/\.$/, '');
  const waitingLine = waiting.length
    ? `Waiting for the CRM${reason ? ` (${reason})` : ''}: ${waiting.map((visit) => visit.client.name).join(', ')}. They are kept and sent again automatically.`
    : '';
  return {
    data: outcomes,
    message: [`${count} ${verb}.`, ...refusals, waitingLine].filter(Boolean).join(' '),
    isNothingDone,
  };
}

/**
 * Publish and complete: each visit's change is made locally and queued for the CRM in one transaction (the
 * outbox), then sent at once; the answer waits a few seconds for the CRM and reports each visit as done, still
 * pending (kept, and sent again by the outbox worker) or failed with the CRM's reason.
 */
export function createVisitsService(deps: {
  repository: VisitsRepository;
  outbox: OutboxRepository;
  sender: Pick<OutboxSender, 'sendNow'>;
  audit: AuditService;
  now: () => Date;
  /** How long an answer waits for the CRM (default 8 s); the writes go on after it. */
  answerWaitMs?: number;
}) {
  const { repository, outbox } = deps;
  const answerWaitMs = deps.answerWaitMs ?? outboxPolicy.answerWaitMs;

  async function findAll(session: Session, ids: number[]) {
    const rows = await repository.findVisits(session.accountId, ids);
    if (rows.length !== new Set(ids).size) throw notFound('Visit');
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Queues the writes, sends them at once and answers each visit's outcome after at most answerWaitMs. */
  async function queueAndSend(
    session: Session,
    requests: WriteRequest[],
    visits: VisitWithClient[],
    verb: string,
  ): Promise<Outcomes> {
    const writeIds = await outbox.enqueue(session.accountId, session.userId || null, requests, deps.now());
    await deps.sender.sendNow(writeIds, answerWaitMs);
    const writes = await outbox.findByIds(session.accountId, writeIds);
    const writeByVisit = new Map(writes.map((write) => [write.visitId, write]));
    return summarise(
      visits.map((visit) => toOutcome(visit, writeByVisit.get(visit.id))),
      visits,
      writes,
      verb,
    );
  }

  return {
    /**
     * New times, each on its visit's own day: a time change never moves a visit to another date (code 2).
     */
    async publishVisits(session: Session, body: PublishVisitsBody): Promise<Outcomes> {
      const byId = await findAll(
        session,
        body.map((visit) => visit.id),
      );
      const requests: WriteRequest[] = [];
      const visits: VisitWithClient[] = [];
      for (const [index, change] of body.entries()) {
        const visit = byId.get(change.id);
        if (!visit || visits.includes(visit)) continue;
        const start = toZonedIso(change.date, change.start, change.timezone);
        const end = toZonedIso(change.date, change.end, change.timezone);
        if (toZonedParts(new Date(start), visit.timezone).date !== visit.date) {
          throw invalidInput(
            `${visit.client.name}'s visit is on ${visit.date}: a new time must be on that day.`,
            [{ field: `body.${index}.date`, message: `Use the visit's own day, ${visit.date}.` }],
          );
        }
        if (new Date(end).getTime() <= new Date(start).getTime()) {
          throw invalidInput(`${visit.client.name}'s visit must end after it starts.`, [
            { field: `body.${index}.end`, message: 'End after the start.' },
          ]);
        }
        visits.push(visit);
        requests.push({
          kind: 'visit_times',
          visitId: visit.id,
          payload: { visitSourceId: visit.sourceId, start, end },
          previous: { start: visit.startAt.toISOString(), end: visit.endAt.toISOString() },
        });
      }
      const outcomes = await queueAndSend(session, requests, visits, 'published');
      await recordAudit(session, 'visits.publish', outcomes);
      return outcomes;
    },

    /** Completes (locks) the visits in the CRM; a visit it refuses is not completed, with the CRM's reason. */
    async completeVisits(session: Session, ids: number[]): Promise<Outcomes> {
      const visits = [...(await findAll(session, ids)).values()];
      const requests = visits.map((visit): WriteRequest => ({
        kind: 'visit_complete',
        visitId: visit.id,
        payload: { visitSourceId: visit.sourceId },
        previous: { status: visit.status },
      }));
      const outcomes = await queueAndSend(session, requests, visits, 'completed');
      await recordAudit(session, 'visits.complete', outcomes);
      return outcomes;
    },
  };

  async function recordAudit(session: Session, action: string, outcomes: Outcomes) {
    await deps.audit.record(session, {
      action,
      targetType: 'visit',
      targetId: outcomes.data.map((outcome) => outcome.id).join(','),
      detail: Object.fromEntries(
        (['done', 'pending', 'failed'] as const).map((status) => [
          status,
          outcomes.data.filter((outcome) => outcome.status === status).length,
        ]),
      ),
    });
  }
}
export type VisitsService = ReturnType<typeof createVisitsService>;
