import type { z } from 'zod';
import { formatZonedIso } from '../../../../domain/zoned-time';
import {
  demoBranch,
  demoPremiums,
  demoServiceCodes,
  demoTimeZone,
  type SimCancelCode,
  type SimClient,
  type SimVisit,
} from './demo-seed';
import type { SimContact } from './demo-contacts';
import { SimulatorError, type SimVisitNote, type SimVisitPremium } from './state';

/**
 * The simulator's records in AlayaCare's wire shapes (field names of the OpenAPI documents), and the paging every
 * list shares: {count, page, total_pages, items} with `page` and `count` query parameters.
 */

type Json = Record<string, unknown>;
export type QueryValue = string | string[] | undefined;
export type Query = Record<string, QueryValue>;

export const maxPageSize = 100;

/** A query value as a list: comma separated (`?tags=a,b`) or repeated (`?tags=a&tags=b`). */
export function readList(value: QueryValue): string[] | null {
  if (value === undefined) return null;
  const items = (Array.isArray(value) ? value : [value]).flatMap((entry) => entry.split(','));
  const trimmed = items.map((item) => item.trim()).filter((item) => item !== '');
  return trimmed.length > 0 ? trimmed : null;
}

export function readSingle(value: QueryValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function readPositiveInteger(query: Query, name: string, fallback: number): number {
  const raw = readSingle(query[name]);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new SimulatorError(400, `${name} must be a positive integer.`);
  return value;
}

export function paginate<T>(
  items: readonly T[],
  query: Query,
  toWire: (item: T) => unknown,
  defaultCount = 100,
) {
  const page = readPositiveInteger(query, 'page', 1);
  const count = Math.min(readPositiveInteger(query, 'count', defaultCount), maxPageSize);
  const pageItems = items.slice((page - 1) * count, page * count).map(toWire);
  return {
    count: pageItems.length,
    page,
    total_pages: Math.max(1, Math.ceil(items.length / count)),
    items: pageItems,
  };
}

export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new SimulatorError(400, `Invalid request. ${where}${issue?.message ?? 'The body is not valid.'}`);
}

export function parseId(value: string, notFound: string): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id)) throw new SimulatorError(404, notFound);
  return id;
}

const branch = { id: demoBranch.id, name: demoBranch.name };

export function toWireDemographics(client: SimClient): Json {
  return {
    first_name: client.firstName,
    last_name: client.lastName,
    gender: client.gender,
    address: client.address,
    address_suite: client.addressSuite,
    city: client.city,
    state: client.state,
    zip: client.zip,
    country: 'Australia',
    phone_main: client.phone,
    location: { lat: client.latitude, lon: client.longitude, zip: client.zip },
  };
}

/** ClientListItem; `demographics` is the simulator's addition (see wire-types.ts). */
export function toWireClientListItem(client: SimClient, linkBase: string, hasDemographics: boolean): Json {
  return {
    id: client.id,
    ac_id: client.acId,
    branch,
    external_id: client.externalId,
    profile_id: client.profileId,
    first_name: client.firstName,
    last_name: client.lastName,
    status: client.status,
    tags: client.tags,
    _link: `${linkBase}/permalink/client/${client.id}`,
    ...(hasDemographics ? { demographics: toWireDemographics(client) } : {}),
  };
}

export function toWireClientDetails(client: SimClient): Json {
  return {
    id: client.id,
    ac_id: client.acId,
    external_id: client.externalId,
    profile_id: client.profileId,
    branch_id: branch.id,
    status: client.status,
    demographics: toWireDemographics(client),
    contacts: [],
    care_team: [],
    language: 'en',
    groups: [],
    cost_centre: null,
    tags: client.tags,
    timezone: demoTimeZone,
  };
}

function toWireContactDemographics(contact: SimContact): Json {
  return {
    first_name: contact.firstName,
    last_name: contact.lastName,
    relationship: contact.relationship,
    phone_main: contact.phone,
    ...(contact.email ? { email: contact.email } : {}),
  };
}

