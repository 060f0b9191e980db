import type { Visit } from '../../../contracts/visits';
import { formatStopAddress } from '../../../domain/client-address';
import { toZonedParts } from '../../../domain/zoned-time';
import { ApiError, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AccountsService } from '../accounts/service';
import type { ClientsService } from '../clients/service';
import type { SourceService } from '../source/service';
import type { VisitsRepository, VisitWithClient } from './repository';
import { toVisitInputs } from './source-visits';

function toVisit(row: VisitWithClient): Visit {
  const start = toZonedParts(row.startAt, row.timezone);
  const end = toZonedParts(row.endAt, row.timezone);
  return {
    id: row.id,
    date: row.date,
    start: start.time,
    end: end.time,
    duration: Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000),
    address: formatStopAddress(row.client),
    status: row.status,
    timezone: row.timezone,
    client: { id: row.client.id, name: row.client.name, key: row.client.sourceId },
    service: { id: row.serviceCodeId },
  };
}

/** A round's visits of a day: read from the database, refreshed from the CRM. */
export function createRoundVisitsService(deps: {
  repository: VisitsRepository;
  accounts: Pick<AccountsService, 'getAccountById'>;
  clients: Pick<ClientsService, 'listClientsOfRound'>;
  source: Pick<SourceService, 'openSource'>;
  now: () => Date;
}) {
  const { repository } = deps;

  /** Fetches the round's visits of the day from the CRM and stores them; answers what failed, if anything. */
  async function syncRoundVisits(
    accountId: number,
    roundClients: { id: number; sourceId: string }[],
    date: string,
    timezone: string,
  ): Promise<string> {
    try {
      const { source, setup } = await deps.source.openSource(accountId);
      const sourceVisits = await source.listVisits({
        clientSourceIds: roundClients.map((client) => client.sourceId),
        fromDate: date,
        toDate: date,
        ...(setup.settings.visit_tag ? { tag: setup.settings.visit_tag } : {}),
      });
      const inputs = toVisitInputs(
        sourceVisits,
        new Map(roundClients.map((client) => [client.sourceId, client.id])),
        setup.settings.service_codes.map((code) => String(code.id)),
        timezone,
      );
      await repository.upsertFromSource(accountId, inputs, deps.now());
      return '';
    } catch (error) {
      if (error instanceof ApiError) return `${error.message} The visits shown are the ones stored.`;
      throw error;
    }
  }

  return {
    async getRoundVisits(
      session: Session,
      roundId: number,
      date: string,
    ): Promise<{ data: Visit[]; message: string }> {
      const account = await deps.accounts.getAccountById(session.accountId);
      const round = account.rounds.find((candidate) => candidate.id === roundId);
      if (!round) throw notFound('Round');
      const roundClients = await deps.clients.listClientsOfRound(session.accountId, roundId);
      const message = roundClients.length
        ? await syncRoundVisits(session.accountId, roundClients, date, round.timezone)
        : '';
      const rows = await repository.listForClientsOnDate(
        session.accountId,
        roundClients.map((client) => client.id),
        date,
      );
      return { data: rows.map(toVisit), message };
    },
  };
}
export type RoundVisitsService = ReturnType<typeof createRoundVisitsService>;
