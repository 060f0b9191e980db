import {
  SourceRefusal,
  type SourceConnection,
  type SourceSystem,
  type SourceVisit,
  type VisitLockResult,
  type VisitPremium,
} from '../source-system';
import { createCancelOperations } from './adapter-cancel';
import { createContactOperations } from './adapter-contacts';
import { createLimiter } from '../../concurrency';
import { createSourceError, createSourceHttp, type SourceHttp, type SourceLog } from './adapter-http';
import type { OutboundFetch } from '../network/guarded-fetch';
import { mapClient, mapPremium, mapVisit } from './adapter-mapping';
import {
  wireClientDetailsSchema,
  wireClientSchema,
  wireLockPartialSchema,
  wireLockSuccessSchema,
  wirePremiumSchema,
  wireServiceCodeSchema,
  wireTagSchema,
  wireVisitNotesSchema,
  wireVisitPremiumSchema,
  wireVisitSchema,
  type WireClient,
} from './wire-types';
import { defaultTimezone } from '../../../domain/timezones';
import { addDays, isIsoDate, parseIsoDateTime, toInstantMs } from '../../../domain/zoned-time';

export type AlayaCareOptions = {
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Extra attempts for a read (default 2); writes are never retried. */
  readRetries?: number;
  /** Delay before the first retry, doubled for each next one (default 250 ms). */
  retryDelayMs?: number;
  /** The app gives its guarded fetch (private addresses refused unless allowed); tests may give plain fetch. */
  fetch?: OutboundFetch;
  /**
   * Zone of the service (default Australia/Sydney): listVisits' dates are days in this zone (AlayaCare filters by
   * instant), and visit times are answered with its offset whatever offset AlayaCare used.
   */
  timeZone?: string;
  /** Client ids per GET /visits request, comma separated in alayacare_client_id (default 50; 1 sends one each). */
  clientIdsPerRequest?: number;
  /** The server log: the cause of a network failure is written there, never shown to the user. */
  log?: SourceLog;
};

const patients = '/ext/api/v2/patients';
const scheduler = '/ext/api/v2/scheduler';
const accounting = '/ext/api/v2/accounting';
const detailConcurrency = 8;

/** A pasted tenant URL may carry the API path or a trailing slash; the adapter adds the paths itself. */
function normaliseBaseUrl(baseUrl: string): string {
  return baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/ext\/api\/v2(\/[a-z]+)?$/i, '');
}

const isSameTag = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isAlayaCareId = (id: string) => /^\d{1,15}$/.test(id);
const toUtcParam = (instantMs: number) => new Date(instantMs).toISOString().replace('.000Z', 'Z');

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