/** ClientContactListItem; `emergency` is the simulator's addition (see wire-types.ts). */
export function toWireContactListItem(contact: SimContact, hasEmergency: boolean): Json {
  return {
    id: contact.id,
    ac_id: contact.acId,
    external_id: null,
    contact_type: contact.relationship === 'GP' ? 'Medical' : 'Personal',
    relationship: contact.relationship,
    status: contact.status,
    demographics: toWireContactDemographics(contact),
    ...(hasEmergency ? { emergency: contact.isEmergency } : {}),
  };
}

/** ClientContact (GET /contacts/{id}). */
export function toWireContact(contact: SimContact, client: SimClient | undefined): Json {
  return {
    ...toWireContactListItem(contact, true),
    branch,
    is_billing_contact: false,
    clients: client
      ? [{ id: client.id, ac_id: client.acId, first_name: client.firstName, last_name: client.lastName }]
      : [],
  };
}

function serviceCodeNameOf(visit: SimVisit): string {
  return demoServiceCodes.find((code) => code.id === visit.serviceCodeId)?.name ?? '';
}

/** VisitListDetails / Visit, plus the visit's service code (a VisitDetails field) so lists carry it too. */
export function toWireVisit(
  visit: SimVisit,
  client: SimClient | undefined,
  notes: readonly SimVisitNote[] = [],
): Json {
  return {
    alayacare_visit_id: visit.id,
    visit_id: null,
    alayacare_client_id: visit.clientId,
    client_id: client?.externalId ?? null,
    alayacare_service_id: visit.serviceId,
    service_id: null,
    alayacare_employee_id: null,
    employee_id: null,
    status: visit.status,
    start_at: formatZonedIso(visit.startMs, demoTimeZone),
    end_at: formatZonedIso(visit.endMs, demoTimeZone),
    notes: notes.map((note) => ({ text: note.text, created_at: note.createdAt })),
    tags: visit.tags,
    cancelled: visit.cancelCode !== null,
    cancel_code: visit.cancelCode,
    break_minutes: null,
    service_code_id: visit.serviceCodeId,
    service_code_name: serviceCodeNameOf(visit),
  };
}

/** VisitDetails (GET /visits/{id}). */
export function toWireVisitDetails(
  visit: SimVisit,
  client: SimClient | undefined,
  notes: readonly SimVisitNote[] = [],
): Json {
  return {
    ...toWireVisit(visit, client, notes),
    client: {
      id: visit.clientId,
      external_id: client?.externalId ?? null,
      profile_id: client?.profileId ?? null,
      full_name: client ? `${client.firstName} ${client.lastName}` : '',
      timezone: demoTimeZone,
      branch_id: branch.id,
    },
    employee: null,
    service: {
      id: visit.serviceId,
      external_id: null,
      name: 'Meals on Wheels',
      service_code_id: visit.serviceCodeId,
      service_code_name: serviceCodeNameOf(visit),
    },
    funders: [],
    work_sessions: [],
    adls: [],
    activity_codes: [],
    skills: [],
    service_instructions: null,
    facility: null,
  };
}

export function toWireServiceCode(code: (typeof demoServiceCodes)[number]): Json {
  return { id: code.id, name: code.name, branch };
}

export function toWireCancelCode(code: SimCancelCode): Json {
  return { id: code.id, code: code.code, description: code.description, branch };
}

export function toWirePremium(premium: (typeof demoPremiums)[number]): Json {
  return {
    premium_id: premium.id,
    code: premium.code,
    rule: 'Per item',
    bill_codes: [{ id: premium.id + 100, code: premium.billCode }],
    branch,
  };
}

export function toWireVisitPremium(visitPremium: SimVisitPremium): Json {
  const premium = demoPremiums.find((entry) => entry.id === visitPremium.premiumId);
  return {
    visit_premium_id: visitPremium.id,
    description: visitPremium.description,
    quantity: visitPremium.quantity,
    premium: premium ? toWirePremium(premium) : { premium_id: visitPremium.premiumId, code: '' },
  };
}
