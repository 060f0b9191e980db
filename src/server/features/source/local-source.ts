import { clientHoldCancelCode, notInPlanCancelCode } from '../../../domain/plan-visit-changes';
import { formatZonedIso } from '../../../domain/zoned-time';
import {
  SourceRefusal,
  type SourceCancelCode,
  type SourceClient,
  type SourceClientStatus,
  type SourceSystem,
  type SourceVisit,
} from '../../integrations/source-system';
import {
  parseLocalVisitSourceId,
  toLocalVisitSourceId,
  type LocalVisitRow,
  type LocalVisitsRepository,
} from './local-visits-repository';
import { clientStatuses } from '../../../domain/client-identity';

/*
 * The source of an account without a CRM (source_system 'none', ADR 0046): the same SourceSystem the AlayaCare
 * adapter is, answered from MealRounds' own tables. Clients are the account's clients; visits are local_visits,
 * made by the visit planner from the plans. Every write is applied at once in the database and answered as a CRM
 * answers it, so the outbox confirms it on its first send and every path downstream (publish, complete, notes,
 * premiums, a hold's cancel) runs as with a CRM. There are no tags, service codes or premiums to choose; the cancel
 * codes are the two MealRounds itself puts on visits.
 */

const knownStatuses: readonly SourceClientStatus[] = clientStatuses;

const cancelCodes: SourceCancelCode[] = [{ ...clientHoldCancelCode }, { ...notInPlanCancelCode }];

function toSourceVisit(row: LocalVisitRow): SourceVisit {
  return {
    sourceId: toLocalVisitSourceId(row.id),
    clientSourceId: row.clientSourceId,
    start: formatZonedIso(row.startAt.getTime(), row.timezone),
    end: formatZonedIso(row.endAt.getTime(), row.timezone),
    status: row.status,
    serviceCodeId: '',
    tags: [],
    cancelReason: row.cancelReason,
  };
}

/** As AlayaCare answers a visit it does not have: refused, so the outbox does not send it again. */
function refuseUnknownVisit(operation: string): never {
  throw new SourceRefusal(`MealRounds could not ${operation}: it has no such visit.`, 404);
}

export function createLocalSource(deps: {
  repository: LocalVisitsRepository;
  accountId: number;
  now: () => Date;
}): SourceSystem {
  const { repository, accountId } = deps;

  async function findVisit(visitSourceId: string): Promise<LocalVisitRow | null> {
    const id = parseLocalVisitSourceId(visitSourceId);
    return id === null ? null : repository.findVisit(accountId, id);
  }

  async function requireVisit(visitSourceId: string, operation: string): Promise<LocalVisitRow> {
    return (await findVisit(visitSourceId)) ?? refuseUnknownVisit(operation);
  }

  return {
    async listClientsByTag(): Promise<SourceClient[]> {
      const rows = await repository.listVisibleClients(accountId);
      return rows.map((row) => ({
        sourceId: row.sourceId,
        externalId: row.externalId,
        name: row.name,
        url: row.url,
        status: knownStatuses.find((status) => status === row.externalStatus) ?? 'other',
        phone: row.phone,
        address: row.address,
        city: row.city,
        state: row.state,
        zip: row.zip,
        latitude: row.latitude,
        longitude: row.longitude,
        tags: [],
      }));
    },
    // A client's contacts are kept in MealRounds as local contacts: there are none "from the CRM".
    listClientContacts: () => Promise.resolve([]),
    listClientTags: () => Promise.resolve([]),
    listVisitTags: () => Promise.resolve([]),
    listServiceCodes: () => Promise.resolve([]),
    listPremiums: () => Promise.resolve([]),
    listCancelCodes: () => Promise.resolve(cancelCodes.map((code) => ({ ...code }))),

    async listVisits(query) {
      return (await repository.listVisits(accountId, query)).map(toSourceVisit);
    },

    async getVisit(visitSourceId) {
      const row = await findVisit(visitSourceId);
      return row && toSourceVisit(row);
    },

    async updateVisitTimes(visitSourceId, times) {
      const row = await requireVisit(visitSourceId, 'change the visit times');
      const changed = { startAt: new Date(times.start), endAt: new Date(times.end) };
      await repository.updateTimes(accountId, row.id, changed, deps.now());
    },

    async lockVisits(visitSourceIds) {
      const ids = new Map(visitSourceIds.map((sourceId) => [sourceId, parseLocalVisitSourceId(sourceId)]));
      const known = [...ids.values()].filter((id): id is number => id !== null);
      const locked = new Set(await repository.lockVisits(accountId, known, deps.now()));
      return visitSourceIds.map((visitSourceId) => {
        const id = ids.get(visitSourceId);
        const isLocked = id !== null && id !== undefined && locked.has(id);
        return {
          visitSourceId,
          isLocked,
          message: isLocked ? '' : 'The visit is cancelled or unknown and cannot be completed.',
        };
      });
    },

    async setVisitPremiums(visitSourceId, premiums) {
      const row = await requireVisit(visitSourceId, 'set the visit premiums');
      const sums = new Map(Object.entries(row.premiums));
      const listed = new Set<string>();
      for (const premium of premiums) {
        // The same premium twice adds up; a premium listed replaces what the visit had of it.
        const before = listed.has(premium.premiumId) ? (sums.get(premium.premiumId) ?? 0) : 0;
        listed.add(premium.premiumId);
        sums.set(premium.premiumId, before + premium.quantity);
      }
      const next = Object.fromEntries([...sums].filter(([, quantity]) => quantity > 0));
      await repository.setPremiums(accountId, row.id, next, deps.now());
    },

    async addVisitNote(visitSourceId, text) {
      const row = await requireVisit(visitSourceId, 'add the visit note');
      await repository.addNote(accountId, row.id, text, deps.now());
    },

    async listVisitNotes(visitSourceId) {
      return (await findVisit(visitSourceId))?.notes ?? null;
    },

    async setVisitCancelled(visitSourceId, change) {
      const row = await requireVisit(visitSourceId, 'change the visit');
      if (row.isLocked) {
        throw new SourceRefusal('MealRounds could not change the visit: it is completed.', 409);
      }
      const code = cancelCodes.find((candidate) => candidate.id === change.cancelCodeId);
      await repository.setCancelled(
        accountId,
        row.id,
        { ...change, cancelReason: code?.description ?? change.cancelCodeId ?? '' },
        deps.now(),
      );
    },
  };
}
