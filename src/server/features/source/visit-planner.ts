import { keepsClientsLocally, type Account } from '../../../contracts/accounts';
import {
  findPlanVisitChanges,
  hasNoPlanVisitChanges,
  notInPlanCancelCode,
  type KeptVisit,
  type VisitTimes,
} from '../../../domain/plan-visit-changes';
import { getHorizonEnd, planVisits, type PlanRound } from '../../../domain/plan-visits';
import { getAccountToday } from '../../../domain/today';
import { formatZonedIso } from '../../../domain/zoned-time';
import type { AccountsService } from '../accounts/service';
import type { LocalVisitsRepository } from './local-visits-repository';

/** Stores the source's visits of these clients in the product's copy (the visits feature's refresh). */
export type StoreClientVisits = (
  accountId: number,
  scope: { clients: { id: number; sourceId: string }[]; fromDate: string; toDate: string; timezone: string },
) => Promise<void>;

type KeptRow = Awaited<ReturnType<LocalVisitsRepository['listKeptVisits']>>[number];

/** One client's changed visits in one timezone: the range the product's copy is refreshed over. */
type Touched = { clients: Map<number, string>; fromDate: string; toDate: string };

function toPlanRounds(account: Account): PlanRound[] {
  return account.rounds.map((round) => ({
    id: round.id,
    pickupTime: round.pickup_time,
    timezone: round.timezone,
    preferredKeys: account.preferred_delivery_order[round.name] ?? [],
  }));
}

function toKeptVisit(row: KeptRow): KeptVisit {
  return {
    id: row.id,
    clientKey: row.clientSourceId,
    roundId: row.roundId,
    date: row.date,
    start: formatZonedIso(row.startAt.getTime(), row.timezone),
    end: formatZonedIso(row.endAt.getTime(), row.timezone),
    status: row.status,
    cancelCodeId: row.cancelCodeId,
    isPlannedTime: row.isPlannedTime,
    isSettled: row.isLocked || row.status === 'completed' || row.hasOutcome,
  };
}

/**
 * Makes the visits of accounts without a CRM from the clients' plans (docs/product-rules.md, "Visits without a
 * CRM"): writes the local source's visits, then refreshes the product's copy of the visits that changed, so the
 * rounds screen shows them at once and the holds reconcile them as after any sync. Runs after a client's plan,
 * round or status changes, after the account's rounds, preferred order, horizon or source system change, and
 * daily (jobs/visit-horizon.ts) to move the horizon on. One run per account at a time in the process; two
 * servers at once write the same visits (a day's visit is unique per client).
 */
export function createVisitPlanner(deps: {
  repository: LocalVisitsRepository;
  accounts: Pick<AccountsService, 'getAccountById'>;
  storeClientVisits: StoreClientVisits;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
}) {
  const { repository } = deps;
  const running = new Map<number, Promise<void>>();

  function touch(
    touched: Map<string, Touched>,
    visit: { clientId: number; clientSourceId: string; date: string; timezone: string },
  ) {
    const entry = touched.get(visit.timezone) ?? {
      clients: new Map(),
      fromDate: visit.date,
      toDate: visit.date,
    };
    entry.clients.set(visit.clientId, visit.clientSourceId);
    if (visit.date < entry.fromDate) entry.fromDate = visit.date;
    if (visit.date > entry.toDate) entry.toDate = visit.date;
    touched.set(visit.timezone, entry);
  }

  async function planAccount(accountId: number): Promise<void> {
    const account = await deps.accounts.getAccountById(accountId);
    if (!keepsClientsLocally(account.source_system)) return;
    const today = getAccountToday(account.rounds, deps.now().getTime());
    const [clientRows, keptRows] = await Promise.all([
      repository.listPlanClients(accountId),
      repository.listKeptVisits(accountId, today),
    ]);
    const planned = planVisits({
      clients: clientRows.map((row) => ({
        key: row.sourceId,
        name: row.name,
        planDow: row.planDow,
        roundId: row.roundId,
        isDischarged: row.isHidden || row.externalStatus === 'discharged',
      })),
      rounds: toPlanRounds(account),
      fromDate: today,
      toDate: getHorizonEnd(today, account.visit_horizon_weeks),
    });
    const changes = findPlanVisitChanges({ planned, kept: keptRows.map(toKeptVisit), today });
    if (hasNoPlanVisitChanges(changes)) return;

    const clientByKey = new Map(clientRows.map((row) => [row.sourceId, row.id]));
    const timezoneOf = new Map(account.rounds.map((round) => [round.id, round.timezone]));
    const keptById = new Map(keptRows.map((row) => [row.id, row]));
    const touched = new Map<string, Touched>();
    const create = changes.create.flatMap((visit) => {
      const clientId = clientByKey.get(visit.clientKey);
      const timezone = timezoneOf.get(visit.roundId);
      if (clientId === undefined || timezone === undefined) return [];
      touch(touched, { clientId, clientSourceId: visit.clientKey, date: visit.date, timezone });
      return [
        {
          clientId,
          roundId: visit.roundId,
          date: visit.date,
          startAt: new Date(visit.start),
          endAt: new Date(visit.end),
          timezone,
        },
      ];
    });
    const toTimes = (visit: VisitTimes) => ({
      id: visit.id,
      roundId: visit.roundId,
      startAt: new Date(visit.start),
      endAt: new Date(visit.end),
    });
    for (const id of [...changes.retime, ...changes.restore]
      .map((visit) => visit.id)
      .concat(changes.cancel)) {
      const kept = keptById.get(id);
      if (kept) touch(touched, kept);
    }
    await repository.applyPlanWrites(
      accountId,
      {
        create,
        retime: changes.retime.map(toTimes),
        restore: changes.restore.map(toTimes),
        cancel: {
          ids: changes.cancel,
          cancelCodeId: notInPlanCancelCode.id,
          cancelReason: notInPlanCancelCode.description,
        },
      },
      deps.now(),
    );
    for (const [timezone, entry] of touched) {
      await deps.storeClientVisits(accountId, {
        clients: [...entry.clients].map(([id, sourceId]) => ({ id, sourceId })),
        fromDate: entry.fromDate,
        toDate: entry.toDate,
        timezone,
      });
    }
  }

  /**
   * Re-plans the account's visits from today to the end of its horizon (all its rounds: a client's slot depends
   * on its round-mates); does nothing for an account with a CRM. Runs after the one under way in this process.
   */
  function regenerateVisits(accountId: number): Promise<void> {
    const previous = running.get(accountId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => planAccount(accountId));
    running.set(accountId, next);
    return next.finally(() => {
      if (running.get(accountId) === next) running.delete(accountId);
    });
  }

  return {
    regenerateVisits,

    /** The daily run: every account without a CRM, its horizon moved on to the new day; one failing is logged. */
    async extendHorizons(): Promise<void> {
      for (const accountId of await repository.listLocalAccountIds()) {
        try {
          await regenerateVisits(accountId);
        } catch (error) {
          deps.log.error({ err: error, accountId }, 'Making the visits of an account without a CRM failed.');
        }
      }
    },

    /** Resolves once no planning runs in this process (the app waits for it before closing the database). */
    async whenIdle(): Promise<void> {
      await Promise.allSettled([...running.values()]);
    },
  };
}
export type VisitPlanner = ReturnType<typeof createVisitPlanner>;
