import {
  addDays,
  getDayNumber,
  getIsoWeekday,
  getOffsetMinutes,
  toInstantMs,
} from '../../../../domain/zoned-time';
import {
  demoFirstNames,
  demoLastNames,
  demoRoundNames,
  demoSuburbsByRound,
  type DemoRoundName,
} from './demo-places';
import { demoRoundStartMinutes, scheduleDemoRoundDay } from './demo-day-schedule';
import { createRandom } from './prng';

/**
 * The demo service's records, generated from a seed. Every client is a pure function of (seed, index) and every
 * visit of (seed, client, date), so ids and details are stable across restarts and the product's demo seed can ask
 * for a client's round and plan days without the simulator's state.
 */

/** The demo service is in Sydney (its suburbs are real Sydney ones): demo data, not the product's default zone. */
export const demoTimeZone = 'Australia/Sydney';
export const defaultDemoSeed = 20_240_601;
export const demoClientTag = 'Meals on Wheels';
export const demoVisitTag = 'Meal Delivery';
export const demoBranch = { id: 1, name: 'Harbour City Meals - Sydney' } as const;

const firstClientId = 1001;
/** Visit ids count days from this date, so a visit keeps its id whatever "today" is. */
const visitIdEpoch = getDayNumber('2020-01-01');
const maxClients = 99_999;

export type SimClientStatus = 'active' | 'on_hold';

export type SimClient = {
  id: number;
  index: number;
  acId: string;
  externalId: string;
  profileId: number;
  /** The client's AlayaCare service record, which their visits belong to. */
  serviceId: number;
  firstName: string;
  lastName: string;
  gender: 'F' | 'M';
  status: SimClientStatus;
  tags: string[];
  phone: string;
  addressSuite: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  round: DemoRoundName;
  /** ISO weekdays (1 = Monday) the client has meals delivered. */
  planDays: number[];
};

export type SimVisitStatus = 'scheduled' | 'completed' | 'cancelled' | 'on_hold';
export type SimCancelCode = { id: number; code: string; description: string };

export type SimVisit = {
  id: number;
  clientId: number;
  serviceId: number;
  serviceCodeId: number;
  startMs: number;
  endMs: number;
  status: SimVisitStatus;
  cancelCode: SimCancelCode | null;
  tags: string[];
  isLocked: boolean;
};

export const demoServiceCodes = [
  { id: 101, name: 'Meals on Wheels Delivery' },
  { id: 102, name: 'Frozen Meal Delivery' },
  { id: 103, name: 'Social Support - Individual' },
  { id: 104, name: 'Domestic Assistance' },
  { id: 105, name: 'Personal Care' },
  { id: 106, name: 'Transport' },
] as const;
const mealServiceCodeId = 101;

/** One premium per meal category (the product claims meals with them), plus a few unrelated ones. */
export const demoPremiums = [
  { id: 601, code: 'MEAL-SOUP', billCode: 'MOW-SOUP' },
  { id: 602, code: 'MEAL-MAIN', billCode: 'MOW-MAIN' },
  { id: 603, code: 'MEAL-DESSERT', billCode: 'MOW-DESSERT' },
  { id: 604, code: 'MEAL-SALAD', billCode: 'MOW-SALAD' },
  { id: 605, code: 'MEAL-SANDWICH', billCode: 'MOW-SANDWICH' },
  { id: 606, code: 'MEAL-BREAKFAST', billCode: 'MOW-BREAKFAST' },
  { id: 607, code: 'MEAL-FROZEN', billCode: 'MOW-FROZEN' },
  { id: 608, code: 'MILEAGE', billCode: 'TRAVEL-KM' },
] as const;

const optionalClientTags = [
  { tag: 'CHSP', probability: 0.75 },
  { tag: 'Home Care', probability: 0.25 },
  { tag: 'Priority', probability: 0.1 },
  { tag: 'Lives Alone', probability: 0.3 },
  { tag: 'Key Safe', probability: 0.15 },
] as const;
export const demoClientTags = [
  demoClientTag,
  ...optionalClientTags.map((entry) => entry.tag),
  'NDIS',
  'Transport',
];
export const demoVisitTags = [
  demoVisitTag,
  'Frozen Meals',
  'First Visit',
  'Key Safe Access',
  'Two Person Assist',
];

