import { keepsClientsLocally } from '../../../contracts/accounts';
import type { CancelCode, Premium, ServiceCode, Tag } from '../../../contracts/source';
import { ErrorCode } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';
import type { Session } from '../../http/session';
import type { SourceConnection, SourceSystem } from '../../integrations/source-system';
import type { AccountsService, SourceSetup } from '../accounts/service';

export type CreateSourceSystem = (connection: SourceConnection) => SourceSystem;

const notSetUpMessage =
  'The CRM is not set up: enter its web address, username and password in Settings > CMS Integration.';

/**
 * Opens the account's source: its CRM through the adapter, or for an account without one (source_system 'none')
 * the local source MealRounds keeps itself. The one place that decides which (ADR 0046).
 */
export function createSourceService(deps: {
  accounts: Pick<AccountsService, 'getSourceSetup'>;
  createSourceSystem: CreateSourceSystem;
  /** The local source of an account without a CRM (no web address needed). */
  openLocalSource: (accountId: number) => SourceSystem;
}) {
  async function openSource(accountId: number): Promise<{ source: SourceSystem; setup: SourceSetup }> {
    const setup = await deps.accounts.getSourceSetup(accountId);
    if (keepsClientsLocally(setup.sourceSystem)) return { source: deps.openLocalSource(accountId), setup };
    const { baseUrl, username } = setup.connection;
    if (!setup.sourceSystem || !baseUrl || !username)
      throw new ApiError(ErrorCode.sourceSystem, notSetUpMessage);
    return { source: deps.createSourceSystem(setup.connection), setup };
  }

  const toTags = (names: string[]): Tag[] => names.map((name) => ({ name }));

  return {
    openSource,

    async listClientTags(session: Session): Promise<Tag[]> {
      const { source } = await openSource(session.accountId);
      return toTags(await source.listClientTags());
    },

    async listVisitTags(session: Session): Promise<Tag[]> {
      const { source } = await openSource(session.accountId);
      return toTags(await source.listVisitTags());
    },

    async listServiceCodes(session: Session): Promise<ServiceCode[]> {
      const { source } = await openSource(session.accountId);
      return source.listServiceCodes();
    },

    async listCancelCodes(session: Session): Promise<CancelCode[]> {
      const { source } = await openSource(session.accountId);
      return source.listCancelCodes();
    },

    async listPremiums(session: Session): Promise<Premium[]> {
      const { source } = await openSource(session.accountId);
      return source.listPremiums();
    },
  };
}
export type SourceService = ReturnType<typeof createSourceService>;
