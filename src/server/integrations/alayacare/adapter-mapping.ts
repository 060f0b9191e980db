import type {
  SourceClient,
  SourcePerson,
  SourceClientStatus,
  SourcePremium,
  SourceVisit,
  SourceVisitStatus,
} from '../source-system';
import type { WireClient, WireClientDetails, WirePremium, WireVisit } from './wire-types';
import { formatZonedIso, parseIsoDateTime } from '../../../domain/zoned-time';

/** AlayaCare's wire shapes to the product's source-system records (docs/architecture.md, "The CRM"). */

export function mapClientStatus(status: string | null | undefined): SourceClientStatus {
  switch (status) {
    case 'active':
    case 'on_hold':
    case 'discharged':
    case 'pending':
    case 'waiting_list':
      return status;
    default:
      return 'other';
  }
}

/** AlayaCare's status hierarchy folded into ours; a cancelled flag wins over the status (e.g. on hold). */
export function mapVisitStatus(status: string | null | undefined, isCancelled: boolean): SourceVisitStatus {
  if (isCancelled) return 'cancelled';
  switch (status) {
    case 'scheduled':
    case 'vacant':
    case 'offered':
    case 'late':
    case 'clocked':
      return 'scheduled';
    case 'completed':
    case 'approved':
      return 'completed';
    case 'cancelled':
    case 'on_hold':
      return 'cancelled';
    default:
      return 'other';
  }
}

const joinParts = (...parts: string[]) => parts.filter((part) => part !== '').join(', ');

const readCoordinate = (value: number | null | undefined, limit: number) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit && value !== 0
    ? value
    : null;

/**
 * A client from its list item and, when the list item has no demographics, its details. The name comes from the
 * list's first/last name, else the demographics'; the url is AlayaCare's own link when it sends one.
 */
export function mapClient(
  item: WireClient,
  details: WireClientDetails | null,
  baseUrl: string,
): SourceClient {
  const demographics = item.demographics ?? details?.demographics ?? null;
  const firstName = item.first_name || demographics?.first_name || '';
  const lastName = item.last_name || demographics?.last_name || '';
  const location = demographics?.location ?? null;
  const latitude = readCoordinate(location?.lat, 90);
  const longitude = readCoordinate(location?.lon, 180);
  const hasCoordinates = latitude !== null && longitude !== null;
  return {
    sourceId: String(item.id),
    externalId: item.external_id ?? details?.external_id ?? '',
    name: [firstName, lastName].filter((part) => part !== '').join(' '),
    url: item._link || `${baseUrl}/permalink/client/${item.id}`,
    status: mapClientStatus(item.status ?? details?.status),
    phone: demographics?.phone_main || demographics?.phone_personal || demographics?.phone_other || '',
    address: joinParts(demographics?.address_suite ?? '', demographics?.address ?? ''),
    city: demographics?.city ?? '',
    state: demographics?.state ?? '',
    zip: demographics?.zip || location?.zip || '',
    latitude: hasCoordinates ? latitude : null,
    longitude: hasCoordinates ? longitude : null,
    tags: item.tags ?? details?.tags ?? [],
    person: mapPerson(
      demographics?.gender ?? '',
      demographics?.birthday ?? '',
      item.language || details?.language || '',
    ),
  };
}

/** AlayaCare's gender (M, F, O), birthday and language code, null where it says nothing usable. */
export function mapPerson(gender: string, birthday: string, language: string): SourcePerson {
  const genders: Record<string, SourcePerson['gender']> = { M: 'male', F: 'female', O: 'other' };
  return {
    gender: genders[gender.toUpperCase()] ?? null,
    birthDate: /^\d{4}-\d{2}-\d{2}/.test(birthday) ? birthday.slice(0, 10) : null,
    language: /^[a-z]{2,3}(_[A-Za-z]{2})?$/.test(language) ? language : null,
  };
}

/** AlayaCare may answer times in UTC; they are given in the zone's offset, so their date is the local date. */
function toZonedIso(value: string, timeZone: string): string {
  const instant = parseIsoDateTime(value);
  return instant === null ? value : formatZonedIso(instant, timeZone);
}

export function mapVisit(visit: WireVisit, timeZone: string): SourceVisit {
  const serviceCodeId = visit.service_code_id ?? visit.service?.service_code_id ?? null;
  const status = mapVisitStatus(visit.status, visit.cancelled === true);
  const cancelCode = status === 'cancelled' ? visit.cancel_code : null;
  return {
    sourceId: String(visit.alayacare_visit_id),
    clientSourceId: String(visit.alayacare_client_id),
    start: toZonedIso(visit.start_at, timeZone),
    end: toZonedIso(visit.end_at, timeZone),
    status,
    serviceCodeId: serviceCodeId === null ? '' : String(serviceCodeId),
    tags: visit.tags ?? [],
    cancelReason: cancelCode?.description || cancelCode?.code || '',
  };
}

/** AlayaCare premiums have a code and no separate name: the code is what staff know them by. */
export function mapPremium(premium: WirePremium): SourcePremium {
  return { id: String(premium.premium_id), name: premium.code, code: premium.code };
}