const clientCancellation: SimCancelCode = { id: 1, code: 'CLNT_CANCEL', description: 'Client cancelled' };
const onHold: SimCancelCode = { id: 2, code: 'ON_HOLD', description: 'On Hold' };
/** The tenant's cancel codes (GET /cancelcodes); the product's client holds cancel visits with one of them. */
export const demoCancelCodes: SimCancelCode[] = [
  clientCancellation,
  onHold,
  { id: 3, code: 'CLNT_HOSPITAL', description: 'Client in hospital' },
  { id: 4, code: 'CLNT_HOLIDAY', description: 'Client on holiday' },
  { id: 5, code: 'CLNT_RESPITE', description: 'Client in respite care' },
];

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const digits = (random: ReturnType<typeof createRandom>, count: number) =>
  Array.from({ length: count }, () => random.nextInt(0, 9)).join('');

function drawPhone(random: ReturnType<typeof createRandom>): string {
  if (random.isChance(0.55)) return `04${digits(random, 2)} ${digits(random, 3)} ${digits(random, 3)}`;
  return `02 9${digits(random, 3)} ${digits(random, 4)}`;
}

function drawPlanDays(random: ReturnType<typeof createRandom>): number[] {
  const count = random.pick([3, 3, 3, 4, 4, 5, 5]);
  const weekdays = [1, 2, 3, 4, 5];
  while (weekdays.length > count) weekdays.splice(random.nextInt(0, weekdays.length - 1), 1);
  return weekdays;
}

function drawTags(random: ReturnType<typeof createRandom>): string[] {
  const tags = random.isChance(0.9) ? [demoClientTag] : [];
  for (const { tag, probability } of optionalClientTags) if (random.isChance(probability)) tags.push(tag);
  return tags;
}

/** The client at this position of the seed (0-based). */
export function generateDemoClient(index: number, seed = defaultDemoSeed): SimClient {
  const random = createRandom(seed, 1, index);
  const round = demoRoundNames[index % demoRoundNames.length] ?? 'Inner West';
  const suburb = random.pick(demoSuburbsByRound[round]);
  const gender = random.isChance(0.62) ? 'F' : 'M';
  const id = firstClientId + index;
  return {
    id,
    index,
    acId: `AC${pad(id, 9)}`,
    externalId: `HCM-${pad(index + 1, 4)}`,
    profileId: 20_000 + index,
    serviceId: 50_000 + index,
    firstName: random.pick(demoFirstNames[gender]),
    lastName: random.pick(demoLastNames),
    gender,
    status: random.isChance(0.93) ? 'active' : 'on_hold',
    tags: drawTags(random),
    phone: drawPhone(random),
    addressSuite: random.isChance(0.18) ? `Unit ${random.nextInt(1, 24)}` : '',
    address: `${random.nextInt(1, 199)} ${random.pick(suburb.streets)}`,
    city: suburb.name,
    state: 'NSW',
    zip: suburb.postcode,
    // About ±550 m around the centre: inside the suburb, never in the harbour.
    latitude: Number((suburb.latitude + (random.next() - 0.5) * 0.01).toFixed(6)),
    longitude: Number((suburb.longitude + (random.next() - 0.5) * 0.012).toFixed(6)),
    round,
    planDays: drawPlanDays(random),
  };
}

function indexOfSourceId(sourceId: string): number | null {
  const index = Number(sourceId) - firstClientId;
  return Number.isInteger(index) && index >= 0 && index < maxClients ? index : null;
}

/** The demo round of a simulator client (by its AlayaCare id), or null for an id the simulator never makes. */
export function demoRoundOfClient(sourceId: string): DemoRoundName | null {
  const index = indexOfSourceId(sourceId);
  return index === null ? null : (demoRoundNames[index % demoRoundNames.length] ?? null);
}

/** The ISO weekdays (1 = Monday ... 5 = Friday) a simulator client has meals; null for an unknown id. */
export function demoPlanOfClient(sourceId: string, seed = defaultDemoSeed): number[] | null {
  const index = indexOfSourceId(sourceId);
  return index === null ? null : generateDemoClient(index, seed).planDays;
}

