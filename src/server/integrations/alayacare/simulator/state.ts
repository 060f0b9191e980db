import { getTodayIn } from '../../../../domain/today';
import { getZonedDate, isIsoDate } from '../../../../domain/zoned-time';
import { generateDemoContacts, type SimContact } from './demo-contacts';
import {
  defaultDemoSeed,
  demoBranch,
  demoCancelCodes,
  demoClientTags,
  demoPremiums,
  demoServiceCodes,
  demoTimeZone,
  demoVisitTags,
  generateDemoClients,
  generateDemoVisits,
  type SimClient,
  type SimVisit,
} from './demo-seed';

export { demoPlanOfClient, demoRoundOfClient } from './demo-seed';

/** How much the simulator seeds. The benchmark uses { clients: 5000, weeksBefore: 1, weeksAfter: 1 }. */
export type SeedOptions = {
  /** Number of clients (default 160, spread evenly over the 5 demo rounds). */
  clients?: number;
  /** PRNG seed; the same seed always yields the same clients and visits. */
  seed?: number;
  /** The seed's "today" (YYYY-MM-DD, Sydney); default the current Sydney date. */
  today?: string;
  /** Weeks of visits before and after today (default 4 and 4). */
  weeksBefore?: number;
  weeksAfter?: number;
};

export type SimulatorStateOptions = SeedOptions & { now?: () => Date };

export type SimVisitPremium = {
  id: number;
  visitId: number;
  premiumId: number;
  quantity: number;
  description: string;
};

/** A refusal the simulator's HTTP layer answers as AlayaCare does: {code, message} with that status. */
export class SimulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type VisitFilter = {
  fromMs: number;
  toMs: number;
  clientIds: number[] | null;
  externalClientIds: string[] | null;
  /** Lower case: tags match whatever their case. */
  tags: string[] | null;
  statuses: string[] | null;
};

export type LockOutcome = { visitId: number; isLocked: boolean; message: string };

/** VisitNote: what was written and when (ISO 8601). */
export type SimVisitNote = { text: string; createdAt: string };

const compareVisits = (a: SimVisit, b: SimVisit) => a.startMs - b.startMs || a.id - b.id;

