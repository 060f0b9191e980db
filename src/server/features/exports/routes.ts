import { dexExportBodySchema, dexExportSchema, dexSettingsSchema } from '../../../contracts/funding';
import type { RegisterRoute } from '../../http/route';
import type { ExportsService } from './service';

export function registerExportsRoutes(route: RegisterRoute, exportsService: ExportsService) {
  route({
    method: 'POST',
    url: '/api/exports/dex',
    access: 'user',
    body: dexExportBodySchema,
    summary:
      "A month's Data Exchange bulk XML, checked against the DEX schema; clients left out are warned of",
    response: dexExportSchema,
    handler: async ({ session, body }) => ({ data: await exportsService.exportDex(session, body) }),
  });
  route({
    method: 'GET',
    url: '/api/exports/dex/settings',
    access: 'user',
    summary: "The DEX ids of the account's last export",
    response: dexSettingsSchema,
    handler: async ({ session }) => ({ data: await exportsService.getSettings(session.accountId) }),
  });
}
