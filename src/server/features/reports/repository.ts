import { and, asc, between, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { findOpenClash } from '../../../domain/allergen-clash';
import type { HoldSpan } from '../../../domain/holds';
import type { Database } from '../../db/client';
import { isClientDayCancelled } from '../../db/cancelled-day-sql';
import { clientRoundOn, visitRoundOf } from '../../db/day-round-sql';
import { aliasedHold, holdOverlaps, isClientHeldOn, isClientHeldOnWithin } from '../../db/held-sql';
import { isOwnClient } from '../../db/own-client-sql';
import { rounds } from '../../db/schema/accounts';
import { clientDays, clients, mealCategories, visits } from '../../db/schema/clients';
import { meals } from '../../db/schema/meals';

/** A counted order (report-rules.ts): one meal of one client on one day. */
export type CountedOrderRow = {
  clientId: number;
  /** YYYY-MM-DD. */
  date: string;
  mealId: number;
  quantity: number;
  mealState: string;
  cookDeliver: string;
  comment: string;
  isDelivered: boolean;
  /** The client as the packing list shows it. */
  client: { name: string; roundId: number | null; dietaryRequirements: string };
  /**
   * The meal's allergens the client is allergic to when the choice was not overridden (domain findOpenClash):
   * every list that hands the meal over flags them on the client's line; empty when there is nothing to act on.
   */
  allergenClash: string[];
};

/**
 * A client's portions in a window: `ordered[i]`, `delivered[i]` and `held[i]` (chosen on a held day) on `dates[i]`
 * (YYYY-MM-DD).
 */
export type ClientMonth = {
  id: number;
  name: string;
  dates: string[];
  ordered: number[];
  delivered: number[];
  held: number[];
};

/** Portions of one key (a meal or a client) on one day. */
export type DaySum = { key: number; date: string; ordered: number; delivered: number };

function toDaySum([key, date, ordered, delivered]: [number, string, number, number]): DaySum {
  // sum() of integers is a bigint, which may cross as a string.
  return { key, date, ordered: Number(ordered), delivered: Number(delivered) };
}

/** A row's day (`date`) of the account's, which the query keeps from `from` to `to` (YYYY-MM-DD). */
type DayWindow = { accountId: number; date: SQL; from: string; to: string };

/** Is the client `cl` on hold on the window's day (isClientHeldOn, bounded by the window for speed)? */
const isHeldOn = ({ accountId, date, from, to }: DayWindow) =>
  isClientHeldOnWithin(accountId, sql`cl.id`, date, from, to);

/*
 * The counting rules of src/domain/report-rules.ts (isOrderCounted, isOrderDelivered, isOrderHeld) in SQL, the one place the
 * server applies them (counted-orders.test.ts checks them against the domain functions), over a client_days row
 * `d` (the day's visits by status, kept by triggers) and its client `cl`: a meal choice counts unless its client
 * is hidden, the client is on hold that day (a client_holds row covers it; domain/holds.ts), or the client's
 * visits that day are all cancelled (at least one visit, every one cancelled); it is delivered when the client has
 * a completed visit that day. Applied in SQL so the month reports aggregate in the database instead of moving
 * every choice out of it.
 */
const isDayCounted = (window: DayWindow) =>
  sql`not cl.is_hidden and not ${isHeldOn(window)}
    and not ${isClientDayCancelled(sql`d.visits`, sql`d.cancelled_visits`)}`;
const isDayDelivered = sql`coalesce(d.completed_visits, 0) > 0`;
/** A visible client on hold that day: the day's choices show as held in the delivered reports. */
const isDayHeld = (window: DayWindow) => sql`not cl.is_hidden and ${isHeldOn(window)}`;

/**
 * The counted meal choices from `from` to `to` (YYYY-MM-DD), optionally only of one round's clients or of some
 * clients, as `counted`. `round_id` is the round carrying the client that day (the day planner's assignment, else
 * the client's own).
 */
export function countedChoices(
  accountId: number,
  from: string,
  to: string,
  only: { roundId?: number; clientIds?: number[] } = {},
): SQL {
  const dayRound = clientRoundOn(sql`c.client_id`, sql`c.date`, sql`cl.round_id`);
  const inRound = only.roundId === undefined ? sql`` : sql`and ${dayRound} = ${only.roundId}`;
  const { clientIds } = only;
  const ofClients =
    clientIds === undefined
      ? sql``
      : sql`and c.client_id in (${
          clientIds.length === 0
            ? sql`null`
            : sql.join(
                clientIds.map((id) => sql`${id}`),
                sql`, `,
              )
        })`;
  return sql`(select c.client_id, c.date, c.meal_id, c.quantity, c.meal_state, c.cook_deliver, c.comment,
      ${isDayDelivered} as delivered, cl.name as client_name, ${dayRound} as round_id, cl.dietary_requirements,
      cl.allergies as client_allergies, c.allergen_override
    from client_meal_choices c
    join clients cl on cl.id = c.client_id and cl.account_id = c.account_id
    left join client_days d on d.client_id = c.client_id and d.date = c.date
      and d.account_id = ${accountId} and d.date between ${from} and ${to}
    where c.account_id = ${accountId} and c.date between ${from} and ${to} ${inRound} ${ofClients}
      and ${isDayCounted({ accountId, date: sql`c.date`, from, to })}) as counted`;
}

export type ReportClientRow = {
  id: number;
  name: string;
  roundId: number | null;
  isHidden: boolean;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  labels: string[];
  dietaryRequirements: string;
  deliveryInstructions: string;
  planDow: number[];
  allergies: string[];
};

/** A client as ReportClientRow, built in SQL (see readTuples). */
const clientObject = sql`json_build_object('id', id, 'name', name, 'roundId', round_id, 'isHidden', is_hidden,
  'phone', phone, 'address', address, 'city', city, 'state', state, 'zip', zip, 'labels', labels,
  'dietaryRequirements', dietary_requirements, 'deliveryInstructions', delivery_instructions, 'planDow', plan_dow,
  'allergies', allergies)`;

/**
 * Rows of a query that selects one json_build_array per row, fetched as a single JSON array: PGlite hands rows
 * over one by one at tens of microseconds each (seconds for a month of 5,000 clients), one JSON value at once.
 */
async function readTuples<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(
    sql`select coalesce(json_agg(t.row), '[]'::json) as rows from (${query}) as t(row)`,
  )) as unknown as { rows: { rows: T[] | string }[] };
  const value = result.rows[0]?.rows ?? [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

export function createReportsRepository(db: Database) {
  return {
    /** The account's rounds, the first (lowest id) first: its timezone is the account's. */
    listRounds(accountId: number) {
      return db
        .select({
          id: rounds.id,
          name: rounds.name,
          address: rounds.address,
          pickupTime: rounds.pickupTime,
          timezone: rounds.timezone,
        })
        .from(rounds)
        .where(eq(rounds.accountId, accountId))
        .orderBy(asc(rounds.id));
    },

    listCategories(accountId: number) {
      return db
        .select({
          id: mealCategories.id,
          key: mealCategories.key,
          name: mealCategories.name,
          position: mealCategories.position,
        })
        .from(mealCategories)
        .where(eq(mealCategories.accountId, accountId))
        .orderBy(asc(mealCategories.position), asc(mealCategories.name));
    },

    /** Every meal of the account, active or not: an order of a meal since retired still has to be cooked. */
    listMeals(accountId: number) {
      return db
        .select({
          id: meals.id,
          key: meals.key,
          description: meals.description,
          categoryId: meals.categoryId,
          mealState: meals.mealState,
          labels: meals.labels,
          allergens: meals.allergens,
          reheatingInstructions: meals.reheatingInstructions,
        })
        .from(meals)
        .where(eq(meals.accountId, accountId));
    },

    /**
     * The counted orders (report-rules.ts) from `from` to `to` (YYYY-MM-DD, both included), one per client, day
     * and meal; optionally only of the clients on one round. For a day's lists: the packing list, the round sheets.
     */
    async listCountedOrders(
      accountId: number,
      from: string,
      to: string,
      roundId?: number,
    ): Promise<CountedOrderRow[]> {
      type Tuple = [
        number,
        string,
        number,
        number,
        string,
        string,
        string,
        boolean,
        string,
        number | null,
        string,
        string[],
        string[],
        string | null,
      ];
      const rows = await readTuples<Tuple>(
        db,
        sql`select json_build_array(counted.client_id, counted.date, counted.meal_id, counted.quantity,
            counted.meal_state, counted.cook_deliver, counted.comment, counted.delivered, counted.client_name,
            counted.round_id, counted.dietary_requirements, m.allergens, counted.client_allergies,
            counted.allergen_override)
          from ${countedChoices(accountId, from, to, { roundId })} join meals m on m.id = counted.meal_id`,
      );
      return rows.map((row) => ({
        clientId: row[0],
        date: row[1],
        mealId: row[2],
        quantity: row[3],
        mealState: row[4],
        cookDeliver: row[5],
        comment: row[6],
        isDelivered: row[7],
        client: { name: row[8], roundId: row[9], dietaryRequirements: row[10] },
        allergenClash: findOpenClash(row[11], row[12], row[13]),
      }));
    },

    /** Counted portions per meal and day: [ordered, delivered]. */
    async sumCountedByMealDay(accountId: number, from: string, to: string): Promise<DaySum[]> {
      const rows = await readTuples<[number, string, number, number]>(
        db,
        sql`select json_build_array(meal_id, date, sum(quantity), coalesce(sum(quantity) filter (where delivered), 0))
          from ${countedChoices(accountId, from, to)} group by meal_id, date`,
      );
      return rows.map(toDaySum);
    },

    /**
     * Each client with counted or held portions in the window, with those days (YYYY-MM-DD) and the portions
     * ordered, delivered and held on each: read from client_days, no choice touched, one row per client.
     */
    async sumCountedByClient(accountId: number, from: string, to: string): Promise<ClientMonth[]> {
      const day = { accountId, date: sql`d.date`, from, to };
      const rows = await readTuples<[number, string, string[], number[], number[], number[]]>(
        db,
        sql`select json_build_array(client_id, name, array_agg(date), array_agg(case when counted then portions else 0 end),
            array_agg(case when counted and delivered then portions else 0 end),
            array_agg(case when held then portions else 0 end))
          from (select d.client_id, cl.name, d.date, d.portions, ${isDayCounted(day)} as counted,
              ${isDayDelivered} as delivered, ${isDayHeld(day)} as held
            from client_days d join clients cl on cl.id = d.client_id and cl.account_id = d.account_id
            where d.account_id = ${accountId} and d.date between ${from} and ${to} and d.choices > 0) as day
          where counted or held
          group by client_id, name`,
      );
      return rows.map(([id, name, dates, ordered, delivered, held]) => ({
        id,
        name,
        dates,
        ordered,
        delivered,
        held,
      }));
    },

    /** Portions chosen on held days (isDayHeld) per meal and day, as `ordered` (nothing is delivered). */
    async sumHeldByMealDay(accountId: number, from: string, to: string): Promise<DaySum[]> {
      const rows = await readTuples<[number, string, number, number]>(
        db,
        sql`select json_build_array(c.meal_id, c.date, sum(c.quantity), 0)
          from client_meal_choices c join clients cl on cl.id = c.client_id and cl.account_id = c.account_id
          where c.account_id = ${accountId} and c.date between ${from} and ${to}
            and ${isDayHeld({ accountId, date: sql`c.date`, from, to })}
          group by c.meal_id, c.date`,
      );
      return rows.map(toDaySum);
    },

    /**
     * The kitchen week in one pass: counted portions per meal and day, and the clients with a counted order per
     * day and in the whole window (grouping sets, so the rules run once).
     */
    async sumKitchenWeek(
      accountId: number,
      from: string,
      to: string,
    ): Promise<{ mealDays: DaySum[]; clients: { perDay: Map<string, number>; total: number } }> {
      const rows = await readTuples<[number | null, string | null, number, number, number]>(
        db,
        sql`select json_build_array(meal_id, date, sum(quantity), count(distinct client_id), grouping(meal_id, date))
          from ${countedChoices(accountId, from, to)}
          group by grouping sets ((meal_id, date), (date), ())`,
      );
      const mealDays: DaySum[] = [];
      const perDay = new Map<string, number>();
      let total = 0;
      for (const [mealId, date, portions, clientCount, grouping] of rows) {
        // grouping(): 0 for a meal and day, 2 for a day (meal rolled up), 3 for the whole window.
        if (grouping === 0 && mealId !== null && date !== null) {
          mealDays.push({ key: mealId, date, ordered: Number(portions), delivered: 0 });
        } else if (grouping === 2 && date !== null) perDay.set(date, Number(clientCount));
        else if (grouping === 3) total = Number(clientCount);
      }
      return { mealDays, clients: { perDay, total } };
    },

    /**
     * The first day from `from` to `to` (YYYY-MM-DD) on which a visible client of the account has a visit that goes
     * out (not cancelled) or meals chosen; null when there is none.
     */
    async findFirstDeliveryDay(accountId: number, from: string, to: string): Promise<string | null> {
      const [row] = await db
        .select({ date: sql<string | null>`min(${clientDays.date})` })
        .from(clientDays)
        .innerJoin(clients, isOwnClient(clientDays))
        .where(
          and(
            eq(clientDays.accountId, accountId),
            between(clientDays.date, from, to),
            eq(clients.isHidden, false),
            or(gt(clientDays.choices, 0), gt(clientDays.visits, clientDays.cancelledVisits)),
          ),
        );
      return row?.date ?? null;
    },

    /**
     * The visible clients with, per day from `from` to `to`, the portions chosen (the meal choices report: choices
     * as chosen, no visit rule), with their holds in the window. One JSON row per client, its days with meals as
     * two arrays, days after `from` and portions; `portions` answers them by day of the window (0 when none).
     * An object keyed by date (json_object_agg) made the query half as long again over 5,000 clients' month.
     */
    async listClientChoiceCounts(accountId: number, from: string, to: string) {
      type Tuple = [number, string, number[], number[] | null, number[] | null, HoldSpan[] | null];
      const rows = await readTuples<Tuple>(
        db,
        sql`select json_build_array(cl.id, cl.name, cl.plan_dow, s.days, s.portions, (
            select json_agg(json_build_object('fromDate', h.from_date, 'toDate', h.to_date)) from client_holds h
            where h.client_id = cl.id and ${holdOverlaps(aliasedHold, from, to)}))
          from clients cl
          left join (
            select client_id, array_agg(date::date - ${from}::date) as days, array_agg(portions) as portions
            from client_days
            where account_id = ${accountId} and date between ${from} and ${to} and choices > 0
            group by client_id
          ) as s on s.client_id = cl.id
          where cl.account_id = ${accountId} and not cl.is_hidden`,
      );
      return rows.map(([id, name, planDow, days, portions, holds]) => {
        const byDay: number[] = [];
        days?.forEach((day, index) => {
          byDay[day] = portions?.[index] ?? 0;
        });
        return { id, name, planDow, portions: byDay, holds: holds ?? [] };
      });
    },

    /**
     * The account's clients the round carries on a day (hidden ones too: the rules leave their meals out): its own
     * clients and those the day planner moved onto it, not those it moved off.
     */
    async listRoundClients(accountId: number, roundId: number, date: string): Promise<ReportClientRow[]> {
      const dayRound = clientRoundOn(sql`clients.id`, sql`${date}`, sql`clients.round_id`);
      return readTuples<ReportClientRow>(
        db,
        sql`select ${clientObject} from clients where account_id = ${accountId} and ${dayRound} = ${roundId}`,
      );
    },

    /** These visits, if they belong to the account, with their round that day and whether it is on hold then. */
    findVisits(accountId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: visits.id,
          clientId: visits.clientId,
          date: visits.date,
          status: visits.status,
          roundId: visitRoundOf(sql`${visits.id}`, sql`${clients.roundId}`),
          isHeld: sql<boolean>`${isClientHeldOn(sql`${visits.clientId}`, sql`${visits.date}`)}`,
        })
        .from(visits)
        .innerJoin(clients, isOwnClient(visits))
        .where(and(eq(visits.accountId, accountId), inArray(visits.id, ids)));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
