import type { VisitDriverOutcome } from '../../../contracts/driver';
import type { Visit } from '../../../contracts/visits';
import { formatStopAddress } from '../../../domain/client-address';
import { toZonedParts } from '../../../domain/zoned-time';
import { ApiError, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AccountsService } from '../accounts/service';
import type { ClientsService } from '../clients/service';
import type { SourceService } from '../source/service';
import type { VisitInput, VisitsRepository, VisitWithClient } from './repository';
import type {
  RoundDay,
  RoundVisitRefresh,
  RoundVisitRefreshesRepository,
} from './round-visit-refreshes-repository';
import { toVisitInputs } from './source-visits';

/** A day's stored visits younger than this are shown without asking the CRM again. */
export const roundVisitsFreshMs = 2 * 60_000;
/** How long a call that asks for a refresh (or opens a day never fetched) waits for the CRM. */
export const roundVisitsWaitMs = 8_000;
/**
 * A refresh begun longer ago than this with no outcome recorded was cut short (its server stopped): the CRM
 * adapter gives up well before (three attempts of 10 s at most).
 */
const abandonedAfterMs = 60_000;

const storedNote = 'The visits shown are the ones stored.';
const slowMessage = `The CRM is taking longer than usual. ${storedNote} They will update shortly.`;

export type RoundVisitsAnswer = {
  data: Visit[];
  message: string;
  /** When the day was last fetched from the CRM (ISO), null if never. */
  refreshedAt: string | null;
  /** A refresh of the day is under way: asking again shortly may show newer visits. */
  isRefreshing: boolean;
};

export type RoundVisitsLog = { error(obj: object, msg: string): void };

/** The driver feature's current outcome of each visit (the driver app's last word at the door). */
export type LatestDriverOutcomes = (
  accountId: number,
  visitIds: number[],
) => Promise<Map<number, VisitDriverOutcome>>;

function toVisit(row: VisitWithClient, outcome: VisitDriverOutcome | null): Visit {
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
    outcome,
    location:
      row.client.latitude !== null && row.client.longitude !== null
        ? { lat: row.client.latitude, lng: row.client.longitude }
        : null,
  };
}

