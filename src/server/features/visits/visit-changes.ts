import { eq } from 'drizzle-orm';
import { visits } from '../../db/schema/clients';
import type { Transaction } from '../../db/transaction';
import type { CancelPayload, TimesPayload, VisitChange, WriteRequest } from '../../shared/outbox-writes';

/**
 * The change a write makes to its visit that its people may hear of, read before the write is applied locally:
 * a new start, or a cancellation (putting a held visit back is neither). Null for any other write.
 */
export async function readVisitChange(tx: Transaction, request: WriteRequest): Promise<VisitChange | null> {
  let change: VisitChange['change'];
  if (request.kind === 'visit_times') {
    change = { kind: 'moved', startAt: new Date((request.payload as TimesPayload).start) };
  } else if (request.kind === 'visit_cancel' && (request.payload as CancelPayload).isCancelled) {
    change = { kind: 'cancelled' };
  } else {
    return null;
  }
  const [visit] = await tx.select().from(visits).where(eq(visits.id, request.visitId));
  if (!visit) return null;
  return {
    visitId: visit.id,
    clientId: visit.clientId,
    date: visit.date,
    timezone: visit.timezone,
    previousStatus: visit.status,
    previousStartAt: visit.startAt,
    change,
  };
}
