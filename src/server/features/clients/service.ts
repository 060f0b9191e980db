import type { Client, ClientListQuery } from '../../../contracts/clients';
import type { ListMeta } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';
import type { Session } from '../../http/session';
import type { ClientFilters, ClientRow, ClientsRepository } from './repository';
import type { ClientSync } from './sync';

/** How long a list call waits for the CRM sync before answering with what is stored. */
export const syncWaitMs = 8_000;

export function toClient(row: ClientRow): Client {
  return {
    client_id: row.id,
    key: row.sourceId,
    name: row.name,
    url: row.url,
    external_id: row.externalId,
    external_status: row.externalStatus,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    round: row.roundName ?? '',
    round_id: row.roundId,
    labels: row.labels,
    dietary_requirements: row.dietaryRequirements,
    plan: row.plan,
    plan_dow: row.planDow,
    delivery_instructions: row.deliveryInstructions,
  };
}

/** Runs the sync but never longer than the bounded wait; answers a message when it failed or is still running. */
async function syncWithinWait(sync: ClientSync, accountId: number, waitMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          'The CRM sync is taking longer than usual; the list shows what is stored and will update shortly.',
        ),
      waitMs,
    );
  });
  const syncing = sync.syncClients(accountId).then(
    () => '',
    (error: unknown) => (error instanceof ApiError ? error.message : 'The CRM sync failed.'),
  );
  try {
    return await Promise.race([syncing, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createClientsService(deps: {
  repository: ClientsRepository;
  sync: ClientSync;
  syncWaitMs?: number;
}) {
  return {
    /** Every visible client (for the meals sync). */
    listVisibleClients(accountId: number) {
      return deps.repository.listVisibleClients(accountId);
    },

    /** The visible clients on a round (for the round's visits). */
    listClientsOfRound(accountId: number, roundId: number) {
      return deps.repository.listClientsOfRound(accountId, roundId);
    },

    async listClients(
      session: Session,
      query: ClientListQuery,
    ): Promise<{ data: Client[]; meta: ListMeta & { message: string } }> {
      const message = query.sync
        ? await syncWithinWait(deps.sync, session.accountId, deps.syncWaitMs ?? syncWaitMs)
        : '';
      const filters: ClientFilters = {
        accountId: session.accountId,
        nameContains: query.filter,
        round:
          query.filter_round === 'all' || query.filter_round === 'none'
            ? query.filter_round
            : Number(query.filter_round),
      };
      const total = await deps.repository.countClients(filters);
      const pageMax = Math.max(1, Math.ceil(total / query.page_size));
      const rows = await deps.repository.listClients(filters, {
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return {
        data: rows.map(toClient),
        meta: {
          message,
          record_total: total,
          record_count: rows.length,
          page: query.page,
          page_max: pageMax,
        },
      };
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
