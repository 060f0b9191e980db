import type { PackingListBody } from '../../contracts/reports';

/*
 * One key factory per API resource, all in this file: a mutation invalidates the resources it changes, which are
 * often another module's (a meal edit changes the menu, the clients and the reports), and keys kept here let every
 * module name them without importing each other in a circle. Each factory's first element is the resource's
 * own, so `all` refreshes every query of it; no two factories share one.
 */

export const publicConfigKeys = { all: ['public-config'] as const };

export const accountKeys = {
  all: ['account'] as const,
  detail: (accountId: number | undefined) => ['account', accountId] as const,
};

export const userKeys = { all: ['users'] as const };

/** The lists read from the CRM: a change of the CRM link re-reads them all. */
export const sourceListKeys = {
  all: ['source-lists'] as const,
  list: (name: string) => ['source-lists', name] as const,
};

export const roundAutomationKeys = {
  all: ['route-automation'] as const,
  runs: ['route-automation', 'runs'] as const,
  preview: ['route-automation', 'preview'] as const,
};

/** The rounds' own reads (the rounds themselves come with the account). */
export const roundKeys = {
  all: ['rounds'] as const,
  clients: (roundId: number | null) => ['rounds', 'clients', roundId] as const,
  daysOff: (date: string) => ['rounds', 'days-off', date] as const,
};

/** Every meals query (the meals screen's pages, the active meals the menu and the client screen offer). */
export const mealKeys = {
  all: ['meals'] as const,
  page: (request: object) => ['meals', 'page', request] as const,
  active: ['meals', 'active'] as const,
};

export const mealLabelKeys = { all: ['meal-labels'] as const };

export const mealCategoryKeys = { all: ['meal-categories'] as const };

export const allergenKeys = {
  all: ['allergens'] as const,
  list: ['allergens', 'list'] as const,
  clashes: ['allergens', 'clashes'] as const,
};

/** The week's menu (meals/schedule): one key, shared by the menu screen and the client screen's meal choices. */
export const menuKeys = {
  all: ['menu'] as const,
  schedule: (weekId: string) => ['menu', 'schedule', weekId] as const,
};

/** Every clients query, holds included: one invalidation refreshes the list, the client and its neighbours. */
export const clientKeys = {
  all: ['clients'] as const,
  list: (request: object) => ['clients', 'list', request] as const,
  /** The client's id stays at index 2: another week of the same client keeps it shown while loading. */
  detail: (clientId: number, weekId: string) => ['clients', 'detail', clientId, weekId] as const,
  prevNext: (clientId: number, query: object) => ['clients', 'prev-next', clientId, query] as const,
  holds: (clientId: number) => ['clients', 'holds', clientId] as const,
  holdVisits: (clientId: number) => ['clients', 'holds', clientId, 'visits'] as const,
  contacts: (clientId: number) => ['clients', 'contacts', clientId] as const,
};

/** The reports are reads keyed by their parameters: Show with the same parameters answers from the cache. */
export const reportKeys = {
  all: ['reports'] as const,
  byDate: (report: string, date: string) => ['reports', report, date] as const,
  nextDeliveryDay: ['reports', 'next-delivery-day'] as const,
  packingList: (body: PackingListBody | null) => ['reports', 'packing-list', body] as const,
  deliveryOutcomes: (from: string, to: string) => ['reports', 'delivery-outcomes', from, to] as const,
};

/** The funder profiles of clients and the DEX code lists (the funder report is one of the reports). */
export const fundingKeys = {
  all: ['funding'] as const,
  profile: (clientId: number) => ['funding', 'profile', clientId] as const,
  codes: ['funding', 'codes'] as const,
  dexSettings: ['funding', 'dex-settings'] as const,
};

export const alertKeys = {
  all: ['alerts'] as const,
  list: (status: string) => ['alerts', 'list', status] as const,
  count: ['alerts', 'count'] as const,
};

/** The account's welfare check settings and the monthly welfare report. */
export const welfareKeys = {
  settings: ['welfare', 'settings'] as const,
  report: (month: string) => ['welfare', 'report', month] as const,
};

/** A round's stored visits of a day; the date stays at index 2, for refreshing every round of one day. */
export const roundVisitKeys = {
  all: ['round-visits'] as const,
  day: (roundId: number, date: string) => ['round-visits', roundId, date] as const,
};

export const travelKeys = { leg: (from: string, to: string) => ['travel', from, to] as const };

export const dayPlanKeys = {
  assignment: (date: string) => ['day-plans', 'assignment', date] as const,
  job: (job: string) => ['day-plans', 'job', job] as const,
};

export const driverLinkKeys = {
  status: (roundId: number, date: string) => ['driver-links', roundId, date] as const,
};

export const sourceWriteKeys = { all: ['source-writes'] as const };

/** A driver's photo by its path; a photo never changes (a new outcome brings a new photo id). */
export const driverPhotoKeys = { photo: (path: string) => ['driver-photos', path] as const };

/** Settings > Messages and the message logs (a client's or a driver's). */
export const messageKeys = {
  all: ['messages'] as const,
  settings: ['messages', 'settings'] as const,
  log: (filter: { client_id?: number; driver_id?: number }) => ['messages', 'log', filter] as const,
};

/** Drivers (the people) and each one's time off. */
export const driverKeys = {
  all: ['drivers'] as const,
  timeOff: (driverId: number) => ['drivers', 'time-off', driverId] as const,
  link: (driverId: number) => ['drivers', 'link', driverId] as const,
};

/** The roster: slots of a span of days (DD-MM-YYYY), patterns and a slot's suggestions. */
export const rosterKeys = {
  all: ['roster'] as const,
  slots: (from: string, to: string) => ['roster', 'slots', from, to] as const,
  patterns: ['roster', 'patterns'] as const,
  suggestions: (roundId: number, date: string) => ['roster', 'suggestions', roundId, date] as const,
  /** The volunteer hours of a month (MM-YYYY): under the roster, so a roster change refreshes them. */
  hours: (month: string) => ['roster', 'hours', month] as const,
  reminders: (date: string) => ['roster', 'reminders', date] as const,
  unfilledCount: ['roster', 'unfilled-count'] as const,
};
