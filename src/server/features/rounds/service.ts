import type { RoundClient } from '../../../contracts/rounds';
import { notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AccountsService } from '../accounts/service';
import type { ClientsService } from '../clients/service';
import { sortByPreferredOrder } from './route-order';
import { formatStopAddress } from '../../../domain/client-address';

export function createRoundsService(deps: {
  accounts: Pick<AccountsService, 'getAccountById' | 'deleteRound'>;
  clients: Pick<ClientsService, 'listClientsOfRound'>;
}) {
  return {
    /** The round's visible clients in the account's preferred delivery order, the others after them by name. */
    async listRoundClients(session: Session, roundId: number): Promise<RoundClient[]> {
      const account = await deps.accounts.getAccountById(session.accountId);
      const round = account.rounds.find((candidate) => candidate.id === roundId);
      if (!round) throw notFound('Round');
      const rows = await deps.clients.listClientsOfRound(session.accountId, roundId);
      const byName = rows
        .map((row) => ({ key: row.sourceId, name: row.name, address: formatStopAddress(row) }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
      const ordered = sortByPreferredOrder(
        byName.map((client) => ({ ...client, client: { key: client.key } })),
        account.preferred_delivery_order[round.name] ?? [],
      );
      return ordered.map(({ key, name, address }) => ({ key, name, address }));
    },

    deleteRound(session: Session, roundId: number): Promise<void> {
      return deps.accounts.deleteRound(session, roundId);
    },
  };
}
export type RoundsService = ReturnType<typeof createRoundsService>;