export function generateDemoClients(count: number, seed = defaultDemoSeed): SimClient[] {
  if (!Number.isInteger(count) || count < 0 || count > maxClients) {
    throw new RangeError(`The simulator seeds 0 to ${maxClients} clients, not ${count}.`);
  }
  return Array.from({ length: count }, (_, index) => generateDemoClient(index, seed));
}

/** A meal drop-off is short: a hand-over and a word, a little longer now and then. */
function drawDuration(client: SimClient, date: string, seed: number): number {
  return createRandom(seed, 2, client.index, getDayNumber(date)).pick([5, 5, 5, 10, 10]);
}

function generateVisit(
  client: SimClient,
  date: string,
  times: { dayStartMs: number; startMinutes: number; duration: number },
  today: string,
  seed: number,
) {
  const dayNumber = getDayNumber(date);
  const random = createRandom(seed, 3, client.index, dayNumber);
  const isPast = date < today;
  let status: SimVisitStatus = isPast ? 'completed' : 'scheduled';
  let cancelCode: SimCancelCode | null = null;
  if (!isPast && client.status === 'on_hold') [status, cancelCode] = ['on_hold', onHold];
  else if (random.isChance(isPast ? 0.03 : 0.015)) [status, cancelCode] = ['cancelled', clientCancellation];
  const visit: SimVisit = {
    id: (dayNumber - visitIdEpoch) * 100_000 + client.index,
    clientId: client.id,
    serviceId: client.serviceId,
    serviceCodeId: mealServiceCodeId,
    startMs: times.dayStartMs + times.startMinutes * 60_000,
    endMs: times.dayStartMs + (times.startMinutes + times.duration) * 60_000,
    status,
    cancelCode,
    tags: [demoVisitTag],
    isLocked: status === 'completed',
  };
  return visit;
}

/** One round's visits of a day, booked one after another with the drive between them. */
function generateRoundDay(
  roundClients: readonly SimClient[],
  date: string,
  dayStartMs: number,
  today: string,
  seed: number,
): SimVisit[] {
  const durations = new Map(roundClients.map((client) => [client.index, drawDuration(client, date, seed)]));
  const starts = scheduleDemoRoundDay(
    roundClients.map((client) => ({
      key: client.index,
      latitude: client.latitude,
      longitude: client.longitude,
      durationMinutes: durations.get(client.index) ?? 10,
    })),
  );
  return roundClients.map((client) =>
    generateVisit(
      client,
      date,
      {
        dayStartMs,
        startMinutes: starts.get(client.index) ?? demoRoundStartMinutes,
        duration: durations.get(client.index) ?? 10,
      },
      today,
      seed,
    ),
  );
}

export type VisitSeedRange = { today: string; weeksBefore: number; weeksAfter: number };

/**
 * One meal visit per meal client per plan day, from weeksBefore before today to weeksAfter after it; each round's
 * visits of a day follow one another (see scheduleDemoRoundDay).
 */
export function generateDemoVisits(clients: SimClient[], range: VisitSeedRange, seed = defaultDemoSeed) {
  const mealClients = clients.filter((client) => client.tags.includes(demoClientTag));
  const visits: SimVisit[] = [];
  for (let day = -7 * range.weeksBefore; day <= 7 * range.weeksAfter; day += 1) {
    const date = addDays(range.today, day);
    const weekday = getIsoWeekday(date);
    // Visits are late morning, hours from any daylight-saving change: the offset at noon holds all day.
    const offsetMinutes = getOffsetMinutes(toInstantMs(date, '12:00', demoTimeZone), demoTimeZone);
    const dayStartMs = Date.parse(`${date}T00:00:00Z`) - offsetMinutes * 60_000;
    const dayClients = mealClients.filter((client) => client.planDays.includes(weekday));
    for (const round of demoRoundNames) {
      const roundClients = dayClients.filter((client) => client.round === round);
      visits.push(...generateRoundDay(roundClients, date, dayStartMs, range.today, seed));
    }
  }
  return visits;
}
