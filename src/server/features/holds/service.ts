import type { EndHoldResult, Hold, HoldBody, HoldVisits } from '../../../contracts/holds';
import { doHoldsOverlap, getEndNow } from '../../../domain/holds';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import { readAccountToday, type RoundsSource } from '../../shared/account-dates';
import type { HoldVisitsService } from './hold-visits';
import type { HoldRow, HoldsRepository, HoldValues } from './repository';

export function toHold(row: HoldRow): Hold {
  return {
    id: row.id,
    from_date: formatDayMonthYear(row.fromDate),
    to_date: row.toDate === null ? null : formatDayMonthYear(row.toDate),
    reason: row.reason,
    note: row.note,
  };
}

/** The body as stored values; the contract has checked each date, this checks their order. */
function toValues(body: HoldBody): HoldValues {
  const fromDate = parseDayMonthYear(body.from_date) ?? '';
  const toDate = body.to_date === null ? null : (parseDayMonthYear(body.to_date) ?? '');
  if (toDate !== null && toDate < fromDate) {
    throw invalidInput('The hold cannot end before it begins.', [
      { field: 'to_date', message: 'Use the from date or a later date.' },
    ]);
  }
  return { fromDate, toDate, reason: body.reason, note: body.note ?? '' };
}

function describeSpan(row: HoldRow): string {
  const from = formatDayMonthYear(row.fromDate);
  return row.toDate === null
    ? `from ${from}, open-ended`
    : `from ${from} to ${formatDayMonthYear(row.toDate)}`;
}

function refuseOverlap(values: HoldValues, others: HoldRow[]) {
  const clash = others.find((other) => doHoldsOverlap(values, other));
  if (clash) throw conflict(`This hold overlaps another hold of the client (${describeSpan(clash)}).`);
}

/**
 * Client holds: list, add, change and end them (each change audited), and keep the CRM's visits in step
 * (hold-visits.ts). Holds of one client never overlap; the check runs under the client's row lock.
 */
export function createHoldsService(deps: {
  repository: HoldsRepository;
  visits: HoldVisitsService;
  accounts: RoundsSource;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  /** Runs a change under the client's lock with the CRM writes it calls for, then sends those writes. */
  async function change<T>(
    session: Session,
    clientId: number,
    work: (
      tx: Parameters<Parameters<HoldsRepository['withClientLocked']>[2]>[0],
      holds: HoldRow[],
      today: string,
    ) => Promise<T>,
  ): Promise<T> {
    const today = await readAccountToday(deps.accounts, session.accountId, deps.now());
    const cancelCodeId = await deps.visits.readCancelCode(session.accountId);
    const result = await repository.withClientLocked(session.accountId, clientId, async (tx, holds) => {
      const value = await work(tx, holds, today);
      const writeIds = await deps.visits.queueChanges(tx, {
        accountId: session.accountId,
        userId: session.userId || null,
        today,
        clientId,
        cancelCodeId,
      });
      return { value, writeIds };
    });
    if (result === null) throw notFound('Client');
    await deps.visits.send(result.writeIds);
    return result.value;
  }

  async function record(session: Session, action: string, clientId: number, row: HoldRow) {
    await deps.audit.record(session, {
      action: `client_hold.${action}`,
      targetType: 'client',
      targetId: clientId,
      detail: { hold: row.id, from_date: row.fromDate, to_date: row.toDate, reason: row.reason },
    });
  }

  const findHold = (holds: HoldRow[], holdId: number) => {
    const hold = holds.find((candidate) => candidate.id === holdId);
    if (!hold) throw notFound('Hold');
    return hold;
  };

  return {
    async listHolds(session: Session, clientId: number): Promise<Hold[]> {
      if (!(await repository.isClientVisible(session.accountId, clientId))) throw notFound('Client');
      return (await repository.listHolds(session.accountId, clientId)).map(toHold);
    },

    async createHold(session: Session, clientId: number, body: HoldBody): Promise<Hold> {
      const values = toValues(body);
      const row = await change(session, clientId, async (tx, holds) => {
        refuseOverlap(values, holds);
        return repository.insert(tx, session.accountId, clientId, values, deps.now());
      });
      await record(session, 'create', clientId, row);
      return toHold(row);
    },

    async updateHold(session: Session, clientId: number, holdId: number, body: HoldBody): Promise<Hold> {
      const values = toValues(body);
      const row = await change(session, clientId, async (tx, holds) => {
        findHold(holds, holdId);
        refuseOverlap(
          values,
          holds.filter((other) => other.id !== holdId),
        );
        return repository.update(tx, holdId, values, deps.now());
      });
      await record(session, 'update', clientId, row);
      return toHold(row);
    },

    /** "End now" (domain/holds.ts getEndNow): removes a hold not begun yet, else ends it yesterday. */
    async endHold(session: Session, clientId: number, holdId: number): Promise<EndHoldResult> {
      const { hold, ended } = await change(session, clientId, async (tx, holds, today) => {
        const found = findHold(holds, holdId);
        const endNow = getEndNow(found, today);
        switch (endNow.kind) {
          case 'over':
            throw conflict('This hold is already over.');
          case 'remove':
            await repository.remove(tx, holdId);
            return { hold: found, ended: null };
          case 'end':
            return {
              hold: found,
              ended: await repository.update(tx, holdId, { toDate: endNow.toDate }, deps.now()),
            };
        }
      });
      await record(session, ended ? 'end' : 'remove', clientId, ended ?? hold);
      return { hold: ended ? toHold(ended) : null };
    },

    async listHoldVisits(session: Session, clientId: number): Promise<HoldVisits> {
      if (!(await repository.isClientVisible(session.accountId, clientId))) throw notFound('Client');
      return deps.visits.listOpen(session.accountId, clientId);
    },

    /** The account's visible clients' holds that reach `from` (YYYY-MM-DD) or later: the Holds report. */
    listHoldsFrom(accountId: number, from: string) {
      return repository.listHoldsFrom(accountId, from);
    },

    /** After a visits sync (round visits, meals sync): cancel or put back what the holds now call for. */
    async reconcileAccount(accountId: number): Promise<void> {
      await deps.visits.reconcileAccount(
        accountId,
        await readAccountToday(deps.accounts, accountId, deps.now()),
      );
    },
  };
}
export type HoldsService = ReturnType<typeof createHoldsService>;
