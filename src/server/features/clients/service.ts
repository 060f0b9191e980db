import { keepsClientsLocally, type SourceSystemName } from '../../../contracts/accounts';
import type {
  Client,
  ClientDetail,
  ClientDetailsBody,
  ClientIdentityField,
  CreateClientInput,
  ClientListItem,
  ClientListQuery,
  ClientPrevNext,
  ClientPrevNextQuery,
  SavedClient,
  UpdateClientBody,
} from '../../../contracts/clients';
import { ErrorCode, type ListMeta } from '../../../contracts/envelope';
import { formatStopAddress } from '../../../domain/client-address';
import { getPhoneRegion, parsePhoneNumber } from '../../../domain/phone-numbers';
import { mealStripDates } from '../../../domain/meal-days';
import { getAccountTimeZone, getTodayIn } from '../../../domain/today';
import { formatDayMonthYear } from '../../../domain/weeks';
import { ApiError, conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AllergenClash } from '../../../contracts/allergens';
import { countNewClashes } from '../allergens/service';
import type { AuditService } from '../audit/service';
import { readAccountTimeZone, readAccountToday, readWeekDates } from '../../shared/account-dates';
import type { MealChoicesRepository } from './meal-choices-repository';
import { readDayStates } from './day-states';
import { createMealChoicesService } from './meal-choices-service';
import { newLocalClientSourceId } from './local-source-id';
import type {
  ClientFilters,
  ClientIdentityChanges,
  ClientRow,
  ClientsRepository,
  ListVersions,
} from './repository';
import type { ClientSync } from './sync';
import { createVersionedCache } from './versioned-cache';

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
    address_unplaced: row.isAddressUnplaced,
    round: row.roundName ?? '',
    round_id: row.roundId,
    labels: row.labels,
    dietary_requirements: row.dietaryRequirements,
    allergies: row.allergies,
    plan: row.plan,
    plan_dow: row.planDow,
    delivery_instructions: row.deliveryInstructions,
    delivery_window:
      row.deliveryWindowEarliest !== null && row.deliveryWindowLatest !== null
        ? { earliest: row.deliveryWindowEarliest, latest: row.deliveryWindowLatest }
        : null,
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

/** A page of the list as the database answered it (the sync's message is added per call). */
type ClientListPage = { data: ClientListItem[]; meta: ListMeta };

function isDetailsBody(body: UpdateClientBody): body is ClientDetailsBody {
  return !('meal_choices' in body);
}

export const sourceClientMessage =
  'This client is kept in the CRM: change their name, phone, address, status or external id there, and the next sync brings the change here.';
export const sourceNewClientMessage =
  'Clients are kept in the CRM: add the client there, and the next sync brings them here.';
export const addressNotCheckedText =
  'The address could not be checked on the map now (the maps service did not answer): save the client again later to check it.';

/** The identity fields of a body as the row's columns; the body's names are the contract's. */
const identityColumns: Record<ClientIdentityField, keyof ClientRow> = {
  name: 'name',
  phone: 'phone',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
  external_status: 'externalStatus',
  external_id: 'externalId',
};

/** Where an account's clients are kept, and its rounds (for the details form and the account's timezone). */
type ClientAccounts = {
  getAccountById(id: number): Promise<{
    source_system: SourceSystemName;
    rounds: { id: number; name: string; timezone: string }[];
  }>;
};

/** Where a new or changed address was placed: the columns to write, and whether the maps could be asked. */
type AddressPlacement = {
  columns: Pick<ClientIdentityChanges, 'latitude' | 'longitude' | 'isAddressUnplaced'>;
  isChecked: boolean;
};

/** The fields a client's visits are made from when MealRounds makes them (no CRM). */
function isVisitPlanChanged(before: ClientRow, after: ClientRow): boolean {
  return (
    before.roundId !== after.roundId ||
    before.externalStatus !== after.externalStatus ||
    before.isHidden !== after.isHidden ||
    before.planDow.join('') !== after.planDow.join('')
  );
}

