import { inArray } from 'drizzle-orm';
import { visits } from '../../db/schema/clients';
import type { Transaction } from '../../db/transaction';
import type { CancelPayload, TimesPayload, VisitChange, WriteRequest } from '../../shared/outbox-writes';

/** The change a write makes to its visit that its people may hear of, without the visit's state. */
function describeChange(request: WriteRequest): VisitChange['change'] | null {
  if (request.kind === 'visit_times') {
    return { kind: 'moved', startAt: new Date((request.payload as TimesPayload).start) };
  }
  if (request.kind === 'visit_cancel' && (request.payload as CancelPayload).isCancelled) {
    return { kind: 'cancelled' };
  }
  return null;
}

/**
 * The changes the writes make to their visits (each visit once) that their people may hear of, read in one
 * statement before the writes are applied locally: a new start, or a cancellation (putting a held visit back is
 * neither). In the requests' order; none for any other write.
 */
export async function readVisitChanges(tx: Transaction, requests: WriteRequest[]): Promise<VisitChange[]> {
  const described = requests.flatMap((request) => {
    const change = describeChange(request);
    return change ? [{ visitId: request.visitId, change }] : [];
  });
  if (described.length === 0) return [];
  const rows = await tx
    .select()
    .from(visits)
    .where(
      inArray(
        visits.id,
        described.map(({ visitId }) => visitId),
      ),
    );
  const visitOf = new Map(rows.map((visit) => [visit.id, visit]));
  return described.flatMap(({ visitId, change }) => {
    const visit = visitOf.get(visitId);
    if (!visit) return [];
    return [
      {
        visitId: visit.id,
        clientId: visit.clientId,
        date: visit.date,
        timezone: visit.timezone,
        previousStatus: visit.status,
        previousStartAt: visit.startAt,
        change,
      },
    ];
  });
}
