import {
  describeCancelledNotice,
  describeMovedNotice,
  formatNoticeDate,
  isDateNearForNotice,
  isMovedEnoughForNotice,
} from '../../../domain/delivery-notices';
import { getTodayIn } from '../../../domain/today';
import { toZonedParts } from '../../../domain/zoned-time';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import type { AuditService } from '../audit/service';
import type { MessagesService } from '../messages/service';
import type { VisitChange } from '../../shared/outbox-writes';
import type { NoticesRepository } from './repository';

/** A stop of a run being started: its visit, its client and its planned start. */
export type StartedStop = { visitId: number; clientId: number; startAt: Date };

/**
 * Delivery notices (ADR 0044): "on its way" when the driver starts the run, and a text when a visit of today or
 * tomorrow is cancelled or moved by more than half an hour. Each goes to the client when they want notices and to
 * each contact who does; the messages outbox applies STOP and the quiet hours. Each visit's notice of a kind (and,
 * for a move, of a new start) is made once, and nothing is made while the account has no provider.
 */
export function createNoticesService(deps: {
  db: Database;
  repository: NoticesRepository;
  messages: Pick<MessagesService, 'queueMessage' | 'composeMessage' | 'isProviderSetUp' | 'readNumber'>;
  audit: Pick<AuditService, 'recordWithoutUser'>;
  now: () => Date;
}) {
  const { repository, messages } = deps;

  /** Queues the text to each person of the client who wants notices and has a number that reads; answers how many. */
  async function queueToPeople(tx: Transaction, accountId: number, clientId: number, body: string) {
    let queued = 0;
    for (const person of await repository.listRecipients(tx, accountId, clientId)) {
      const parsed = await messages.readNumber(accountId, person.phone);
      if (!parsed.isValid) continue;
      queued += 1;
      await messages.queueMessage(tx, {
        accountId,
        channel: 'sms',
        to: parsed.e164,
        body,
        purpose: 'notice',
        clientId: person.clientId,
        contactId: person.contactId,
      });
    }
    return queued;
  }

  /** The text of a change worth a notice, with its once-only key; null when it is not worth one. */
  function describeChange(change: VisitChange, nowMs: number): { key: string; body: string } | null {
    if (change.previousStatus === 'cancelled' || change.previousStatus === 'completed') return null;
    if (!isDateNearForNotice(change.date, getTodayIn(change.timezone, nowMs))) return null;
    if (change.change.kind === 'cancelled') return { key: '', body: describeCancelledNotice(change.date) };
    const { startAt } = change.change;
    if (!isMovedEnoughForNotice(change.previousStartAt.getTime(), startAt.getTime())) return null;
    const time = toZonedParts(startAt, change.timezone).time;
    return { key: startAt.toISOString(), body: describeMovedNotice(change.date, time) };
  }

  return {
    /**
     * Starts the round's run of the day once: the first start queues "on its way" for each stop given (those not
     * yet done); a later one changes nothing. Answers when the run was started.
     */
    async startRun(run: {
      accountId: number;
      roundId: number;
      date: string;
      timezone: string;
      stops: StartedStop[];
    }): Promise<Date> {
      const { accountId } = run;
      const now = deps.now();
      const first = await deps.db.transaction(async (tx) => {
        const started = await repository.insertRunStart(tx, {
          accountId,
          roundId: run.roundId,
          date: run.date,
          startedAt: now,
        });
        if (!started) return null;
        let queued = 0;
        if (!(await messages.isProviderSetUp(accountId, tx))) return { started, queued };
        for (const stop of run.stops) {
          const notice = {
            accountId,
            visitId: stop.visitId,
            kind: 'on_the_way' as const,
            key: '',
            createdAt: now,
          };
          if (!(await repository.claimNotice(tx, notice))) continue;
          const body = await messages.composeMessage(tx, accountId, 'notice', {
            time: toZonedParts(stop.startAt, run.timezone).time,
            date: formatNoticeDate(run.date),
          });
          queued += await queueToPeople(tx, accountId, stop.clientId, body);
        }
        return { started, queued };
      });
      if (!first) return (await repository.findRunStart(accountId, run.roundId, run.date)) ?? now;
      await deps.audit.recordWithoutUser(accountId, {
        action: 'run.start',
        targetType: 'round',
        targetId: run.roundId,
        detail: { date: run.date, notices: first.queued },
        actor: { via: 'driver_link' },
      });
      return first.started;
    },

    /** When the round's run of the day was started, or null. */
    findRunStart: (accountId: number, roundId: number, date: string) =>
      repository.findRunStart(accountId, roundId, date),

    /** The notices of visits' new starts and cancellations, in the transaction that makes them. */
    async queueChangeNotices(tx: Transaction, accountId: number, changes: VisitChange[]): Promise<void> {
      if (!(await messages.isProviderSetUp(accountId, tx))) return;
      const now = deps.now();
      for (const change of changes) {
        const notice = describeChange(change, now.getTime());
        if (!notice) continue;
        const claimed = await repository.claimNotice(tx, {
          accountId,
          visitId: change.visitId,
          kind: change.change.kind,
          key: notice.key,
          createdAt: now,
        });
        if (claimed) await queueToPeople(tx, accountId, change.clientId, notice.body);
      }
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
