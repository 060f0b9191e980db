import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimulatorState } from './state';
import {
  paginate,
  parseBody,
  parseId,
  readList,
  readSingle,
  toWirePremium,
  toWireVisitPremium,
  type Query,
} from './wire-format';

/** accounting-openapi.yml (base path /ext/api/v2/accounting): premiums and the premiums of a visit. */

const basePath = '/ext/api/v2/accounting';
// The accounting document pages by 10 unless asked otherwise.
const accountingPageSize = 10;

const visitPremiumCreateSchema = z.object({
  premium_id: z.number().int().min(1),
  quantity: z.number().min(0),
  description: z.string().optional(),
  override_locked_visit: z.boolean().optional(),
});
const visitPremiumUpdateSchema = z.object({
  premium_id: z.number().int().min(1).optional(),
  quantity: z.number().min(0).optional(),
  description: z.string().optional(),
});

type VisitParams = { visit_id: string };
type VisitPremiumParams = VisitParams & { visit_premium_id: string };

export function registerAccountingRoutes(app: FastifyInstance, state: SimulatorState): void {
  const visitIdOf = (params: VisitParams) => parseId(params.visit_id, 'Visit not found');
  const visitPremiumIdOf = (params: VisitPremiumParams) =>
    parseId(params.visit_premium_id, 'Visit premium not found');

  app.get(`${basePath}/premiums`, async (request) => {
    const query = request.query as Query;
    const name = readSingle(query.name)?.toLowerCase();
    const excluded = new Set((readList(query.excluded_ids) ?? []).map(Number));
    const premiums = state.premiums.filter(
      (premium) => (!name || premium.code.toLowerCase().includes(name)) && !excluded.has(premium.id),
    );
    const ordered = readSingle(query.order) === 'desc' ? [...premiums].reverse() : premiums;
    return paginate(ordered, query, toWirePremium, accountingPageSize);
  });

  app.get<{ Params: VisitParams }>(`${basePath}/visits/:visit_id/premiums`, async (request) =>
    paginate(
      state.listVisitPremiums(visitIdOf(request.params)),
      request.query as Query,
      toWireVisitPremium,
      accountingPageSize,
    ),
  );

  app.post<{ Params: VisitParams }>(`${basePath}/visits/:visit_id/premiums`, async (request, reply) => {
    const visitId = visitIdOf(request.params);
    const body = parseBody(visitPremiumCreateSchema, request.body);
    const created = state.addVisitPremium(visitId, {
      premiumId: body.premium_id,
      quantity: body.quantity,
      description: body.description ?? '',
    });
    return reply.code(201).send(toWireVisitPremium(created));
  });

  const singlePath = `${basePath}/visits/:visit_id/premiums/:visit_premium_id`;

  app.get<{ Params: VisitPremiumParams }>(singlePath, async (request) =>
    toWireVisitPremium(state.getVisitPremium(visitIdOf(request.params), visitPremiumIdOf(request.params))),
  );

  app.put<{ Params: VisitPremiumParams }>(singlePath, async (request) => {
    const [visitId, visitPremiumId] = [visitIdOf(request.params), visitPremiumIdOf(request.params)];
    const body = parseBody(visitPremiumUpdateSchema, request.body);
    const updated = state.updateVisitPremium(visitId, visitPremiumId, {
      premiumId: body.premium_id,
      quantity: body.quantity,
      description: body.description,
    });
    return toWireVisitPremium(updated);
  });

  app.delete<{ Params: VisitPremiumParams }>(singlePath, async (request, reply) => {
    state.deleteVisitPremium(visitIdOf(request.params), visitPremiumIdOf(request.params));
    return reply.code(204).send();
  });
}
