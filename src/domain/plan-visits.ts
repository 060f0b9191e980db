import { addDays, getIsoWeekday, toZonedIso } from './zoned-time';

/*
 * Plan to visits: without a CRM, MealRounds makes each client's delivery visits itself (docs/product-rules.md,
 * "Visits without a CRM"). A client on a round gets one visit on every day of its plan (plan_dow, Monday first)
 * from the first to the last date of the horizon; a discharged client or one on no round gets none. A round's
 * visits of a day take consecutive slots of `planSlotMinutes` from its pickup time, in the round's preferred
 * delivery order (clients not in that list after it, by name), so a day reads in the order it will be driven
 * before anyone optimises it.
 */

/** How long each planned visit lasts, and the step between one client's slot and the next. */
export const planSlotMinutes = 10;

/** How many weeks ahead the visits are made when the account does not say (visit_horizon_weeks). */
export const defaultVisitHorizonWeeks = 4;
export const visitHorizonWeeksRange = { min: 1, max: 12 } as const;

export type PlanClient = {
  /** The client's key (its source id), the preferred delivery order's unit. */
  key: string;
  name: string;
  /** Seven flags, Monday first; 1 = delivery day. */
  planDow: readonly number[];
  roundId: number | null;
  isDischarged: boolean;
};

export type PlanRound = {
  id: number;
  /** HH:MM. */
  pickupTime: string;
  timezone: string;
  /** The round's preferred delivery order (client keys). */
  preferredKeys: readonly string[];
};

export type PlannedVisit = {
  clientKey: string;
  roundId: number;
  /** YYYY-MM-DD, the round's local date. */
  date: string;
  /** ISO 8601 with the round's offset on that day. */
  start: string;
  end: string;
};

/** The dates from `fromDate` to `toDate`, both included (none when the range is empty). */
export function listDates(fromDate: string, toDate: string): string[] {
  const dates: string[] = [];
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The last day of a horizon of `weeks` weeks that starts today (today counts as its first day). */
export function getHorizonEnd(today: string, weeks: number): string {
  return addDays(today, weeks * 7 - 1);
}

function isPlanDay(planDow: readonly number[], date: string): boolean {
  return planDow[getIsoWeekday(date) - 1] === 1;
}

/** The round's clients in its preferred order, the others after them by name (then key, for a stable order). */
export function orderRoundClients<T extends Pick<PlanClient, 'key' | 'name'>>(
  clients: readonly T[],
  preferredKeys: readonly string[],
): T[] {
  const rank = new Map(preferredKeys.map((key, index) => [key, index]));
  return [...clients].sort(
    (a, b) =>
      (rank.get(a.key) ?? preferredKeys.length) - (rank.get(b.key) ?? preferredKeys.length) ||
      a.name.localeCompare(b.name) ||
      a.key.localeCompare(b.key),
  );
}

/** The clock time `minutes` after HH:MM, past midnight kept as more hours (a slot never wraps to the morning). */
function addClockMinutes(time: string, minutes: number): { dayOffset: number; time: string } {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const total = hour * 60 + minute + minutes;
  const inDay = total % (24 * 60);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    dayOffset: Math.floor(total / (24 * 60)),
    time: `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}`,
  };
}

function toSlotIso(date: string, pickupTime: string, minutes: number, timezone: string): string {
  const clock = addClockMinutes(pickupTime, minutes);
  return toZonedIso(addDays(date, clock.dayOffset), clock.time, timezone);
}

/** The visits the plans call for from `fromDate` to `toDate` (both included), per round and day in slot order. */
export function planVisits(input: {
  clients: readonly PlanClient[];
  rounds: readonly PlanRound[];
  fromDate: string;
  toDate: string;
}): PlannedVisit[] {
  const dates = listDates(input.fromDate, input.toDate);
  return input.rounds.flatMap((round) => {
    const onRound = input.clients.filter((client) => client.roundId === round.id && !client.isDischarged);
    const ordered = orderRoundClients(onRound, round.preferredKeys);
    return dates.flatMap((date) =>
      ordered
        .filter((client) => isPlanDay(client.planDow, date))
        .map((client, slot) => ({
          clientKey: client.key,
          roundId: round.id,
          date,
          start: toSlotIso(date, round.pickupTime, slot * planSlotMinutes, round.timezone),
          end: toSlotIso(date, round.pickupTime, (slot + 1) * planSlotMinutes, round.timezone),
        })),
    );
  });
}
