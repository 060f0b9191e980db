import { and, eq, inArray } from 'drizzle-orm';
import { isDateNearForNotice } from '../../../domain/delivery-notices';
import { getTodayIn } from '../../../domain/today';
import { visits } from '../../db/schema/clients';
import type { Transaction } from '../../db/transaction';
import type { VisitChange } from '../../shared/outbox-writes';
import type { VisitInput } from './repository';

type Snapshot = Pick<
  typeof visits.$inferSelect,
  'id' | 'clientId' | 'date' | 'timezone' | 'status' | 'startAt'
>;

const snapshotColumns = {
  id: visits.id,
  clientId: visits.clientId,
  date: visits.date,
  timezone: visits.timezone,
  status: visits.status,
  startAt: visits.startAt,
};

/**
 * The stored visits a sync is about to write that may earn a delivery notice: only those the CRM dates today or
 * tomorrow (a notice is for no other day), so a large sync reads back a handful of rows, not all it writes.
 */
export async function readNearVisits(
  tx: Transaction,
  accountId: number,
  inputs: VisitInput[],
  now: Date,
): Promise<Snapshot[]> {
  const sourceIds = inputs
    .filter((input) => isDateNearForNotice(input.date, getTodayIn(input.timezone, now.getTime())))
    .map((input) => input.sourceId);
  if (sourceIds.length === 0) return [];
  return tx
    .select(snapshotColumns)
    .from(visits)
    .where(and(eq(visits.accountId, accountId), inArray(visits.sourceId, sourceIds)));
}

/** What the sync changed of those visits: a cancellation, else a new start. */
export async function findSyncedChanges(tx: Transaction, before: Snapshot[]): Promise<VisitChange[]> {
  if (before.length === 0) return [];
  const after = new Map(
    (
      await tx
        .select(snapshotColumns)
        .from(visits)
        .where(
          inArray(
            visits.id,
            before.map((visit) => visit.id),
          ),
        )
    ).map((visit) => [visit.id, visit]),
  );
  return before.flatMap((old): VisitChange[] => {
    const now = after.get(old.id);
    if (!now) return [];
    const previous = {
      visitId: old.id,
      clientId: old.clientId,
      date: old.date,
      timezone: old.timezone,
      previousStatus: old.status,
      previousStartAt: old.startAt,
    };
    if (now.status === 'cancelled' && old.status !== 'cancelled')
      return [{ ...previous, change: { kind: 'cancelled' } }];
    if (now.status !== 'cancelled' && now.startAt.getTime() !== old.startAt.getTime())
      return [{ ...previous, change: { kind: 'moved', startAt: now.startAt } }];
    return [];
  });
}