export function createClientsService(deps: {
  repository: ClientsRepository;
  mealChoices: MealChoicesRepository;
  sync: ClientSync;
  accounts: ClientAccounts;
  audit: AuditService;
  /** Places an address kept in MealRounds (the travel service): null when it cannot be placed; code 9 when down. */
  travel: { locateAddress(address: string): Promise<{ latitude: number; longitude: number } | null> };
  /** Checks allergen names against the account's list, and lists a client's open clashes (the allergens service). */
  allergens: {
    checkNames(accountId: number, names: string[], field: string): Promise<string[]>;
    listClashesOf(accountId: number, of: { clientId: number }): Promise<AllergenClash[]>;
  };
  now: () => Date;
  syncWaitMs?: number;
  /**
   * After a client is added, or a save changed what a client's visits are made from (plan days, round, status): the
   * visit planner
   * of an account without a CRM (wired in app.ts once it exists: it needs services built after this one).
   */
  onVisitPlanChanged?: (accountId: number) => Promise<void>;
}) {
  const { repository } = deps;
  const mealChoices = createMealChoicesService(deps.mealChoices, deps.now);
  const totals = createVersionedCache<number>();
  const pageRows = createVersionedCache<ClientRow[]>();
  const pages = createVersionedCache<ClientListPage>();
  const timeZones = createVersionedCache<string>();

  /**
   * The version a filter's rows and totals are kept under: the rows' own, unless the filter reads the strip's data
   * (missing meals, holds), which every meal-choice save or hold changes.
   */
  function rowsVersionOf(filters: ClientFilters, versions: ListVersions): string {
    return filters.missingMeals || filters.onHold ? versions.all : versions.rows;
  }

  /**
   * One page of the list with its strip (the caches above decide what is read from the database): after a
   * meal-choice save the page's rows and the total come from memory and only the strip is read again.
   */
  async function readPage(
    filters: ClientFilters,
    query: ClientListQuery,
    stripDates: string[],
    key: string,
    versions: ListVersions,
  ): Promise<ClientListPage> {
    const rowsVersion = rowsVersionOf(filters, versions);
    const [total, rows] = await Promise.all([
      totals.read(JSON.stringify(filters), rowsVersion, () => repository.countClients(filters)),
      pageRows.read(key, rowsVersion, () =>
        repository.listClients(filters, {
          limit: query.page_size,
          offset: (query.page - 1) * query.page_size,
        }),
      ),
    ]);
    const from = stripDates[0] ?? '';
    const to = stripDates[stripDates.length - 1] ?? '';
    const ids = rows.map((row) => row.id);
    const [sums, states] = await Promise.all([
      deps.mealChoices.sumQuantities(ids, from, to),
      readDayStates(deps.mealChoices, ids, from, to),
    ]);
    const countOf = new Map(sums.map((sum) => [`${sum.clientId}|${sum.date}`, sum.count]));
    return {
      data: rows.map((row) => ({
        ...toClient(row),
        meal_strip: stripDates.map((date) => ({
          ...states.stateOf(row.id, date),
          count: countOf.get(`${row.id}|${date}`) ?? 0,
        })),
      })),
      meta: {
        record_total: total,
        record_count: rows.length,
        page: query.page,
        page_max: Math.max(1, Math.ceil(total / query.page_size)),
      },
    };
  }

  function toFilters(accountId: number, query: ClientPrevNextQuery, stripDates: string[]): ClientFilters {
    const round = query.filter_round;
    return {
      accountId,
      nameContains: query.filter,
      round: round === 'all' || round === 'none' ? round : Number(round),
      ...(query.missing_meals ? { missingMeals: { stripDates } } : {}),
      ...(query.on_hold ? { onHold: { stripDates } } : {}),
    };
  }

  async function requireClient(accountId: number, id: number): Promise<ClientRow> {
    const row = await repository.findClient(accountId, id);
    if (!row) throw notFound('Client');
    return row;
  }

  async function readDetail(row: ClientRow, dates: string[]): Promise<ClientDetail> {
    const [choices, states] = await Promise.all([
      mealChoices.readDays(row.id, dates),
      readDayStates(deps.mealChoices, [row.id], dates[0] ?? '', dates[dates.length - 1] ?? ''),
    ]);
    return {
      ...toClient(row),
      wants_notices: row.wantsNotices,
      meal_choices: choices,
      day_states: dates.map((date) => states.stateOf(row.id, date)),
    };
  }

  /** A typed phone number in E.164 ('' stays ''), or code 2 on `phone` (as a contact's). */
  function readPhone(timeZone: string, text: string): string {
    if (text.trim() === '') return '';
    const parsed = parsePhoneNumber(text, getPhoneRegion(timeZone));
    if (!parsed.isValid) {
      throw invalidInput('The phone number is not valid.', [{ field: 'phone', message: parsed.message }]);
    }
    return parsed.e164;
  }

  async function refuseTakenExternalId(accountId: number, externalId: string, exceptId: number | null) {
    if (externalId === '' || !(await repository.isExternalIdTaken(accountId, externalId, exceptId))) return;
    const message = `Another client already has the external id '${externalId}'.`;
    throw invalidInput(message, [{ field: 'external_id', message }]);
  }

  /**
   * Places the address with the maps provider. One that cannot be placed is flagged; a provider that cannot be
   * reached (code 9) leaves the client unplaced and unflagged (not known), so the save itself is never lost.
   */
  async function placeAddress(location: {
    address: string;
    city: string;
    state: string;
    zip: string;
  }): Promise<AddressPlacement> {
    const address = formatStopAddress(location);
    const unknown = { latitude: null, longitude: null, isAddressUnplaced: false };
    if (address === '') return { columns: unknown, isChecked: true };
    try {
      const point = await deps.travel.locateAddress(address);
      return {
        columns: point
          ? { latitude: point.latitude, longitude: point.longitude, isAddressUnplaced: false }
          : { ...unknown, isAddressUnplaced: true },
        isChecked: true,
      };
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.mapsProvider) {
        return { columns: unknown, isChecked: false };
      }
      throw error;
    }
  }

  /**
   * The identity fields a details form sent, as columns to write. With a CRM they are the CRM's: repeating them is
   * fine, changing one is refused (code 6). Without, the phone is read, the external id must be free, and a changed
   * address (or one never checked because the maps were down) is placed again.
   */
  async function readIdentityChanges(
    accountId: number,
    timeZone: string,
    isLocal: boolean,
    row: ClientRow,
    body: ClientDetailsBody,
  ): Promise<{ changes: ClientIdentityChanges; isAddressChecked: boolean }> {
    const sent = Object.entries(identityColumns).filter(
      ([field]) => body[field as ClientIdentityField] !== undefined,
    );
    if (!isLocal) {
      const changed = sent.some(([field, column]) => body[field as ClientIdentityField] !== row[column]);
      if (changed) throw conflict(sourceClientMessage);
      return { changes: {}, isAddressChecked: true };
    }
    const phone = body.phone === undefined ? undefined : readPhone(timeZone, body.phone);
    if (body.external_id !== undefined && body.external_id !== row.externalId) {
      await refuseTakenExternalId(accountId, body.external_id, row.id);
    }
    const location = {
      address: body.address ?? row.address,
      city: body.city ?? row.city,
      state: body.state ?? row.state,
      zip: body.zip ?? row.zip,
    };
    const isAddressChanged = formatStopAddress(location) !== formatStopAddress(row);
    const wasNeverChecked = row.latitude === null && !row.isAddressUnplaced;
    const placement =
      isAddressChanged || wasNeverChecked ? await placeAddress(location) : { columns: {}, isChecked: true };
    return {
      changes: {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(phone === undefined ? {} : { phone }),
        ...location,
        ...(body.external_status === undefined ? {} : { externalStatus: body.external_status }),
        ...(body.external_id === undefined ? {} : { externalId: body.external_id }),
        ...placement.columns,
      },
      isAddressChecked: placement.isChecked,
    };
  }

  /**
   * The details form: a round name of the account ('' for none) and label names of the account, and for an account
   * without a CRM the identity fields. Answers whether the address could be checked on the map.
   */
  async function updateDetails(session: Session, row: ClientRow, body: ClientDetailsBody) {
    const id = row.id;
    const [account, labelNames] = await Promise.all([
      deps.accounts.getAccountById(session.accountId),
      deps.mealChoices.listLabelNames(session.accountId),
    ]);
    const round =
      body.round === '' ? null : account.rounds.find((candidate) => candidate.name === body.round);
    if (round === undefined) {
      throw invalidInput(`Unknown round '${body.round}'.`, [
        { field: 'round', message: `Unknown round '${body.round}'.` },
      ]);
    }
    const labels = [...new Set(body.labels)];
    const unknown = labels.filter((label) => !labelNames.includes(label));
    if (unknown.length > 0) {
      const names = unknown.map((label) => `'${label}'`).join(', ');
      throw invalidInput(`Unknown label ${names}.`, [
        { field: 'labels', message: `Unknown label ${names}.` },
      ]);
    }
    const isLocal = keepsClientsLocally(account.source_system);
    const identity = await readIdentityChanges(
      session.accountId,
      getAccountTimeZone(account.rounds),
      isLocal,
      row,
      body,
    );
    const allergies =
      body.allergies === undefined
        ? undefined
        : await deps.allergens.checkNames(session.accountId, body.allergies, 'allergies');
    const changes = {
      roundId: round?.id ?? null,
      labels,
      ...(allergies === undefined ? {} : { allergies }),
      dietaryRequirements: body.dietary_requirements,
      plan: body.plan,
      planDow: body.plan_dow,
      deliveryInstructions: body.delivery_instructions,
      ...(body.wants_notices === undefined ? {} : { wantsNotices: body.wants_notices }),
      ...(body.delivery_window === undefined
        ? {}
        : {
            deliveryWindowEarliest: body.delivery_window?.earliest ?? null,
            deliveryWindowLatest: body.delivery_window?.latest ?? null,
          }),
      ...identity.changes,
    };
    if (!(await repository.updateDetails(session.accountId, id, changes, deps.now())))
      throw notFound('Client');
    await deps.audit.record(session, {
      action: 'client.update',
      targetType: 'client',
      targetId: id,
      detail: { fields: Object.keys(body) },
    });
    return { isAddressChecked: identity.isAddressChecked };
  }

  return {
    /** Every visible client (for the meals sync). */
    listVisibleClients(accountId: number) {
      return repository.listVisibleClients(accountId);
    },

    /** A client's name and phone as stored (messages resolve their recipient with it), or null when none. */
    async findClientPhone(accountId: number, id: number) {
      const row = await repository.findClient(accountId, id);
      return row ? { name: row.name, phone: row.phone } : null;
    },

    /** The visible clients on a round (for the round's visits). */
    listClientsOfRound(accountId: number, roundId: number) {
      return repository.listClientsOfRounds(accountId, [roundId]);
    },

    /** The visible clients on any of these rounds (route automation fetches a day of them all at once). */
    listClientsOfRounds(accountId: number, roundIds: number[]) {
      return repository.listClientsOfRounds(accountId, roundIds);
    },

    /** A label renamed in Settings > Meals keeps its clients (called by the labels service). */
    renameLabel(accountId: number, oldName: string, newName: string) {
      return repository.renameLabel(accountId, oldName, newName, deps.now());
    },

    async listClients(
      session: Session,
      query: ClientListQuery,
    ): Promise<{ data: ClientListItem[]; meta: ListMeta & { message: string } }> {
      // The sync itself answers at once for an account without a CRM: its clients are the ones kept here.
      const message =
        query.sync === true
          ? await syncWithinWait(deps.sync, session.accountId, deps.syncWaitMs ?? syncWaitMs)
          : '';
      // Read after any sync, and before the data, so an answer is never kept under a newer version than its own.
      const versions = await repository.readListVersions(session.accountId);
      // The account's timezone comes from its rounds, which the rows' version covers.
      const timeZone = await timeZones.read(String(session.accountId), versions.rows, () =>
        readAccountTimeZone(deps.accounts, session.accountId),
      );
      const stripDates = mealStripDates(getTodayIn(timeZone, deps.now().getTime()));
      const filters = toFilters(session.accountId, query, stripDates);
      const key = JSON.stringify({ filters, from: stripDates[0], page: query.page, size: query.page_size });
      const page = await pages.read(key, versions.all, () =>
        readPage(filters, query, stripDates, key, versions),
      );
      return { data: page.data, meta: { message, ...page.meta } };
    },

    async getClient(session: Session, id: number, week: string | undefined): Promise<ClientDetail> {
      // Both are scoped to the account: asked at once, the client's absence still answers 404 first.
      const [row, today] = await Promise.all([
        requireClient(session.accountId, id),
        readAccountToday(deps.accounts, session.accountId, deps.now()),
      ]);
      return readDetail(row, readWeekDates(week, today));
    },

    /**
     * The neighbours in the list's order (name, then id) under the same filters. A client that does not match
     * the filters itself still gets the matching clients just before and after its place in that order.
     */
    async getPrevNext(session: Session, id: number, query: ClientPrevNextQuery): Promise<ClientPrevNext> {
      const row = await requireClient(session.accountId, id);
      const stripDates =
        query.missing_meals || query.on_hold
          ? mealStripDates(await readAccountToday(deps.accounts, session.accountId, deps.now()))
          : [];
      const { prev, next } = await repository.findNeighbours(
        toFilters(session.accountId, query, stripDates),
        { name: row.name, id: row.id },
      );
      return {
        prev_client: prev ? { client_id: prev.id, name: prev.name } : null,
        next_client: next ? { client_id: next.id, name: next.name } : null,
      };
    },

    /**
     * Either form of PUT clients/{id}; answers the client with this week's or the sent dates' choices. When the
     * details form sent allergies, the answer also lists the client's open clashes and how many the save created.
     * `isAddressChecked` is false when the address changed and the maps could not be asked (code 9).
     */
    async updateClient(
      session: Session,
      id: number,
      body: UpdateClientBody,
    ): Promise<{ client: SavedClient; isAddressChecked: boolean }> {
      const client = await requireClient(session.accountId, id);
      if (isDetailsBody(body)) {
        const of = { clientId: id };
        const before =
          body.allergies === undefined ? [] : await deps.allergens.listClashesOf(session.accountId, of);
        const { isAddressChecked } = await updateDetails(session, client, body);
        const row = await requireClient(session.accountId, id);
        if (isVisitPlanChanged(client, row)) await deps.onVisitPlanChanged?.(session.accountId);
        const detail = await readDetail(
          row,
          readWeekDates(undefined, await readAccountToday(deps.accounts, session.accountId, deps.now())),
        );
        if (body.allergies === undefined) return { client: detail, isAddressChecked };
        const after = await deps.allergens.listClashesOf(session.accountId, of);
        return {
          client: {
            ...detail,
            allergen_clashes: after,
            allergen_clashes_created: countNewClashes(before, after),
          },
          isAddressChecked,
        };
      }
      const { dates, overrides } = await mealChoices.replaceDays(session.accountId, client, body);
      // The audit rows and the answer's week are independent reads and writes after the save: asked together.
      // The client read before the save is the answer's client (the save changes only its updated_at).
      const recordAudit = async () => {
        await deps.audit.record(session, {
          action: 'client.meal_choices',
          targetType: 'client',
          targetId: id,
          detail: { dates: dates.map(formatDayMonthYear) },
        });
        for (const override of overrides) {
          await deps.audit.record(session, {
            action: 'client.allergen_override',
            targetType: 'client',
            targetId: id,
            detail: { ...override, date: formatDayMonthYear(override.date) },
          });
        }
      };
      const [, detail] = await Promise.all([recordAudit(), readDetail(client, dates)]);
      return { client: detail, isAddressChecked: true };
    },

    /**
     * POST clients: a client kept in MealRounds (an account without a CRM; with one, code 6). Its address is placed
     * on the map; answers the client with this week's choices (none yet) and whether the address could be checked.
     */
    async createClient(
      session: Session,
      body: CreateClientInput,
    ): Promise<{ client: ClientDetail; isAddressChecked: boolean }> {
      const account = await deps.accounts.getAccountById(session.accountId);
      if (!keepsClientsLocally(account.source_system)) throw conflict(sourceNewClientMessage);
      const phone = readPhone(getAccountTimeZone(account.rounds), body.phone);
      await refuseTakenExternalId(session.accountId, body.external_id, null);
      const placement = await placeAddress(body);
      const id = await repository.insertLocalClient(
        session.accountId,
        {
          sourceId: newLocalClientSourceId(),
          name: body.name,
          phone,
          address: body.address,
          city: body.city,
          state: body.state,
          zip: body.zip,
          externalStatus: body.external_status,
          externalId: body.external_id,
          latitude: null,
          longitude: null,
          isAddressUnplaced: false,
          ...placement.columns,
        },
        deps.now(),
      );
      await deps.audit.record(session, {
        action: 'client.create',
        targetType: 'client',
        targetId: id,
        detail: { name: body.name, external_id: body.external_id, status: body.external_status },
      });
      await deps.onVisitPlanChanged?.(session.accountId);
      const row = await requireClient(session.accountId, id);
      const today = await readAccountToday(deps.accounts, session.accountId, deps.now());
      return {
        client: await readDetail(row, readWeekDates(undefined, today)),
        isAddressChecked: placement.isChecked,
      };
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