/** The simulator's in-memory CRM: seeded demo data plus every change made through the API since the start. */
export function createSimulatorState(options: SimulatorStateOptions = {}) {
  const now = options.now ?? (() => new Date());
  const seed = options.seed ?? defaultDemoSeed;
  const today = options.today ?? getTodayIn(demoTimeZone, now().getTime());
  // A seed pinned to a date (tests) keeps that date; otherwise the date moves on while the simulator runs.
  const getCurrentDate = () =>
    options.today !== undefined && options.now === undefined
      ? today
      : getTodayIn(demoTimeZone, now().getTime());
  if (!isIsoDate(today)) throw new RangeError(`today must be a date (YYYY-MM-DD), not ${today}.`);
  const clients = generateDemoClients(options.clients ?? 160, seed);
  const range = { today, weeksBefore: options.weeksBefore ?? 4, weeksAfter: options.weeksAfter ?? 4 };
  const allVisits = generateDemoVisits(clients, range, seed).sort(compareVisits);

  const clientById = new Map(clients.map((client) => [client.id, client]));
  const clientByExternalId = new Map(clients.map((client) => [client.externalId, client]));
  const visitById = new Map(allVisits.map((visit) => [visit.id, visit]));
  const visitsByClient = new Map<number, SimVisit[]>();
  for (const visit of allVisits) {
    const list = visitsByClient.get(visit.clientId);
    if (list) list.push(visit);
    else visitsByClient.set(visit.clientId, [visit]);
  }
  // A time change can reorder visits; the global order is restored on the next unfiltered read.
  let isOrderStale = false;
  const premiumsByVisit = new Map<number, SimVisitPremium[]>();
  let nextVisitPremiumId = 9001;
  const notesByVisit = new Map<number, SimVisitNote[]>();
  const contactsByClient = new Map(clients.map((client) => [client.id, generateDemoContacts(client, seed)]));

  const requireVisit = (visitId: number): SimVisit => {
    const visit = visitById.get(visitId);
    if (!visit) throw new SimulatorError(404, 'Visit not found');
    return visit;
  };

  const matchesFilter = (visit: SimVisit, filter: VisitFilter) =>
    visit.startMs >= filter.fromMs &&
    visit.startMs <= filter.toMs &&
    (!filter.tags || visit.tags.some((tag) => filter.tags?.includes(tag.toLowerCase()))) &&
    (!filter.statuses || filter.statuses.includes(visit.status));

  const candidatesOf = (filter: VisitFilter): SimVisit[] => {
    if (!filter.clientIds && !filter.externalClientIds) {
      if (isOrderStale) allVisits.sort(compareVisits);
      isOrderStale = false;
      return allVisits;
    }
    const ids = new Set(filter.clientIds ?? []);
    for (const externalId of filter.externalClientIds ?? []) {
      const client = clientByExternalId.get(externalId);
      if (client) ids.add(client.id);
    }
    return [...ids].flatMap((id) => visitsByClient.get(id) ?? []).sort(compareVisits);
  };

  const lockVisit = (visitId: number): LockOutcome => {
    const visit = visitById.get(visitId);
    if (!visit) return { visitId, isLocked: false, message: `Visit ${visitId} could not be found.` };
    if (visit.isLocked) return { visitId, isLocked: true, message: '' };
    if (visit.status === 'cancelled' || visit.status === 'on_hold') {
      return { visitId, isLocked: false, message: `Visit ${visitId} is cancelled and cannot be locked.` };
    }
    if (getZonedDate(visit.startMs, demoTimeZone) > getCurrentDate()) {
      return { visitId, isLocked: false, message: `Visit ${visitId} is in the future and cannot be locked.` };
    }
    visit.isLocked = true;
    visit.status = 'completed';
    return { visitId, isLocked: true, message: '' };
  };

  const requirePremium = (premiumId: number) => {
    const premium = demoPremiums.find((entry) => entry.id === premiumId);
    if (!premium) throw new SimulatorError(404, 'Premium not found');
    return premium;
  };

  return {
    timeZone: demoTimeZone,
    today,
    now,
    branch: demoBranch,
    clients,
    clientTags: demoClientTags,
    visitTags: demoVisitTags,
    serviceCodes: demoServiceCodes,
    cancelCodes: demoCancelCodes,
    premiums: demoPremiums,
    visitCount: () => visitById.size,
    getClient: (clientId: number) => clientById.get(clientId),
    getClientByExternalId: (externalId: string) => clientByExternalId.get(externalId),
    getVisit: (visitId: number) => visitById.get(visitId),
    /** The client's contacts in the CRM's order: the list itself, so a test can change a contact or the list. */
    contactsOf: (clientId: number): SimContact[] => {
      const contacts = contactsByClient.get(clientId) ?? [];
      contactsByClient.set(clientId, contacts);
      return contacts;
    },
    getContact: (contactId: number): SimContact | undefined =>
      [...contactsByClient.values()].flat().find((contact) => contact.id === contactId),
    /** Visits matching the filter, ordered by start then id (a stable order for paging). */
    findVisits: (filter: VisitFilter): SimVisit[] =>
      candidatesOf(filter).filter((visit) => matchesFilter(visit, filter)),
    /** PUT visits/{id} with `cancelled`: AlayaCare's rules on the cancel code, and a locked visit stays as it is. */
    setVisitCancelled: (visitId: number, isCancelled: boolean, cancelCodeId: number | null): SimVisit => {
      const visit = requireVisit(visitId);
      if (visit.isLocked) throw new SimulatorError(400, 'Visit is locked and cannot be changed.');
      if (!isCancelled) {
        if (cancelCodeId !== null)
          throw new SimulatorError(400, 'cancel_code_id must be null if the visit is not cancelled.');
        [visit.status, visit.cancelCode] = ['scheduled', null];
        return visit;
      }
      if (cancelCodeId === null)
        throw new SimulatorError(400, 'A cancelled visit must include a cancel code ID.');
      const code = demoCancelCodes.find((candidate) => candidate.id === cancelCodeId);
      if (!code) throw new SimulatorError(400, `Cancel code ${cancelCodeId} does not exist.`);
      [visit.status, visit.cancelCode] = [code.code === 'ON_HOLD' ? 'on_hold' : 'cancelled', code];
      return visit;
    },
    updateVisitTimes: (visitId: number, startMs: number, endMs: number): SimVisit => {
      const visit = requireVisit(visitId);
      if (visit.isLocked) throw new SimulatorError(400, 'Visit is locked and cannot be changed.');
      if (endMs <= startMs) throw new SimulatorError(400, 'end_at must be after start_at.');
      [visit.startMs, visit.endMs, isOrderStale] = [startMs, endMs, true];
      visitsByClient.get(visit.clientId)?.sort(compareVisits);
      return visit;
    },
    lockVisits: (visitIds: number[]): LockOutcome[] => visitIds.map(lockVisit),
    /** The visit's notes, oldest first. */
    listVisitNotes: (visitId: number): SimVisitNote[] => notesByVisit.get(visitId) ?? [],
    /** AlayaCare takes a note on any visit it has, locked or not; the text is at most 1000 characters. */
    addVisitNote: (visitId: number, text: string): SimVisit => {
      const visit = requireVisit(visitId);
      if (text.length === 0 || text.length > 1000)
        throw new SimulatorError(400, 'text must be 1 to 1000 characters.');
      const note = { text, createdAt: now().toISOString() };
      notesByVisit.set(visitId, [...(notesByVisit.get(visitId) ?? []), note]);
      return visit;
    },
    listVisitPremiums: (visitId: number): SimVisitPremium[] => {
      requireVisit(visitId);
      return premiumsByVisit.get(visitId) ?? [];
    },
    addVisitPremium: (
      visitId: number,
      input: { premiumId: number; quantity: number; description: string },
    ) => {
      requireVisit(visitId);
      requirePremium(input.premiumId);
      const visitPremium: SimVisitPremium = { id: nextVisitPremiumId++, visitId, ...input };
      premiumsByVisit.set(visitId, [...(premiumsByVisit.get(visitId) ?? []), visitPremium]);
      return visitPremium;
    },
    getVisitPremium: (visitId: number, visitPremiumId: number): SimVisitPremium => {
      requireVisit(visitId);
      const found = premiumsByVisit.get(visitId)?.find((entry) => entry.id === visitPremiumId);
      if (!found) throw new SimulatorError(404, 'Visit premium not found');
      return found;
    },
    updateVisitPremium: (
      visitId: number,
      visitPremiumId: number,
      changes: { premiumId?: number; quantity?: number; description?: string },
    ): SimVisitPremium => {
      requireVisit(visitId);
      const found = premiumsByVisit.get(visitId)?.find((entry) => entry.id === visitPremiumId);
      if (!found) throw new SimulatorError(404, 'Visit premium not found');
      if (changes.premiumId !== undefined) requirePremium(changes.premiumId);
      found.premiumId = changes.premiumId ?? found.premiumId;
      found.quantity = changes.quantity ?? found.quantity;
      found.description = changes.description ?? found.description;
      return found;
    },
    deleteVisitPremium: (visitId: number, visitPremiumId: number): void => {
      requireVisit(visitId);
      const list = premiumsByVisit.get(visitId) ?? [];
      if (!list.some((entry) => entry.id === visitPremiumId)) {
        throw new SimulatorError(404, 'Visit premium not found');
      }
      premiumsByVisit.set(
        visitId,
        list.filter((entry) => entry.id !== visitPremiumId),
      );
    },
  };
}

export type SimulatorState = ReturnType<typeof createSimulatorState>;
export type { SimClient, SimContact, SimVisit };