/** The source system of an AlayaCare tenant (or the built-in simulator) over the External Integration API v2. */
export function createAlayaCareSourceSystem(
  connection: SourceConnection,
  options: AlayaCareOptions = {},
): SourceSystem {
  const baseUrl = normaliseBaseUrl(connection.baseUrl);
  const timeZone = options.timeZone ?? defaultTimezone;
  const clientIdsPerRequest = Math.max(1, options.clientIdsPerRequest ?? 50);
  const http: SourceHttp = createSourceHttp({
    baseUrl,
    username: connection.username,
    password: connection.password,
    timeoutMs: options.timeoutMs ?? 10_000,
    readRetries: Math.max(0, options.readRetries ?? 2),
    retryDelayMs: options.retryDelayMs ?? 250,
    fetch: options.fetch ?? fetch,
    log: options.log,
  });

  /** List items without demographics (the documents' shape) need the client's details for the address. */
  async function readDetailsOf(operation: string, items: WireClient[]) {
    const runLimited = createLimiter(detailConcurrency);
    const needed = items.filter((item) => !item.demographics);
    const details = await Promise.all(
      needed.map((item) =>
        runLimited(() =>
          http.read(
            { operation, method: 'GET', path: `${patients}/clients/${item.id}` },
            wireClientDetailsSchema,
          ),
        ),
      ),
    );
    return new Map(details.map((detail) => [detail.id, detail]));
  }

  async function listClientsByTag(tag: string) {
    const operation = 'list clients';
    const items = await http.readAllPages(
      { operation, method: 'GET', path: `${patients}/clients`, query: { tags: tag } },
      wireClientSchema,
    );
    const unique = [...new Map(items.map((item) => [item.id, item])).values()];
    // A tenant that ignores the tag filter answers every client: keep only those known to carry the tag.
    const candidates = unique.filter((item) => !item.tags || item.tags.some((name) => isSameTag(name, tag)));
    const detailsById = await readDetailsOf(operation, candidates);
    return candidates
      .map((item) => mapClient(item, detailsById.get(item.id) ?? null, baseUrl))
      .filter((client) => client.tags.some((name) => isSameTag(name, tag)));
  }

  const listNames = (operation: string, path: string) =>
    http.readAllPages({ operation, method: 'GET', path }, wireTagSchema);

  async function listVisits(query: Parameters<SourceSystem['listVisits']>[0]): Promise<SourceVisit[]> {
    if (!isIsoDate(query.fromDate) || !isIsoDate(query.toDate)) {
      throw new RangeError(`listVisits needs YYYY-MM-DD dates, not ${query.fromDate} and ${query.toDate}.`);
    }
    const clientIds = [...new Set(query.clientSourceIds)].filter(isAlayaCareId);
    if (clientIds.length === 0 || query.toDate < query.fromDate) return [];
    const fromMs = toInstantMs(query.fromDate, '00:00', timeZone);
    const toMs = toInstantMs(addDays(query.toDate, 1), '00:00', timeZone) - 1000;
    const runLimited = createLimiter(4);
    const batches = await Promise.all(
      chunk(clientIds, clientIdsPerRequest).map((ids) =>
        http.readAllPages(
          {
            operation: 'list visits',
            method: 'GET',
            path: `${scheduler}/visits`,
            query: {
              alayacare_client_id: ids.join(','),
              start_date_from: toUtcParam(fromMs),
              start_date_to: toUtcParam(toMs),
              ...(query.tag ? { tags: query.tag } : {}),
            },
          },
          wireVisitSchema,
          runLimited,
        ),
      ),
    );
    const wanted = new Set(clientIds);
    const visits = new Map<number, { visit: SourceVisit; startMs: number; id: number }>();
    for (const visit of batches.flat()) {
      const startMs = parseIsoDateTime(visit.start_at) ?? Number.NaN;
      const isWanted =
        wanted.has(String(visit.alayacare_client_id)) &&
        startMs >= fromMs &&
        startMs <= toMs &&
        (!query.tag || !visit.tags || visit.tags.some((name) => isSameTag(name, query.tag ?? '')));
      if (isWanted) {
        visits.set(visit.alayacare_visit_id, {
          visit: mapVisit(visit, timeZone),
          startMs,
          id: visit.alayacare_visit_id,
        });
      }
    }
    return [...visits.values()]
      .sort((a, b) => a.startMs - b.startMs || a.id - b.id)
      .map((entry) => entry.visit);
  }

  async function updateVisitTimes(visitSourceId: string, times: { start: string; end: string }) {
    const operation = `update the times of visit ${visitSourceId}`;
    if (!isAlayaCareId(visitSourceId)) throw createSourceError(operation, 'it is not an AlayaCare visit id');
    if (parseIsoDateTime(times.start) === null || parseIsoDateTime(times.end) === null) {
      throw new RangeError(
        `Visit times must be ISO 8601 with an offset, not ${times.start} and ${times.end}.`,
      );
    }
    const answer = await http.send({
      operation,
      method: 'PUT',
      path: `${scheduler}/visits/${visitSourceId}`,
      body: { start_at: times.start, end_at: times.end },
    });
    // A 200 counts only when its body is the visit with the new times: anything else leaves the outcome unknown.
    const visit = http.parseBody(operation, wireVisitSchema, answer.body);
    const isApplied =
      String(visit.alayacare_visit_id) === visitSourceId &&
      parseIsoDateTime(visit.start_at) === parseIsoDateTime(times.start) &&
      parseIsoDateTime(visit.end_at) === parseIsoDateTime(times.end);
    if (!isApplied) throw createSourceError(operation, 'its answer did not show the new times');
  }

  async function getVisit(visitSourceId: string): Promise<SourceVisit | null> {
    const operation = `read visit ${visitSourceId}`;
    if (!isAlayaCareId(visitSourceId)) throw createSourceError(operation, 'it is not an AlayaCare visit id');
    try {
      const visit = await http.read(
        { operation, method: 'GET', path: `${scheduler}/visits/${visitSourceId}` },
        wireVisitSchema,
      );
      return mapVisit(visit, timeZone);
    } catch (error) {
      // The CRM answered that it has no such visit: a refusal of the read, not a fault.
      if (error instanceof SourceRefusal && error.sourceStatus === 404) return null;
      throw error;
    }
  }

  async function lockVisits(visitSourceIds: string[]): Promise<VisitLockResult[]> {
    const ids = [...new Set(visitSourceIds)];
    const valid = ids.filter(isAlayaCareId);
    const refusals = new Map<string, string>();
    for (const id of ids)
      if (!isAlayaCareId(id)) refusals.set(id, `Visit ${id} is not an AlayaCare visit id.`);
    if (valid.length > 0) {
      const operation = 'lock (complete) visits';
      const answer = await http.send({
        operation,
        method: 'PUT',
        path: `${scheduler}/visits/lock`,
        body: { alayacare_visit_ids: valid.map(Number) },
      });
      if (answer.status !== 207) {
        // 200 carries no list: an answer that is neither empty nor {code, message} leaves the outcome unknown.
        http.parseBody(operation, wireLockSuccessSchema, answer.body);
      } else {
        const partial = http.parseBody(operation, wireLockPartialSchema, answer.body);
        const fallback = partial.message || 'The CRM did not lock this visit.';
        for (const id of partial.alayacare_visit_ids ?? []) refusals.set(String(id), fallback);
        for (const entry of partial.errors ?? [])
          refusals.set(String(entry.alayacare_visit_id), entry.message);
      }
    }
    return ids.map((id) => {
      const message = refusals.get(id);
      return { visitSourceId: id, isLocked: message === undefined, message: message ?? '' };
    });
  }

  async function setVisitPremiums(visitSourceId: string, premiums: VisitPremium[]) {
    const operation = `set the premiums of visit ${visitSourceId}`;
    if (!isAlayaCareId(visitSourceId)) throw createSourceError(operation, 'it is not an AlayaCare visit id');
    const wanted = new Map<string, number>();
    for (const { premiumId, quantity } of premiums) {
      if (!isAlayaCareId(premiumId))
        throw createSourceError(operation, `${premiumId} is not an AlayaCare premium id`);
      wanted.set(premiumId, (wanted.get(premiumId) ?? 0) + Math.max(0, quantity));
    }
    const path = `${accounting}/visits/${visitSourceId}/premiums`;
    const existing = await http.readAllPages({ operation, method: 'GET', path }, wireVisitPremiumSchema);
    // Writes go one by one and are never retried: a failure stops here and names the visit.
    for (const [premiumId, quantity] of wanted) {
      const [first, ...duplicates] = existing.filter(
        (entry) => String(entry.premium.premium_id) === premiumId,
      );
      const removals = quantity === 0 ? [first, ...duplicates] : duplicates;
      for (const entry of removals) {
        if (entry)
          await http.send({ operation, method: 'DELETE', path: `${path}/${entry.visit_premium_id}` });
      }
      if (quantity === 0) continue;
      if (!first) {
        const created = await http.send({
          operation,
          method: 'POST',
          path,
          body: { premium_id: Number(premiumId), quantity },
        });
        http.parseBody(operation, wireVisitPremiumSchema, created.body);
      } else if (first.quantity !== quantity) {
        const updated = await http.send({
          operation,
          method: 'PUT',
          path: `${path}/${first.visit_premium_id}`,
          body: { quantity },
        });
        http.parseBody(operation, wireVisitPremiumSchema, updated.body);
      }
    }
  }

  async function addVisitNote(visitSourceId: string, text: string) {
    const operation = `add a note to visit ${visitSourceId}`;
    if (!isAlayaCareId(visitSourceId)) throw createSourceError(operation, 'it is not an AlayaCare visit id');
    const answer = await http.send({
      operation,
      method: 'POST',
      path: `${scheduler}/visits/${visitSourceId}/notes`,
      body: { text },
    });
    // 201 counts only when its body is the visit: anything else leaves the outcome unknown.
    const visit = http.parseBody(operation, wireVisitSchema, answer.body);
    if (String(visit.alayacare_visit_id) !== visitSourceId)
      throw createSourceError(operation, 'its answer was another visit');
  }

  async function listVisitNotes(visitSourceId: string): Promise<string[] | null> {
    const operation = `read the notes of visit ${visitSourceId}`;
    if (!isAlayaCareId(visitSourceId)) throw createSourceError(operation, 'it is not an AlayaCare visit id');
    try {
      const visit = await http.read(
        { operation, method: 'GET', path: `${scheduler}/visits/${visitSourceId}` },
        wireVisitNotesSchema,
      );
      return (visit.notes ?? []).map((note) => note.text);
    } catch (error) {
      if (error instanceof SourceRefusal && error.sourceStatus === 404) return null;
      throw error;
    }
  }

  return {
    listClientsByTag,
    listClientTags: () => listNames('list client tags', `${patients}/clients/tags`),
    listVisitTags: () => listNames('list visit tags', `${scheduler}/visits/tags`),
    listServiceCodes: async () =>
      (
        await http.readAllPages(
          { operation: 'list service codes', method: 'GET', path: `${scheduler}/service_codes` },
          wireServiceCodeSchema,
        )
      ).map((code) => ({ id: String(code.id), name: code.name })),
    listPremiums: async () =>
      (
        await http.readAllPages(
          { operation: 'list premiums', method: 'GET', path: `${accounting}/premiums` },
          wirePremiumSchema,
        )
      ).map(mapPremium),
    listVisits,
    getVisit,
    updateVisitTimes,
    lockVisits,
    setVisitPremiums,
    addVisitNote,
    listVisitNotes,
    ...createCancelOperations(http),
    ...createContactOperations(http),
  };
}