/** Deadlock or serialisation failure: the statement lost a race with another writer and may run again. */
function isLostRace(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as Error & { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** Attempts at storing a day's visits: a sync of many days (the meals sync) may lock the same rows. */
const storeAttempts = 3;

/** A client whose visits a round's refresh fetches. */
type RoundClient = { id: number; sourceId: string };

const toDayKey = (day: RoundDay) => `${String(day.accountId)}:${String(day.roundId)}:${day.date}`;

/** Answers the bounded wait's message: '' when the refresh worked, else why the stored visits are shown. */
async function waitAtMost(refresh: Promise<string>, waitMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(slowMessage), waitMs);
  });
  try {
    const outcome = refresh.then((error) => (error ? `${error} ${storedNote}` : ''));
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A round's visits of a day: answered from the database at once, and refreshed from the CRM in the background
 * when the stored copy is older than a short window. One refresh per day runs in the process (callers join it);
 * the refreshes table tells every server when a day was last fetched and lets one of them claim a stale day.
 */
export function createRoundVisitsService(deps: {
  repository: VisitsRepository;
  refreshes: RoundVisitRefreshesRepository;
  accounts: Pick<AccountsService, 'getAccountById'>;
  clients: Pick<ClientsService, 'listClientsOfRounds'>;
  source: Pick<SourceService, 'openSource'>;
  latestDriverOutcomes: LatestDriverOutcomes;
  /** After the CRM's visits are stored: client holds cancel or put back the visits they now cover or not. */
  onVisitsStored?: (accountId: number) => Promise<void>;
  now: () => Date;
  log: RoundVisitsLog;
}) {
  const { repository, refreshes } = deps;
  const running = new Map<string, Promise<string>>();

  /**
   * The clients whose visits a refresh of the rounds' day fetches: the rounds' own, and those the day planner moved
   * onto them from other rounds (each once). Listed only when a refresh starts (most calls answer from the
   * database alone).
   */
  async function listRoundsClients(
    accountId: number,
    roundIds: number[],
    date: string,
  ): Promise<RoundClient[]> {
    const [own, movedOnto] = await Promise.all([
      deps.clients.listClientsOfRounds(accountId, roundIds),
      repository.listClientsMovedOnto(accountId, roundIds, date),
    ]);
    const byId = new Map<number, RoundClient>();
    for (const client of [...own, ...movedOnto])
      byId.set(client.id, { id: client.id, sourceId: client.sourceId });
    return [...byId.values()];
  }

  /** Fetches the rounds' visits of the day from the CRM and stores them; answers what failed, if anything. */
  async function syncRoundsVisits(
    accountId: number,
    roundIds: number[],
    date: string,
    timezone: string,
  ): Promise<string> {
    const roundClients = await listRoundsClients(accountId, roundIds, date);
    if (roundClients.length === 0) return '';
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
      await storeVisits(accountId, inputs);
      await deps.onVisitsStored?.(accountId);
      return '';
    } catch (error) {
      if (error instanceof ApiError) return error.message;
      throw error;
    }
  }

  async function storeVisits(accountId: number, inputs: VisitInput[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await repository.upsertFromSource(accountId, inputs, deps.now());
        return;
      } catch (error) {
        if (!isLostRace(error) || attempt >= storeAttempts) throw error;
      }
    }
  }

  async function performRefresh(day: RoundDay, timezone: string, claimedAt: Date | null): Promise<string> {
    const startedAt = claimedAt ?? deps.now();
    if (!claimedAt) await refreshes.startRefresh(day, startedAt);
    const error = await syncRoundsVisits(day.accountId, [day.roundId], day.date, timezone);
    await refreshes.finishRefresh(day, { startedAt, finishedAt: deps.now(), error });
    return error;
  }

  /** The day's refresh under way in this process, else a new one. */
  function refreshDay(day: RoundDay, timezone: string, claimedAt: Date | null = null): Promise<string> {
    const key = toDayKey(day);
    const current = running.get(key);
    if (current) return current;
    const started = performRefresh(day, timezone, claimedAt).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  }

  /** Never fetched: wait for the first refresh rather than show an empty day, unless one just failed. */
  function mustWaitForFirst(state: RoundVisitRefresh | undefined, now: Date): boolean {
    if (state?.refreshedAt) return false;
    const hasJustFailed =
      !!state?.lastError &&
      !!state.startedAt &&
      now.getTime() - state.startedAt.getTime() < roundVisitsFreshMs;
    return !hasJustFailed;
  }

  function isStale(state: RoundVisitRefresh | undefined, now: Date): boolean {
    return !state?.refreshedAt || now.getTime() - state.refreshedAt.getTime() >= roundVisitsFreshMs;
  }

  function isUnderWay(day: RoundDay, state: RoundVisitRefresh | undefined, now: Date): boolean {
    if (running.has(toDayKey(day))) return true;
    if (!state?.startedAt) return false;
    const isOpen = !state.finishedAt || state.finishedAt < state.startedAt;
    return isOpen && now.getTime() - state.startedAt.getTime() < abandonedAfterMs;
  }

  /** Starts a background refresh of a stale day when this server wins the claim; never waits for the CRM. */
  async function refreshInBackground(day: RoundDay, timezone: string, now: Date): Promise<void> {
    const isClaimed = await refreshes.startRefresh(day, now, new Date(now.getTime() - roundVisitsFreshMs));
    if (!isClaimed) return;
    refreshDay(day, timezone, now).catch((error: unknown) => {
      deps.log.error({ err: error, ...day }, 'Refreshing round visits from the CRM failed.');
    });
  }

  async function readRoundVisits(
    session: Session,
    roundId: number,
    date: string,
    options: { refresh: boolean },
  ): Promise<RoundVisitsAnswer> {
    const day: RoundDay = { accountId: session.accountId, roundId, date };
    // All three are scoped to the account, so they are asked at once; the round is checked before any is used.
    const [account, initialState, storedRows] = await Promise.all([
      deps.accounts.getAccountById(session.accountId),
      refreshes.findRefresh(day),
      repository.listForRoundOnDate(session.accountId, roundId, date),
    ]);
    const round = account.rounds.find((candidate) => candidate.id === roundId);
    if (!round) throw notFound('Round');
    const now = deps.now();
    let state = initialState;
    let rows = storedRows;
    let message = '';
    if (options.refresh || mustWaitForFirst(state, now)) {
      message = await waitAtMost(refreshDay(day, round.timezone), roundVisitsWaitMs);
      [state, rows] = await Promise.all([
        refreshes.findRefresh(day),
        repository.listForRoundOnDate(session.accountId, roundId, date),
      ]);
    } else {
      if (isStale(state, now)) await refreshInBackground(day, round.timezone, now);
      if (state?.lastError) message = `${state.lastError} ${storedNote}`;
    }
    const outcomes = await deps.latestDriverOutcomes(
      session.accountId,
      rows.map((row) => row.id),
    );
    return {
      data: rows.map((row) => toVisit(row, outcomes.get(row.id) ?? null)),
      message,
      refreshedAt: state?.refreshedAt?.toISOString() ?? null,
      isRefreshing: isUnderWay(day, state, deps.now()),
    };
  }

  return {
    readRoundVisits,

    /**
     * Fetches these clients' visits from the source over the dates and stores them, then lets the holds reconcile
     * them: the visit planner's changes of an account without a CRM reach the rounds screen at once.
     */
    async storeClientVisits(
      accountId: number,
      scope: { clients: RoundClient[]; fromDate: string; toDate: string; timezone: string },
    ): Promise<void> {
      if (scope.clients.length === 0) return;
      const { source, setup } = await deps.source.openSource(accountId);
      const sourceVisits = await source.listVisits({
        clientSourceIds: scope.clients.map((client) => client.sourceId),
        fromDate: scope.fromDate,
        toDate: scope.toDate,
      });
      const inputs = toVisitInputs(
        sourceVisits,
        new Map(scope.clients.map((client) => [client.sourceId, client.id])),
        setup.settings.service_codes.map((code) => String(code.id)),
        scope.timezone,
      );
      await storeVisits(accountId, inputs);
      await deps.onVisitsStored?.(accountId);
    },

    /**
     * Round automation: a day of several rounds (of one time zone) fetched from the CRM in one call for all their
     * clients, stored and reconciled with the holds once, then each round's visits as its screen lists them. A
     * round's `message` says why its visits could not be fetched (the same for every round of the day).
     */
    async getRoundsDayVisits(
      session: Session,
      scope: { roundIds: number[]; date: string; timezone: string },
    ): Promise<Map<number, { data: Visit[]; message: string }>> {
      const { accountId } = session;
      const { roundIds, date, timezone } = scope;
      const days = roundIds.map((roundId): RoundDay => ({ accountId, roundId, date }));
      const startedAt = deps.now();
      await refreshes.startRefreshes(days, startedAt);
      const error = await syncRoundsVisits(accountId, roundIds, date, timezone);
      await refreshes.finishRefreshes(days, { startedAt, finishedAt: deps.now(), error });
      const rows = await repository.listForRoundsOnDate(accountId, roundIds, date);
      const outcomes = await deps.latestDriverOutcomes(
        accountId,
        rows.map((row) => row.id),
      );
      const message = error ? `${error} ${storedNote}` : '';
      const answers = new Map(roundIds.map((roundId) => [roundId, { data: [] as Visit[], message }]));
      for (const row of rows) answers.get(row.roundId)?.data.push(toVisit(row, outcomes.get(row.id) ?? null));
      return answers;
    },

    /** Resolves once no refresh runs in this process (the app waits for it before closing the database). */
    async whenIdle(): Promise<void> {
      await Promise.allSettled([...running.values()]);
    },
  };
}
export type RoundVisitsService = ReturnType<typeof createRoundVisitsService>;
