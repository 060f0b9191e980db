import type { DexExport, DexExportBody, DexSettings } from '../../../contracts/funding';
import { ErrorCode } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';
import type { Session } from '../../http/session';
import type { CheckXmlSchema } from '../../integrations/dex/xml-schema-check';
import type { AuditService } from '../audit/service';
import type { MonthCloseService } from '../funding/month-close-service';
import type { FundingService } from '../funding/service';
import type { PrintService } from '../print/service';
import { planDexExport } from './dex-plan';
import { buildDexXml } from './dex-xml';
import type { ExportsRepository } from './repository';

/** How many of the checker's messages an error shows. */
const shownCheckMessages = 5;

/**
 * The Data Exchange bulk XML of a month. The file is checked against the DEX schema before it is offered: a file
 * that fails is never offered (a clear error instead), nor is one that could not be checked.
 */
export function createExportsService(deps: {
  repository: ExportsRepository;
  months: Pick<MonthCloseService, 'readMonth'>;
  funding: Pick<FundingService, 'listProfiles'>;
  files: Pick<PrintService, 'storeDownload'>;
  checkSchema: CheckXmlSchema;
  /** The schema file the check reads (integrations/dex/dex-schema.ts). */
  getSchemaPath: () => Promise<string>;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  async function checkFile(xml: string) {
    const check = await deps.checkSchema(xml, await deps.getSchemaPath());
    if (check.kind === 'unavailable') {
      throw new ApiError(
        ErrorCode.internal,
        'The DEX file cannot be checked: xmllint (Debian package libxml2-utils) is not installed on the server. Nothing was exported.',
        [],
        503,
      );
    }
    if (check.kind === 'invalid') {
      throw new ApiError(
        ErrorCode.internal,
        `The DEX file did not pass the schema check, so it is not offered: ${check.messages.slice(0, shownCheckMessages).join(' ')}`,
      );
    }
  }

  return {
    async getSettings(accountId: number): Promise<DexSettings> {
      const row = await repository.findSettings(accountId);
      return {
        outlet_activity_id: row?.outletActivityId ?? null,
        service_type_id: row?.serviceTypeId ?? null,
      };
    },

    async exportDex(session: Session, body: DexExportBody): Promise<DexExport> {
      const { accountId } = session;
      const month = await deps.months.readMonth(accountId, body.month);
      const clientIds = month.clients.map((client) => client.clientId);
      const [details, profiles] = await Promise.all([
        repository.listClientDetails(accountId, clientIds),
        deps.funding.listProfiles(accountId, clientIds),
      ]);
      const ids = { outletActivityId: body.outlet_activity_id, serviceTypeId: body.service_type_id };
      const { file, warnings } = planDexExport(
        month.clients,
        new Map(details.map((entry) => [entry.id, entry])),
        profiles,
        ids,
      );
      if (file.sessions.length === 0) {
        const left = warnings.length > 0 ? ' Complete the funding details of the clients left out.' : '';
        const errors = warnings.map((warning) => ({
          field: `clients.${String(warning.client_id)}.${warning.field}`,
          message: warning.message,
        }));
        throw new ApiError(
          ErrorCode.conflict,
          `Nothing to export for ${body.month}: no CHSP client with meals delivered.${left}`,
          errors,
        );
      }
      const xml = buildDexXml(file);
      await checkFile(xml);
      await repository.saveSettings(accountId, ids, deps.now());
      const link = await deps.files.storeDownload(
        session,
        `dex-${month.month.first.slice(0, 7)}.xml`,
        Buffer.from(xml, 'utf8'),
      );
      await deps.audit.record(session, {
        action: 'export.dex',
        targetType: 'month',
        targetId: body.month,
        detail: {
          clients: file.clients.length,
          sessions: file.sessions.length,
          left_out: new Set(warnings.map((warning) => warning.client_id)).size,
        },
      });
      return {
        url: link.url,
        clients: file.clients.length,
        cases: file.cases.length,
        sessions: file.sessions.length,
        warnings,
      };
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
