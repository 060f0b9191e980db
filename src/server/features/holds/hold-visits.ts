import type { HoldVisits } from '../../../contracts/holds';
import { keepsClientsLocally } from '../../../contracts/accounts';
import { clientHoldCancelCode } from '../../../domain/plan-visit-changes';
import { formatDayMonthYear } from '../../../domain/weeks';
import type { Transaction } from '../../db/transaction';
import type { AccountsService } from '../accounts/service';
import type { OutboxService } from '../visits/outbox-service';
import type { WriteRequest } from '../../shared/outbox-writes';
import type { HoldVisitRow, HoldVisitsRepository } from './visits-repository';

/*
 * The CRM side of client holds (ADR 0013). The rule is a reconciliation, run after every change of a client's
 * holds and after every visits sync: from today on, a visit on a held day that is neither cancelled nor completed
 * is cancelled in the CRM with the account's cancel code; a visit a hold cancelled that no hold covers any more is
 * put back. Both go through the outbox (kind visit_cancel), so a CRM that is down gets them later, and a refusal
 * undoes the local change and stays listed for the client's screen until someone acts on it. Past days are left
 * alone: what happened then is the CRM's record.
 */
export function createHoldVisits(deps: {
  repository: HoldVisitsRepository;
  outbox: Pick<OutboxService, 'enqueueIn' | 'sendNow'>;
  accounts: Pick<AccountsService, 'getSourceSetup'>;
  answerWaitMs: number;
}) {
  const { repository } = deps;

  async function readCancelCode(accountId: number): Promise<string | null> {
    const { sourceSystem, settings } = await deps.accounts.getSourceSetup(accountId);
    // Without a CRM, MealRounds' own hold code: there is no CRM list to choose one from.
    if (keepsClientsLocally(sourceSystem)) return clientHoldCancelCode.id;
    return settings.cancel_code_id ?? null;
  }

  const toRequest = (
    visit: HoldVisitRow,
    isCancelled: boolean,
    cancelCodeId: string | null,
  ): WriteRequest => ({
    kind: 'visit_cancel',
    visitId: visit.id,
    payload: { visitSourceId: visit.sourceId, isCancelled, cancelCodeId: isCancelled ? cancelCodeId : null },
    previous: { status: visit.status, isHoldCancelled: visit.isHoldCancelled },
  });

  /**
   * Queues, in the caller's transaction, the cancels and restores the holds now call for (of one client, or of
   * the whole account). Without a cancel code nothing is cancelled, but earlier cancels are still put back.
   * Answers the writes' ids, to send once the transaction is committed. The cancel code is read before the
   * transaction (readCancelCode): a read outside the transaction while it is open would wait for ever on the
   * embedded database, which has a single connection.
   */
  async function queueChanges(
    tx: Transaction,
    scope: {
      accountId: number;
      userId: number | null;
      today: string;
      clientId?: number;
      cancelCodeId: string | null;
    },
  ): Promise<number[]> {
    const { cancelCodeId } = scope;
    const [toCancel, toRestore] = await Promise.all([
      cancelCodeId === null
        ? Promise.resolve([])
        : repository.listToCancel(tx, scope.accountId, scope.today, scope.clientId),
      repository.listToRestore(tx, scope.accountId, scope.today, scope.clientId),
    ]);
    const requests = [
      ...toCancel.map((visit) => toRequest(visit, true, cancelCodeId)),
      ...toRestore.map((visit) => toRequest(visit, false, null)),
    ];
    if (requests.length === 0) return [];
    return deps.outbox.enqueueIn(tx, scope.accountId, scope.userId, requests);
  }

  /** Sends queued writes now, waiting a bounded time for the CRM (the outbox worker sends the rest). */
  function send(writeIds: number[]): Promise<void> {
    return deps.outbox.sendNow(writeIds, deps.answerWaitMs);
  }

  return {
    readCancelCode,
    queueChanges,
    send,

    /** After a visits sync: the account's visits that a hold now covers or no longer covers. */
    async reconcileAccount(accountId: number, today: string): Promise<void> {
      const cancelCodeId = await readCancelCode(accountId);
      const ids = await repository.transaction((tx) =>
        queueChanges(tx, { accountId, userId: null, today, cancelCodeId }),
      );
      await send(ids);
    },

    /** The client's visits whose cancel or restore the CRM has not confirmed, for the Holds panel. */
    async listOpen(accountId: number, clientId: number): Promise<HoldVisits> {
      const [cancelCodeId, writes] = await Promise.all([
        readCancelCode(accountId),
        repository.listOpenCancels(accountId, clientId),
      ]);
      return {
        is_cancel_code_set: cancelCodeId !== null,
        visits: writes.map((write) => ({
          visit_id: write.visitId,
          date: formatDayMonthYear(write.date),
          action: write.isCancelled ? 'cancel' : 'restore',
          status: write.status === 'failed' ? 'failed' : 'pending',
          message: write.message,
        })),
      };
    },
  };
}
export type HoldVisitsService = ReturnType<typeof createHoldVisits>;
