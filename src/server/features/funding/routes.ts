import { idParamsSchema } from '../../../contracts/common';
import {
  fundingCodeListBodySchema,
  fundingCodeListParamsSchema,
  fundingCodesSchema,
  fundingProfileBodySchema,
  fundingProfileSchema,
} from '../../../contracts/funding';
import type { RegisterRoute } from '../../http/route';
import type { FundingService } from './service';

export function registerFundingRoutes(route: RegisterRoute, funding: FundingService) {
  route({
    method: 'GET',
    url: '/api/clients/:id/funding',
    access: 'user',
    params: idParamsSchema,
    summary: "The client's funder profile and SLK-581",
    response: fundingProfileSchema,
    handler: async ({ session, params }) => ({ data: await funding.getProfile(session, params.id) }),
  });
  route({
    method: 'PUT',
    url: '/api/clients/:id/funding',
    access: 'user',
    params: idParamsSchema,
    body: fundingProfileBodySchema,
    summary: "Saves the client's funder profile (codes from the funding code lists)",
    response: fundingProfileSchema,
    handler: async ({ session, params, body }) => ({
      data: await funding.saveProfile(session, params.id, body),
      meta: { message: 'Funding details saved.' },
    }),
  });
  route({
    method: 'GET',
    url: '/api/funding/codes',
    access: 'user',
    summary: 'The Data Exchange code lists of the funder profile',
    response: fundingCodesSchema,
    handler: async ({ session }) => ({ data: await funding.listCodes(session.accountId) }),
  });
  route({
    method: 'PUT',
    url: '/api/funding/codes/:list',
    access: 'admin',
    params: fundingCodeListParamsSchema,
    body: fundingCodeListBodySchema,
    summary: "Replaces one of the account's code lists (DEX revises them)",
    response: fundingCodesSchema,
    handler: async ({ session, params, body }) => ({
      data: await funding.replaceCodeList(session, params.list, body),
      meta: { message: 'Code list saved.' },
    }),
  });
}
