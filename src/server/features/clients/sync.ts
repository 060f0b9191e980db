import { keepsClientsLocally } from '../../../contracts/accounts';
import { ErrorCode } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';
import type { SourceSystem } from '../../integrations/source-system';
import type { FundingService } from '../funding/service';
import type { SourceService } from '../source/service';
import type { ClientsRepository } from './repository';

export type ClientSyncResult = { listed: number; written: number; hidden: number };

/** The contacts feature's sync, run after the clients' (its failures are its own: they never fail this sync). */
export type ContactsSyncer = {
  syncContacts(accountId: number, source: Pick<SourceSystem, 'listClientContacts'>): Promise<unknown>;
};

/**
 * Syncs an account's meal clients from the CRM: incremental upserts keyed by the CRM id (the unique key makes
 * concurrent syncs safe), then hides clients that lost the tag, then syncs the visible clients' contacts. A sync already running for the account is
 * joined rather than started again.
 */
export function createClientSync(deps: {
  repository: ClientsRepository;
  source: Pick<SourceService, 'openSource'>;
  contacts?: ContactsSyncer;
  /** Fills the funder profiles from what the CRM holds of each person. */
  funding: Pick<FundingService, 'fillFromSource'>;
  now: () => Date;
  log?: { warn(obj: object, msg: string): void };
}) {
  const running = new Map<number, Promise<ClientSyncResult>>();

  async function runSync(accountId: number): Promise<ClientSyncResult> {
    const { source, setup } = await deps.source.openSource(accountId);
    // Without a CRM the clients are kept here: there is nothing to sync from. The one place that says so: the
    // clients list's sync and the demo's first start both come through here.
    if (keepsClientsLocally(setup.sourceSystem)) return { listed: 0, written: 0, hidden: 0 };
    const tag = setup.settings.client_tag;
    if (!tag) {
      throw new ApiError(
        ErrorCode.sourceSystem,
        'The CRM sync needs a client tag: choose one in Settings > CMS Integration.',
      );
    }
    const sourceClients = await source.listClientsByTag(tag);
    const now = deps.now();
    const written = await deps.repository.upsertFromSource(accountId, sourceClients, now);
    await deps.funding.fillFromSource(accountId, sourceClients);
    const hidden = await deps.repository.hideClientsNotIn(
      accountId,
      sourceClients.map((client) => client.sourceId),
      now,
    );
    try {
      await deps.contacts?.syncContacts(accountId, source);
    } catch (error) {
      deps.log?.warn({ accountId, err: error }, 'Contact sync failed; the clients were synced');
    }
    return { listed: sourceClients.length, written, hidden };
  }

  return {
    syncClients(accountId: number): Promise<ClientSyncResult> {
      const current = running.get(accountId);
      if (current) return current;
      const started = runSync(accountId).finally(() => running.delete(accountId));
      running.set(accountId, started);
      return started;
    },
  };
}
export type ClientSync = ReturnType<typeof createClientSync>;
