import { toZonedParts } from '../../../domain/zoned-time';
import type { SourceVisit } from '../../integrations/source-system';
import type { VisitInput } from './repository';

/**
 * The CRM's visits as rows to store: only visits of known clients and, when the account names its meal service
 * codes, only those services. The visit's date is its local date in the timezone.
 */
export function toVisitInputs(
  sourceVisits: SourceVisit[],
  clientIdBySource: Map<string, number>,
  serviceCodeIds: string[],
  timezone: string,
): VisitInput[] {
  const serviceCodes = new Set(serviceCodeIds);
  return sourceVisits.flatMap((visit): VisitInput[] => {
    const clientId = clientIdBySource.get(visit.clientSourceId);
    if (clientId === undefined || (serviceCodes.size > 0 && !serviceCodes.has(visit.serviceCodeId)))
      return [];
    const startAt = new Date(visit.start);
    return [
      {
        clientId,
        sourceId: visit.sourceId,
        date: toZonedParts(startAt, timezone).date,
        startAt,
        endAt: new Date(visit.end),
        status: visit.status,
        serviceCodeId: visit.serviceCodeId,
        timezone,
        cancelReason: visit.cancelReason,
      },
    ];
  });
}
