import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addDays, isIsoDate, parseIsoDateTime, toInstantMs } from '../../../../domain/zoned-time';
import { SimulatorError, type SimulatorState, type VisitFilter } from './state';
import {
  paginate,
  parseBody,
  parseId,
  readList,
  readSingle,
  toWireCancelCode,
  toWireServiceCode,
  toWireVisit,
  toWireVisitDetails,
  type Query,
} from './wire-format';

/** scheduler-openapi.yml (base path /ext/api/v2/scheduler): visits, visit tags, locking and service codes. */

const basePath = '/ext/api/v2/scheduler';
const weekMs = 7 * 24 * 60 * 60 * 1000;

const visitNoteCreateSchema = z.looseObject({ text: z.string() });
const visitUpdateSchema = z.looseObject({
  start_at: z.string().optional(),
  end_at: z.string().optional(),
  cancelled: z.boolean().optional(),
  cancel_code_id: z.number().int().nullable().optional(),
});
const visitIdListSchema = z.object({
  alayacare_visit_ids: z.array(z.number().int()).optional(),
  visit_ids: z.array(z.string()).optional(),
});

/**
 * A date-time filter by any of its documented names. A date alone means the start (or end) of that Sydney day;
 * a '+' sent unencoded arrives as a space and is put back.
 */
function readInstant(query: Query, names: string[], edge: 'start' | 'end', timeZone: string): number | null {
  const name = names.find((candidate) => readSingle(query[candidate]) !== undefined);
  const raw = name ? readSingle(query[name])?.trim() : undefined;
  if (!name || !raw) return null;
  if (isIsoDate(raw)) {
    return edge === 'start'
      ? toInstantMs(raw, '00:00', timeZone)
      : toInstantMs(addDays(raw, 1), '00:00', timeZone) - 1;
  }
  const instant = parseIsoDateTime(raw.replace(/ (\d{2}:\d{2})$/, '+$1'));
  if (instant === null)
    throw new SimulatorError(400, `${name} must be an ISO 8601 date-time with a time zone.`);
  return instant;
}

function readVisitFilter(query: Query, state: SimulatorState): VisitFilter {
  if (query.client_id !== undefined && query.alayacare_client_id !== undefined) {
    throw new SimulatorError(400, 'client_id and alayacare_client_id are mutually exclusive');
  }
  const clientIds = readList(query.alayacare_client_id);
  if (clientIds?.some((id) => !/^\d+$/.test(id))) {
    throw new SimulatorError(400, 'alayacare_client_id must be AlayaCare client ids.');
  }
  // As documented: from defaults to now, to defaults to a week from now.
  const fromMs =
    readInstant(query, ['start_date_from', 'start_at', 'start_date'], 'start', state.timeZone) ??
    state.now().getTime();
  const toMs =
    readInstant(query, ['start_date_to', 'end_at', 'end_date'], 'end', state.timeZone) ??
    state.now().getTime() + weekMs;
  return {
    fromMs,
    toMs,
    clientIds: clientIds?.map(Number) ?? null,
    externalClientIds: readList(query.client_id),
    tags: readList(query.tags)?.map((tag) => tag.toLowerCase()) ?? null,
    statuses: readList(query.status),
  };
}

export function registerSchedulerRoutes(app: FastifyInstance, state: SimulatorState): void {
  const wireVisitOf = (visitId: number) => {
    const visit = state.getVisit(visitId);
    if (!visit) throw new SimulatorError(404, 'Visit not found');
    return visit;
  };

  app.get(`${basePath}/visits`, async (request) => {
    const query = request.query as Query;
    const visits = state.findVisits(readVisitFilter(query, state));
    return paginate(visits, query, (visit) =>
      toWireVisit(visit, state.getClient(visit.clientId), state.listVisitNotes(visit.id)),
    );
  });

  app.get(`${basePath}/visits/tags`, async (request) =>
    paginate(state.visitTags, request.query as Query, String),
  );

  app.put(`${basePath}/visits/lock`, async (request, reply) => {
    const body = parseBody(visitIdListSchema, request.body);
    const ids = body.alayacare_visit_ids ?? [];
    const externalIds = body.visit_ids ?? [];
    if (ids.length === 0 && externalIds.length === 0) {
      throw new SimulatorError(400, 'alayacare_visit_ids and/or visit_ids must be sent');
    }
    const refused = state.lockVisits(ids).filter((outcome) => !outcome.isLocked);
    // The seeded visits have no external ids, so a lock by external id finds nothing.
    if (refused.length === 0 && externalIds.length === 0) {
      return { code: 200, message: 'Visits successfully locked.' };
    }
    return reply.code(207).send({
      code: 207,
      message: 'Partial success when locking visits. Visits are not approved or could not be found',
      alayacare_visit_ids: refused.map((outcome) => outcome.visitId),
      visit_ids: externalIds,
      errors: refused.map((outcome) => ({ alayacare_visit_id: outcome.visitId, message: outcome.message })),
    });
  });

  app.get<{ Params: { alayacare_visit_id: string } }>(
    `${basePath}/visits/:alayacare_visit_id`,
    async (request) => {
      const visit = wireVisitOf(parseId(request.params.alayacare_visit_id, 'Visit not found'));
      return toWireVisitDetails(visit, state.getClient(visit.clientId), state.listVisitNotes(visit.id));
    },
  );

  app.post<{ Params: { alayacare_visit_id: string } }>(
    `${basePath}/visits/:alayacare_visit_id/notes`,
    async (request, reply) => {
      const visit = wireVisitOf(parseId(request.params.alayacare_visit_id, 'Visit not found'));
      const body = parseBody(visitNoteCreateSchema, request.body);
      const updated = state.addVisitNote(visit.id, body.text);
      return reply
        .code(201)
        .send(toWireVisit(updated, state.getClient(updated.clientId), state.listVisitNotes(updated.id)));
    },
  );

  app.put<{ Params: { alayacare_visit_id: string } }>(
    `${basePath}/visits/:alayacare_visit_id`,
    async (request) => {
      const visit = wireVisitOf(parseId(request.params.alayacare_visit_id, 'Visit not found'));
      const body = parseBody(visitUpdateSchema, request.body);
      if (body.cancelled !== undefined) {
        state.setVisitCancelled(visit.id, body.cancelled, body.cancel_code_id ?? null);
      }
      const startMs = body.start_at === undefined ? visit.startMs : parseIsoDateTime(body.start_at);
      const endMs = body.end_at === undefined ? visit.endMs : parseIsoDateTime(body.end_at);
      if (startMs === null)
        throw new SimulatorError(400, 'start_at must be an ISO 8601 date-time with a time zone.');
      if (endMs === null)
        throw new SimulatorError(400, 'end_at must be an ISO 8601 date-time with a time zone.');
      const updated = state.updateVisitTimes(visit.id, startMs, endMs);
      return toWireVisit(updated, state.getClient(updated.clientId), state.listVisitNotes(updated.id));
    },
  );

  app.get(`${basePath}/cancelcodes`, async (request) =>
    paginate(state.cancelCodes, request.query as Query, toWireCancelCode),
  );

  app.get(`${basePath}/service_codes`, async (request) =>
    paginate(state.serviceCodes, request.query as Query, toWireServiceCode),
  );
}
